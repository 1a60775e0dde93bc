import { sql } from 'kysely';
import {
  CHAT_CONTACTS_MAX,
  CHAT_MESSAGES,
  CHAT_PAGE,
  type ChatContact,
  type ChatDialog,
  type ChatListEntry,
  type ChatMessage,
  type ChatMessageEvent,
  type GetChatQuery,
  type SendMessageBody,
} from '../../../resources/chat.js';
import { SOCKET_EVENTS } from '../../../resources/realtime.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, notFound } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import { escapeLike } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { activeCompany, chatOfCaller, chatWith, contactOf, markRead, readIdOf, requireContact } from './chat-store.js';
import { effectiveStatus } from './presence.js';

const toMessage = (chatId: number, r: { id: number; sender_user_id: number; body: string; created_at: string }): ChatMessage => ({
  id: r.id,
  chatId,
  who: r.sender_user_id,
  message: r.body,
  time: r.created_at,
});

/**
 * The caller's chats in the active company with their unread counts (messages from the contact after
 * the caller's read mark, read from (chat_id, id)), for contacts still in the company.
 */
async function chatsWithUnread(db: Executor, actor: Actor) {
  const me = actor.user.id;
  const companyId = activeCompany(actor);
  return db
    .selectFrom('chats as c')
    .leftJoin('chat_messages as m', (join) => join.onRef('m.chat_id', '=', 'c.id').on('m.sender_user_id', '<>', me).on(sql<boolean>`m.id > ${readIdOf(me)}`))
    .select((eb) => ['c.id', 'c.last_message_at', contactOf(me).as('contact_id'), eb.fn.count<number>('m.id').as('unread')])
    .where('c.company_id', '=', companyId)
    .where((eb) => eb.or([eb('c.user_a', '=', me), eb('c.user_b', '=', me)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as cm')
          .select('cm.id')
          .where('cm.company_id', '=', companyId)
          .where('cm.type', '=', 'company')
          .where('cm.status', '=', 'accepted')
          .where(sql<boolean>`cm.user_id = ${contactOf(me)}`),
      ),
    )
    .groupBy(['c.id', 'c.last_message_at', 'c.user_a', 'c.user_b'])
    .execute();
}

/** GET /chat/user: the chats that hold messages, newest first. */
export async function chatList(services: Services, actor: Actor): Promise<ChatListEntry[]> {
  const rows = await chatsWithUnread(services.db, actor);
  return rows
    .filter((r) => r.last_message_at !== null)
    .map((r) => ({ contactId: Number(r.contact_id), chatId: r.id, lastMessageTime: r.last_message_at, unread: Number(r.unread) }))
    .sort((a, b) => (a.lastMessageTime! < b.lastMessageTime! ? 1 : a.lastMessageTime! > b.lastMessageTime! ? -1 : b.chatId - a.chatId));
}

/**
 * GET /chat/contacts: the other accepted members of the active company who have an account, by
 * name, with what others see of their presence and the caller's unread count from each. At most
 * CHAT_CONTACTS_MAX; `q` narrows by name and X-Total-Count holds how many match.
 */
export async function chatContacts(services: Services, actor: Actor, q: string | undefined): Promise<{ contacts: ChatContact[]; total: number }> {
  const db = services.db;
  const me = actor.user.id;
  let base = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.company_id', '=', activeCompany(actor))
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('m.user_id', '<>', me);
  if (q) base = base.where(sql<boolean>`lower(u.name) like lower(${`%${escapeLike(q)}%`}) escape '!'`);
  const [rows, count, chats] = await Promise.all([
    base.select(['u.id', 'u.name', 'u.avatar_url', 'u.chat_status']).distinct().orderBy('u.name').orderBy('u.id').limit(CHAT_CONTACTS_MAX).execute(),
    base.select((eb) => eb.fn.count<number>('u.id').distinct().as('n')).executeTakeFirst(),
    chatsWithUnread(db, actor),
  ]);
  const unread = new Map(chats.map((c) => [Number(c.contact_id), Number(c.unread)]));
  const online = await services.realtime.onlineUsers(rows.map((r) => r.id));
  const contacts = rows.map((r) => ({ id: r.id, name: r.name, avatar: r.avatar_url, status: effectiveStatus(r.chat_status, online.has(r.id)), unread: unread.get(r.id) ?? 0 }));
  return { contacts, total: Number(count?.n ?? 0) };
}

/**
 * GET /chat/get-chat: the chat with a contact (made on first open), a page of messages oldest first
 * ending before `before` (the newest page without it). Opening the newest page marks what it shows
 * as read; paging back marks nothing.
 */
export async function getChat(services: Services, actor: Actor, query: GetChatQuery): Promise<ChatDialog> {
  if (query.userId !== undefined && query.userId !== actor.user.id) throw notFound('Chat');
  return services.db.transaction().execute(async (trx) => {
    await requireContact(trx, actor, query.contactId);
    const chat = await chatWith(trx, actor, query.contactId);
    const limit = query.limit ?? CHAT_PAGE.default;
    let page = trx.selectFrom('chat_messages').select(['id', 'sender_user_id', 'body', 'created_at']).where('chat_id', '=', chat.id);
    if (query.before !== undefined) page = page.where('id', '<', query.before);
    const rows = await page.orderBy('id', 'desc').limit(limit + 1).execute();
    const shown = rows.slice(0, limit).reverse();
    if (query.before === undefined && shown.length) await markRead(trx, chat, actor.user.id, shown.at(-1)!.id);
    return { id: chat.id, contactId: chat.contactId, dialog: shown.map((r) => toMessage(chat.id, r)), hasMore: rows.length > limit };
  });
}

/**
 * POST /chat/send-message: the caller writes in a chat of theirs; the server stamps the time, the
 * sender's own message counts as read, and both participants' sockets hear it.
 */
export async function sendMessage(services: Services, actor: Actor, body: SendMessageBody): Promise<ChatMessage> {
  if (body.message.who !== actor.user.id) throw badRequest(`message.who: ${CHAT_MESSAGES.notYou}`, [{ field: 'message.who', message: CHAT_MESSAGES.notYou }]);
  const { message, chat } = await services.db.transaction().execute(async (trx) => {
    const chat = await chatOfCaller(trx, actor, body.chatId);
    const time = nowIso();
    const row = await trx
      .insertInto('chat_messages')
      .values({ chat_id: chat.id, sender_user_id: actor.user.id, body: body.message.message, created_at: time })
      .returning(['id', 'sender_user_id', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('chats').set({ last_message_at: time }).where('id', '=', chat.id).execute();
    await markRead(trx, chat, actor.user.id, row.id);
    return { message: toMessage(chat.id, row), chat };
  });
  const event: ChatMessageEvent = { ...message, companyId: chat.companyId, participants: [chat.userA, chat.userB], senderName: actor.user.name };
  services.realtime.publish({ userIds: [chat.userA, chat.userB] }, SOCKET_EVENTS.chatMessage, event);
  return message;
}
