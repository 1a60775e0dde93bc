import { invitationTokenParams } from '../../../../resources/member.js';
import { defineRoute } from '../../../http/route.js';
import { acceptInvitation as accept } from '../invitation-service.js';

export const acceptInvitation = defineRoute({
  method: 'PATCH',
  url: '/memberships/invitations/:token/accept',
  access: 'user',
  summary: "Accept a member invitation sent to the signed-in user's e-mail (403 for another e-mail, 400 when used or expired); answers the membership",
  tags: ['members'],
  params: invitationTokenParams,
  handler: ({ services, actor, params }) => accept(services, actor, params.token),
});
