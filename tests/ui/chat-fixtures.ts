import { http, HttpResponse } from 'msw';
import type { ChatContact, ChatMessage } from '../../resources/chat';
import { shellServer } from './shell-fixtures';

/** The signed-in user of the shell fixtures (fakeUser) and the company they act in. */
export const ME = 1;
export const COMPANY = 7;

/** A small chat server: contacts, one dialog per contact, and what was asked and sent. */
export const chatState = {
  contacts: [] as ChatContact[],
  dialogs: new Map<number, ChatMessage[]>(),
  chosen: 'online' as string,
  gets: [] as URLSearchParams[],
  sent: [] as unknown[],
  statusCalls: [] as unknown[],
  failContacts: 0,
};

let nextId = 1000;
export const chatIdOf = (contactId: number) => 500 + contactId;

export function message(contactId: number, who: number, text: string, id = ++nextId): ChatMessage {
  return { id, chatId: chatIdOf(contactId), who, message: text, time: new Date(Date.UTC(2026, 6, 14, 9, 0, id % 60)).toISOString() };
}

export function resetChat() {
  chatState.contacts = [
    { id: 2, name: 'Bob Brown', avatar: null, status: 'online', unread: 2 },
    { id: 3, name: 'Carol Clark', avatar: null, status: 'away', unread: 0 },
    { id: 4, name: 'Eve Evans', avatar: null, status: 'offline', unread: 0 },
  ];
  chatState.dialogs = new Map();
  chatState.chosen = 'online';
  chatState.gets = [];
  chatState.sent = [];
  chatState.statusCalls = [];
  chatState.failContacts = 0;
}

/** The chat calls, answered from chatState; GET /chat/get-chat pages backwards as the API does. */
export function useChatHandlers() {
  shellServer.use(
    http.get('/api/v1/chat/contacts', () => {
      if (chatState.failContacts > 0) {
        chatState.failContacts--;
        return HttpResponse.json({ error: { statusCode: 500, message: 'Database unavailable', code: 'INTERNAL' } }, { status: 500 });
      }
      return HttpResponse.json(chatState.contacts, { headers: { 'X-Total-Count': String(chatState.contacts.length) } });
    }),
    http.get('/api/v1/chat/user', () =>
      HttpResponse.json(chatState.contacts.filter((c) => c.unread).map((c) => ({ contactId: c.id, chatId: chatIdOf(c.id), lastMessageTime: null, unread: c.unread }))),
    ),
    http.get('/api/v1/chat/status', () => HttpResponse.json({ chosen: chatState.chosen, status: chatState.chosen })),
    http.patch('/api/v1/chat/status', async ({ request }) => {
      const body = (await request.json()) as { status: string };
      chatState.statusCalls.push(body);
      chatState.chosen = body.status;
      return HttpResponse.json({ chosen: body.status, status: body.status });
    }),
    http.get('/api/v1/chat/get-chat', ({ request }) => {
      const q = new URL(request.url).searchParams;
      chatState.gets.push(q);
      const contactId = Number(q.get('contactId'));
      const all = chatState.dialogs.get(contactId) ?? [];
      const before = q.get('before') ? Number(q.get('before')) : Infinity;
      const limit = Number(q.get('limit') ?? 50);
      const older = all.filter((m) => m.id < before);
      const page = older.slice(-limit);
      return HttpResponse.json({ id: chatIdOf(contactId), contactId, dialog: page, hasMore: older.length > page.length });
    }),
    http.post('/api/v1/chat/send-message', async ({ request }) => {
      const body = (await request.json()) as { chatId: number; message: { who: number; message: string } };
      chatState.sent.push(body);
      const contactId = body.chatId - 500;
      const m = message(contactId, body.message.who, body.message.message.trim());
      chatState.dialogs.set(contactId, [...(chatState.dialogs.get(contactId) ?? []), m]);
      return HttpResponse.json(m, { status: 201 });
    }),
  );
}
