import { defineRoute } from '../../../http/route.js';
import { idParams } from '../partnership-params.js';
import { deletePartnership as remove } from '../partnership-service.js';

export const deletePartnership = defineRoute({
  method: 'DELETE',
  url: '/partnerships/delete/:id',
  access: { permission: 'partnerships:manage' },
  summary: 'End a partnership (checked in the service: only the company that made it, 403 for the partner, 404 for others)',
  tags: ['partnerships'],
  params: idParams,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});
