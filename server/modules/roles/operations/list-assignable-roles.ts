import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { companyRolesParams } from '../role-params.js';
import { companyScope, listRoles } from '../role-service.js';

export const listAssignableRoles = defineRoute({
  method: 'GET',
  url: '/roles/company/:companyId/assignable',
  access: { company: 'companyId' },
  summary: 'The roles that may be handed to members, Owner excluded (needs membership in that company; paged list)',
  tags: ['roles'],
  params: companyRolesParams,
  query: listQuery,
  handler: async ({ services, company, query, reply }) => sendPage(reply, await listRoles(services, companyScope(company.companyId), query, true)),
});
