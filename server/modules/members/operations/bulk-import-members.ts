import { defineRoute } from '../../../http/route.js';
import { importMembers } from '../bulk/bulk-import.js';
import { readBulkUpload } from '../bulk/bulk-upload.js';
import { companyParams } from '../member-params.js';

export const bulkImportMembers = defineRoute({
  method: 'POST',
  url: '/companies/:id/memberships/bulk',
  access: { company: 'id', permission: 'memberships:manage' },
  sessionOnly: true,
  summary:
    'Invite members from a CSV or XLSX file (multipart: file, type=members; columns name, email, phone, country, state, role); each row all or nothing; answers { added, refused }',
  tags: ['members'],
  params: companyParams,
  handler: async ({ services, actor, company, req }) => importMembers(services, actor, company, await readBulkUpload(services, req)),
});
