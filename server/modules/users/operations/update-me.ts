import { updateProfileBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { updateProfile } from '../profile-service.js';

export const updateMe = defineRoute({
  method: 'PATCH',
  url: '/users/me',
  access: 'user',
  summary:
    'Update the signed-in user profile; settings merge into the stored ones; a new e-mail needs currentPassword and is mailed a confirmation link (answers { user, pendingEmail })',
  // A wrong currentPassword must not become a way to guess it from a stolen session.
  rateLimited: true,
  tags: ['users'],
  body: updateProfileBody,
  handler: ({ body, actor, services }) => updateProfile(services, actor, body),
});
