import { addPartnerBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { addExistingPartner } from '../partnership-creation.js';
import { typeParams } from '../partnership-params.js';

export const addPartner = defineRoute({
  method: 'POST',
  url: '/partnerships/add/:type',
  access: { permission: 'partnerships:manage' },
  status: 201,
  summary: 'Make an existing company (guestCompanyId) a client or subcontractor of the active company; 409 when it already is',
  tags: ['partnerships'],
  params: typeParams,
  body: addPartnerBody,
  handler: ({ actor, services, params, body }) => addExistingPartner(services, actor, params.type, body),
});
