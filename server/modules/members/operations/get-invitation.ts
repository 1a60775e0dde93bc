import { invitationTokenParams } from '../../../../resources/member.js';
import { defineRoute } from '../../../http/route.js';
import { getInvitation as get } from '../invitation-service.js';

export const getInvitation = defineRoute({
  method: 'GET',
  url: '/memberships/invitations/:token',
  access: 'public',
  summary: 'What a member invitation link offers: company, invitee, role (404 for an unknown, used or expired token)',
  tags: ['members'],
  params: invitationTokenParams,
  handler: ({ services, params }) => get(services, params.token),
});
