import { resetPasswordBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { completePasswordReset } from '../password-service.js';

export const resetPassword = defineRoute({
  method: 'POST',
  url: '/users/reset-password',
  access: 'public',
  rateLimited: true,
  summary: 'Set a new password with a reset link token; ends every session and answers { user, token }',
  tags: ['users'],
  body: resetPasswordBody,
  handler: ({ body, services }) => completePasswordReset(services, body.token, body.password),
});
