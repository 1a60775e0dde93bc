import { declineInvitationBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { declineInvitation as decline } from '../invitation-service.js';
import { tokenParams } from '../partnership-params.js';

export const declineInvitation = defineRoute({
  method: 'PATCH',
  url: '/partnerships/invitations/:token/decline',
  access: 'public',
  summary: 'Decline a partner invitation with a reason, kept for the inviting company; the token is the credential',
  tags: ['partnerships'],
  params: tokenParams,
  body: declineInvitationBody,
  handler: ({ actor, services, params, body }) => decline(services, actor, params.token, body),
});
