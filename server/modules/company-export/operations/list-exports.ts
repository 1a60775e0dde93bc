import { companyExportsParams } from '../../../../resources/company-export.js';
import { defineRoute } from '../../../http/route.js';
import { listExports as list } from '../export-service.js';

export const listExports = defineRoute({
  method: 'GET',
  url: '/companies/:id/exports',
  access: { company: 'id', permission: 'companies:manage' },
  summary: "The company's latest data exports, newest first, with their progress and, while they last, their download links (needs companies:manage in that company)",
  tags: ['companies'],
  params: companyExportsParams,
  handler: ({ services, company }) => list(services, company),
});
