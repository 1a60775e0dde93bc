import { forgotPasswordBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { requestPasswordReset } from '../password-service.js';

export const forgotPassword = defineRoute({
  method: 'POST',
  url: '/users/forgot-password',
  access: 'public',
  rateLimited: true,
  summary: 'E-mail a one-hour password reset link (kept for an administrator when the server sends no mail); answers the same whether or not the e-mail has an account',
  tags: ['users'],
  body: forgotPasswordBody,
  handler: ({ body, services }) => requestPasswordReset(services, body.email),
});
