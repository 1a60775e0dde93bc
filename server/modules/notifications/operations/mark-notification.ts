import { markNotificationBody } from '../../../../resources/notification.js';
import { defineRoute } from '../../../http/route.js';
import { idParams } from '../notification-params.js';
import { markRead } from '../notification-service.js';

export const markNotification = defineRoute({
  method: 'PATCH',
  url: '/notifications/:id',
  access: 'user',
  summary: "Mark one of the caller's notifications read ({ read: true }); answers it. Another's notification: 404",
  tags: ['notifications'],
  params: idParams,
  body: markNotificationBody,
  handler: ({ actor, services, params }) => markRead(services, actor, params.id),
});
