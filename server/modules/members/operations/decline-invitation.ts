import { declineInvitationBody, invitationTokenParams } from '../../../../resources/member.js';
import { defineRoute } from '../../../http/route.js';
import { declineInvitation as decline } from '../invitation-service.js';

export const declineInvitation = defineRoute({
  method: 'PATCH',
  url: '/memberships/invitations/:token/decline',
  access: 'public',
  summary: 'Decline a member invitation, keeping the reason (400 when used or expired)',
  tags: ['members'],
  params: invitationTokenParams,
  body: declineInvitationBody,
  handler: ({ services, actor, params, body }) => decline(services, actor, params.token, body.reason),
});
