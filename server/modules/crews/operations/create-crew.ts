import { createCrewBody } from '../../../../resources/crew.js';
import { defineRoute } from '../../../http/route.js';
import { createCrew as create } from '../crew-service.js';

export const createCrew = defineRoute({
  method: 'POST',
  url: '/crews',
  access: { permission: 'crews:manage' },
  status: 201,
  summary: 'Create a crew in the active company with its members, leaders and categories; answers the crew',
  tags: ['crews'],
  body: createCrewBody,
  handler: ({ actor, services, body }) => create(services, { userId: actor.user.id, companyId: actor.membership!.companyId }, body),
});
