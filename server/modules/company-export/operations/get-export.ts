import { companyExportParams } from '../../../../resources/company-export.js';
import { defineRoute } from '../../../http/route.js';
import { readExport } from '../export-service.js';

export const getExport = defineRoute({
  method: 'GET',
  url: '/companies/:id/exports/:exportId',
  access: { company: 'id', permission: 'companies:manage' },
  summary: "One data export of the company: status, steps done of total, the error if it failed, and a signed download link while it lasts (needs companies:manage in that company; another company's export is 404)",
  tags: ['companies'],
  params: companyExportParams,
  handler: ({ services, company, params }) => readExport(services, company, params.exportId),
});
