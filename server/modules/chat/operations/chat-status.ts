import { chatStatusBody } from '../../../../resources/chat.js';
import { defineRoute } from '../../../http/route.js';
import { setChatStatus } from '../presence.js';

export const setChatStatusRoute = defineRoute({
  method: 'PATCH',
  url: '/chat/status',
  access: 'user',
  summary:
    "The caller's chosen presence: online, do-not-disturb or away; others see it while the caller holds a live socket (offline otherwise). The companies the caller belongs to receive presence. Answers { chosen, status }",
  tags: ['chat'],
  body: chatStatusBody,
  handler: ({ actor, services, body }) => setChatStatus(services, actor, body.status),
});
