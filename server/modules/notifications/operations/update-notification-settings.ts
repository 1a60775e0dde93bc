import { notificationSettingsPatch } from '../../../../resources/notification.js';
import { defineRoute } from '../../../http/route.js';
import { idParams } from '../notification-params.js';
import { updateNotificationSettings } from '../notification-service.js';

export const updateSettings = defineRoute({
  method: 'PATCH',
  url: '/memberships/:id/notification-settings',
  access: 'user',
  summary:
    "Change the caller's own membership's notification settings (any of Reports, Delays, Others: receive that category; Email: mail each one too); answers all four. Another's membership: 404",
  tags: ['notifications'],
  params: idParams,
  body: notificationSettingsPatch,
  handler: ({ actor, services, params, body }) => updateNotificationSettings(services, actor, params.id, body),
});
