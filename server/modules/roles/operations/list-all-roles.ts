import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { companyRolesParams } from '../role-params.js';
import { companyScope, listRoles } from '../role-service.js';

export const listAllRoles = defineRoute({
  method: 'GET',
  url: '/roles/company/:companyId/all',
  access: { company: 'companyId' },
  summary: 'Every role of a company (needs membership in that company; paged list)',
  tags: ['roles'],
  params: companyRolesParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await listRoles(services, companyScope(company.companyId), query, false)),
});
