import { defineRoute } from '../../../http/route.js';
import { readImageUpload } from '../../../storage/image-upload.js';
import { companyParams } from '../company-params.js';
import { setCompanyLogo } from '../logo-service.js';

export const uploadCompanyLogo = defineRoute({
  method: 'POST',
  url: '/companies/:id/files',
  access: { company: 'id', permission: 'companies:manage' },
  summary: 'Upload the company logo (multipart: type=logo, file); answers the company',
  tags: ['companies'],
  params: companyParams,
  handler: async ({ actor, services, company, req }) => setCompanyLogo(services, actor, company, await readImageUpload(services, req, 'logo')),
});
