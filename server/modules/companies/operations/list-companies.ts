import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listCompanies as list } from '../company-service.js';

export const listCompanies = defineRoute({
  method: 'GET',
  url: '/companies',
  access: 'user',
  summary: 'The companies the user is a member of, with the role held in each (paged list)',
  tags: ['companies'],
  query: listQuery,
  cache: 'user',
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
