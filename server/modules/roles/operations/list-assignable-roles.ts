import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { roleScopeParams } from '../role-scope.js';
import { listRoles } from '../role-service.js';

export const listAssignableRoles = defineRoute({
  method: 'GET',
  url: '/roles/:scopeType/:scopeId/assignable',
  access: 'user',
  summary: 'The roles that may be handed to members, Owner excluded (needs membership in that company)',
  tags: ['roles'],
  params: roleScopeParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listRoles(services, actor, params, query, true)),
});
