import { defineRoute } from '../../../http/route.js';
import { invitationDetails as details } from '../invitation-service.js';
import { tokenParams } from '../partnership-params.js';

export const invitationDetails = defineRoute({
  method: 'GET',
  url: '/partnerships/invitations/:token',
  access: 'public',
  summary: 'A partner invitation by its token: both companies, the guest type and whether it is still open',
  tags: ['partnerships'],
  params: tokenParams,
  handler: ({ services, params }) => details(services, params.token),
});
