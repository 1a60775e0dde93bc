import { defineRoute } from '../../../http/route.js';
import { idParams } from '../partnership-params.js';
import { getPartnership as get } from '../partnership-service.js';

export const getPartnership = defineRoute({
  method: 'GET',
  url: '/partnerships/get/:id',
  access: { permission: 'partnerships:view' },
  summary: 'One partnership of the active company, from either side (checked in the service: 404 when the company takes no part in it)',
  tags: ['partnerships'],
  params: idParams,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});
