import { getChatQuery } from '../../../../resources/chat.js';
import { defineRoute } from '../../../http/route.js';
import { getChat } from '../chat-service.js';

export const getChatRoute = defineRoute({
  method: 'GET',
  url: '/chat/get-chat',
  access: 'member',
  summary:
    'The one-to-one chat between the caller (userId, when sent, must be the caller) and contactId in the active company, made on first open: { id, contactId, dialog: [{ id, chatId, who, message, time }] oldest first, hasMore }. The newest page by default (limit 50, at most 100); before=<message id> pages backwards. Opening the newest page marks its messages read. A contact who is not a member of the active company: 404',
  tags: ['chat'],
  query: getChatQuery,
  handler: ({ actor, services, query }) => getChat(services, actor, query),
});
