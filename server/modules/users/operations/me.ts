import { defineRoute } from '../../../http/route.js';
import { userView } from '../user-view.js';

export const getMe = defineRoute({
  method: 'GET',
  url: '/users/me',
  access: 'user',
  summary: 'The signed-in user with memberships, roles and permissions (company, role and permissions of the tab\'s X-Company-Id)',
  tags: ['users'],
  handler: async ({ actor, services }) => ({ user: await userView(services.db, actor.user, actor.membership?.companyId) }),
});
