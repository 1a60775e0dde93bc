import { shortcutsBody } from '../../../../resources/user.js';
import { defineRoute } from '../../../http/route.js';
import { saveShortcuts } from '../profile-service.js';

export const setShortcuts = defineRoute({
  method: 'PATCH',
  url: '/users/me/shortcuts',
  access: 'user',
  summary: 'Replace the starred navigation shortcuts; answers { user }',
  tags: ['users'],
  body: shortcutsBody,
  handler: ({ body, actor, services }) => saveShortcuts(services, actor, body.shortcuts),
});
