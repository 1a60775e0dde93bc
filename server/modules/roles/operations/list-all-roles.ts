import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { roleScopeParams } from '../role-scope.js';
import { listRoles } from '../role-service.js';

export const listAllRoles = defineRoute({
  method: 'GET',
  url: '/roles/:scopeType/:scopeId/all',
  access: 'user',
  summary: 'Every role of a company (needs membership in that company; project scope: 404 until projects exist)',
  tags: ['roles'],
  params: roleScopeParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listRoles(services, actor, params, query, false)),
});
