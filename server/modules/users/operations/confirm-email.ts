import { confirmEmailBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { confirmEmailChange } from '../email-change.js';

export const confirmEmail = defineRoute({
  method: 'POST',
  url: '/users/confirm-email',
  access: 'public',
  rateLimited: true,
  summary: 'Make the new e-mail the account\'s with the token mailed to it (single use, 24 hours; 409 when taken meanwhile); answers { email }',
  tags: ['users'],
  body: confirmEmailBody,
  handler: ({ body, services }) => confirmEmailChange(services, body.token),
});
