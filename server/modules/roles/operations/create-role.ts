import { createRoleBody } from '../../../../resources/role.js';
import { defineRoute } from '../../../http/route.js';
import { roleScopeParams } from '../role-scope.js';
import { createRole as create } from '../role-service.js';

export const createRole = defineRoute({
  method: 'POST',
  url: '/roles/:scopeType/:scopeId',
  access: 'user',
  status: 201,
  summary: 'Create a custom role (needs roles:manage in that company); answers the role',
  tags: ['roles'],
  params: roleScopeParams,
  body: createRoleBody,
  handler: ({ actor, services, params, body }) => create(services, actor, params, body),
});
