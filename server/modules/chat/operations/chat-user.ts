import { defineRoute } from '../../../http/route.js';
import { chatList } from '../chat-service.js';

export const listUserChats = defineRoute({
  method: 'GET',
  url: '/chat/user',
  access: 'member',
  summary: "The caller's chats in the active company that hold messages, newest first: contactId (user id), chatId, lastMessageTime and the caller's unread count",
  tags: ['chat'],
  handler: ({ actor, services }) => chatList(services, actor),
});
