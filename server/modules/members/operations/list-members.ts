import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listMembers as list } from '../member-list.js';
import { companyParams } from '../member-params.js';

export const listMembers = defineRoute({
  method: 'GET',
  url: '/companies/:id/memberships',
  access: { company: 'id', permission: 'memberships:manage' },
  summary: "The company's members, invited and declined ones included, with role, crews and categories (paged list)",
  tags: ['members'],
  params: companyParams,
  query: listQuery,
  cache: 'company',
  handler: async ({ services, company, query, reply }) => sendPage(reply, await list(services, company, query)),
});
