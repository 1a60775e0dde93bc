import { registerUserBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { register } from '../account-service.js';

export const registerUser = defineRoute({
  method: 'POST',
  url: '/users',
  access: 'public',
  rateLimited: true,
  status: 201,
  summary: 'Register a user account; answers { user, token }',
  tags: ['users'],
  body: registerUserBody,
  handler: ({ body, services }) => register(services, body),
});
