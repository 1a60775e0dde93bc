import { addPartnerBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { typeParams } from '../partnership-params.js';
import { requestPartnership } from '../partnership-requests.js';

export const addPartner = defineRoute({
  method: 'POST',
  url: '/partnerships/add/:type',
  access: { permission: 'partnerships:manage' },
  status: 201,
  summary:
    'Ask an existing company (guestCompanyId) to become a client or subcontractor of the active company: a request it accepts or declines, showing only its name until then; 409 when one is live already',
  tags: ['partnerships'],
  params: typeParams,
  body: addPartnerBody,
  handler: ({ actor, services, params, body }) => requestPartnership(services, actor, params.type, body),
});
