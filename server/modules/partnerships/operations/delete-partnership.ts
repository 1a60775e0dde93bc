import { defineRoute } from '../../../http/route.js';
import { idParams } from '../partnership-params.js';
import { endPartnership } from '../partnership-service.js';

export const deletePartnership = defineRoute({
  method: 'DELETE',
  url: '/partnerships/delete/:id',
  access: { permission: 'partnerships:manage' },
  summary:
    'End a partnership (either side), or withdraw a request or invitation not answered yet (the asking side). Both sides keep their rows and see it ended; 409 when it already ended or was declined, 404 for others',
  tags: ['partnerships'],
  params: idParams,
  handler: ({ actor, services, params }) => endPartnership(services, actor, params.id),
});
