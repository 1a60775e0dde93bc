import { changePasswordBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { changeOwnPassword } from '../password-service.js';

export const changePassword = defineRoute({
  method: 'PATCH',
  url: '/users/me/change-password',
  access: 'user',
  // A stolen session must not become a way to guess the current password.
  rateLimited: true,
  summary: 'Change the password; every other session ends; answers { user }',
  tags: ['users'],
  body: changePasswordBody,
  handler: ({ body, actor, services }) => changeOwnPassword(services, actor, body),
});
