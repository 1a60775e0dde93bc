import { defineRoute } from '../../../http/route.js';
import { idParams } from '../notification-params.js';
import { getNotificationSettings } from '../notification-service.js';

export const getSettings = defineRoute({
  method: 'GET',
  url: '/memberships/:id/notification-settings',
  access: 'user',
  summary: "The caller's own membership's notification settings ({ Reports, Delays, Others, Email }); another's membership: 404",
  tags: ['notifications'],
  params: idParams,
  handler: ({ actor, services, params }) => getNotificationSettings(services, actor, params.id),
});
