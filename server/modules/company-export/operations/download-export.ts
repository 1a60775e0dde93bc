import { companyExportParams } from '../../../../resources/company-export.js';
import { defineRoute } from '../../../http/route.js';
import { downloadExport as download } from '../export-service.js';

export const downloadExport = defineRoute({
  method: 'GET',
  url: '/companies/:id/exports/:exportId/download',
  access: { company: 'id', permission: 'companies:manage' },
  summary: "A finished export's zip, streamed with Range support (needs companies:manage in that company); 409 before it is written, 410 once expired",
  tags: ['companies'],
  params: companyExportParams,
  handler: ({ services, company, params, req, reply }) => download(services, company, params.exportId, req, reply),
});
