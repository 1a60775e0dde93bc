import { defineRoute } from '../../../http/route.js';
import { chatStatusOf } from '../presence.js';

export const getChatStatusRoute = defineRoute({
  method: 'GET',
  url: '/chat/status',
  access: 'user',
  summary: "The caller's chosen presence and what others see now: { chosen, status }",
  tags: ['chat'],
  handler: ({ actor, services }) => chatStatusOf(services, actor),
});
