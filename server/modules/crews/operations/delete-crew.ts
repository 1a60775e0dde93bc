import { defineRoute } from '../../../http/route.js';
import { crewParams } from '../crew-params.js';
import { deleteCrew as remove } from '../crew-service.js';

export const deleteCrew = defineRoute({
  method: 'DELETE',
  url: '/crews/:id',
  access: { company: 'id', of: 'crews', permission: 'crews:manage' },
  summary: 'Delete a crew and its member, leader and category assignments',
  tags: ['crews'],
  params: crewParams,
  handler: ({ actor, services, company, params }) => remove(services, { userId: actor.user.id, companyId: company.companyId }, params.id),
});
