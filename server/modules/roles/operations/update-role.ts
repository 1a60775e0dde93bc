import { updateRoleBody } from '../../../../resources/role.js';
import { defineRoute } from '../../../http/route.js';
import { roleParams } from '../role-scope.js';
import { updateRole as update } from '../role-service.js';

export const updateRole = defineRoute({
  method: 'PATCH',
  url: '/roles/:scopeType/:scopeId/:id',
  access: 'user',
  summary: 'Rename a custom role or change a role\'s permissions (needs roles:manage in that company; Owner is fixed)',
  tags: ['roles'],
  params: roleParams,
  body: updateRoleBody,
  handler: ({ actor, services, params, body }) => update(services, actor, params, params.id, body),
});
