import { chatContactsQuery } from '../../../../resources/chat.js';
import { defineRoute } from '../../../http/route.js';
import { chatContacts } from '../chat-service.js';

export const listChatContacts = defineRoute({
  method: 'GET',
  url: '/chat/contacts',
  access: 'member',
  summary:
    'The other accepted members of the active company who have an account, by name: id (user id), name, avatar, status (online, do-not-disturb, away, or offline without a live socket) and the unread count from each; at most 200, q narrows by name, X-Total-Count holds how many match',
  tags: ['chat'],
  query: chatContactsQuery,
  handler: async ({ actor, services, query, reply }) => {
    const { contacts, total } = await chatContacts(services, actor, query.q);
    reply.header('X-Total-Count', String(total));
    reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
    return contacts;
  },
});
