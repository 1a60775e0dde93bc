import { loginBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { login } from '../account-service.js';

export const loginUser = defineRoute({
  method: 'POST',
  url: '/users/login',
  access: 'public',
  rateLimited: true,
  summary: 'Sign in with e-mail and password; answers { user, token }',
  tags: ['users'],
  body: loginBody,
  handler: ({ body, services }) => login(services, body.email, body.password, body.remember),
});
