import { updateCrewBody } from '../../../../resources/crew.js';
import { defineRoute } from '../../../http/route.js';
import { crewParams } from '../crew-params.js';
import { updateCrew as update } from '../crew-service.js';

export const updateCrew = defineRoute({
  method: 'PATCH',
  url: '/crews/:id',
  access: { company: 'id', of: 'crews', permission: 'crews:manage' },
  summary: "Rename a crew or replace its members, leaders or categories (each list sent replaces the crew's)",
  tags: ['crews'],
  params: crewParams,
  body: updateCrewBody,
  handler: ({ actor, services, company, params, body }) =>
    update(services, { userId: actor.user.id, companyId: company.companyId }, params.id, body),
});
