import { declineInvitationBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { idParams } from '../partnership-params.js';
import { acceptRequest as accept, declineRequest as decline } from '../partnership-requests.js';

export const acceptRequest = defineRoute({
  method: 'PATCH',
  url: '/partnerships/:id/accept',
  access: { permission: 'partnerships:manage' },
  summary: 'Accept a request to work together (empty body; the asked company only, 403 for the asking one); answers the partnership, now active',
  tags: ['partnerships'],
  params: idParams,
  handler: ({ actor, services, params }) => accept(services, actor, params.id),
});

export const declineRequest = defineRoute({
  method: 'PATCH',
  url: '/partnerships/:id/decline',
  access: { permission: 'partnerships:manage' },
  summary: 'Decline a request to work together with a reason, kept for both companies (the asked company only); answers the partnership',
  tags: ['partnerships'],
  params: idParams,
  body: declineInvitationBody,
  handler: ({ actor, services, params, body }) => decline(services, actor, params.id, body),
});
