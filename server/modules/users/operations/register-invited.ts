import { invitationCodeParams, registerUserBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { registerWithInvitation } from '../invitation-registration.js';

export const registerInvitedUser = defineRoute({
  method: 'POST',
  url: '/users/register/:code',
  access: 'public',
  rateLimited: true,
  status: 201,
  summary: 'Register through a member invitation, accepting it; answers { user, token }',
  tags: ['users'],
  params: invitationCodeParams,
  body: registerUserBody,
  handler: ({ params, body, services }) => registerWithInvitation(services, params.code, body),
});
