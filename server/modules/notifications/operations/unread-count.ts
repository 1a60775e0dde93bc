import { defineRoute } from '../../../http/route.js';
import { memberParams } from '../notification-params.js';
import { unreadCount } from '../notification-service.js';

export const countUnreadNotifications = defineRoute({
  method: 'GET',
  url: '/members/:memberId/notifications/unread-count',
  access: 'user',
  summary: "How many of the caller's own membership's notifications are unread ({ unread }); another's membership: 404",
  tags: ['notifications'],
  params: memberParams,
  handler: ({ actor, services, params }) => unreadCount(services, actor, params.memberId),
});
