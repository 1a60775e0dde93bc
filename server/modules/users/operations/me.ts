import { defineRoute } from '../../../http/route.js';
import { ownView } from '../user-view.js';

export const getMe = defineRoute({
  method: 'GET',
  url: '/users/me',
  access: 'user',
  summary: "The signed-in user with memberships, roles and permissions; SSN and driver's licence masked",
  tags: ['users'],
  handler: async ({ actor, services }) => ({ user: await ownView(services.db, services.fieldCipher, actor.user) }),
});
