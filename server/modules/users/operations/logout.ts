import { defineRoute } from '../../../http/route.js';
import { endSession } from '../sessions.js';

export const logoutUser = defineRoute({
  method: 'GET',
  url: '/users/logout',
  access: 'user',
  summary: 'End the current session',
  tags: ['users'],
  handler: async ({ actor, services }) => {
    await endSession(services.db, services, actor.sessionId);
  },
});
