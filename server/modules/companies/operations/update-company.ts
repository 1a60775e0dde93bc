import { updateCompanyBody } from '../../../../resources/company.js';
import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../company-params.js';
import { updateCompany as update } from '../company-service.js';

export const updateCompany = defineRoute({
  method: 'PATCH',
  url: '/companies/:id',
  access: { company: 'id', permission: 'companies:manage' },
  summary: 'Edit a company (needs companies:manage in that company); answers the company',
  tags: ['companies'],
  params: companyParams,
  body: updateCompanyBody,
  handler: ({ actor, services, company, body }) => update(services, actor, company, body),
});
