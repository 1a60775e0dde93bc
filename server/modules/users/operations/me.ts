import { defineRoute } from '../../../http/route.js';
import { userView } from '../user-view.js';

export const getMe = defineRoute({
  method: 'GET',
  url: '/users/me',
  access: 'user',
  summary: 'The signed-in user with memberships, roles and permissions (company, role and permissions of the tab\'s X-Company-Id)',
  tags: ['users'],
  handler: async ({ actor, services }) => {
    const activeCompanyId = actor.membership?.companyId;
    // Every table the view reads is one whose writes clear the access cache (ACCESS_TABLES).
    const user = await services.accessCache.get(`me:${actor.user.id}:${activeCompanyId ?? ''}`, () => userView(services.db, actor.user, activeCompanyId));
    return { user };
  },
});
