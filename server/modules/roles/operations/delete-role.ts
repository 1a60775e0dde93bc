import { defineRoute } from '../../../http/route.js';
import { roleParams } from '../role-scope.js';
import { deleteRole as remove } from '../role-service.js';

export const deleteRole = defineRoute({
  method: 'DELETE',
  url: '/roles/:scopeType/:scopeId/:id',
  access: 'user',
  summary: 'Delete a custom role no member holds (needs roles:manage in that company)',
  tags: ['roles'],
  params: roleParams,
  handler: ({ actor, services, params }) => remove(services, actor, params, params.id),
});
