import { quickSettingsBody } from '../../../../resources/quick-panel.js';
import { defineRoute } from '../../../http/route.js';
import { saveQuickSettings } from '../quick-settings.js';

export const updateQuickSettings = defineRoute({
  method: 'PATCH',
  url: '/quick-panel/settings',
  access: 'user',
  summary: "Changes any of the caller's three quick settings (notificationSound, chatPopups, compactGrids: booleans), kept in the user's settings; answers all three",
  tags: ['quick-panel'],
  body: quickSettingsBody,
  handler: ({ actor, services, body }) => saveQuickSettings(services, actor, body),
});
