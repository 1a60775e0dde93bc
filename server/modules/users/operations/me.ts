import { defineRoute } from '../../../http/route.js';
import { ownView } from '../user-view.js';

export const getMe = defineRoute({
  method: 'GET',
  url: '/users/me',
  access: 'user',
  summary: "The signed-in user with memberships, roles and permissions (company, role and permissions of the tab's X-Company-Id); SSN and driver's licence masked",
  tags: ['users'],
  handler: async ({ actor, services }) => {
    const activeCompanyId = actor.membership?.companyId;
    const key = `me:${actor.user.id}:${activeCompanyId ?? ''}`;
    // The view is built from the caller's user row, which the session's entry read, not this load.
    const user = await services.readCache.get(key, () => ownView(services.db, services.fieldCipher, actor.user, activeCompanyId), { alsoReads: ['users'] });
    return { user };
  },
});
