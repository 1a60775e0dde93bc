import { companyExportsParams } from '../../../../resources/company-export.js';
import { defineRoute } from '../../../http/route.js';
import { startExport as start } from '../export-service.js';

export const startExport = defineRoute({
  method: 'POST',
  url: '/companies/:id/exports',
  access: { company: 'id', permission: 'companies:manage' },
  status: 202,
  summary:
    "Export all of the company's data (needs companies:manage in that company, which owners hold): a zip of one JSON file per kind of row, the files' bytes and a manifest, written in the background. Answers 202 with the export; 409 while another export of the company is queued or running",
  tags: ['companies'],
  params: companyExportsParams,
  handler: ({ actor, services, company }) => start(services, actor, company),
});
