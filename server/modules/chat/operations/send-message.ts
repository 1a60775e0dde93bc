import { sendMessageBody } from '../../../../resources/chat.js';
import { defineRoute } from '../../../http/route.js';
import { sendMessage } from '../chat-service.js';

export const sendMessageRoute = defineRoute({
  method: 'POST',
  url: '/chat/send-message',
  access: 'member',
  status: 201,
  summary:
    "Sends { chatId, message: { who, message, time } } in a chat of the caller's in the active company (another's: 404); who must be the caller, the server sets the time; an empty or blank message, or one over 2000 characters, is a 400 and nothing is stored. Both participants' sockets receive chat-message",
  tags: ['chat'],
  body: sendMessageBody,
  handler: ({ actor, services, body }) => sendMessage(services, actor, body),
});
