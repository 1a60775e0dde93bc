import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

/** A chat row as the services use it; `contactId` is the participant who is not the caller. */
export interface ChatRow {
  id: number;
  companyId: number;
  userA: number;
  userB: number;
  contactId: number;
  /** The caller's last read message id. */
  readId: number;
}

/** The pair in stored order: user_a is the smaller id, so one pair has one chat per company. */
export const pair = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);

/** The caller's last read message id on chat `c`. */
export const readIdOf = (me: number): RawBuilder<number> => sql<number>`case when c.user_a = ${me} then c.a_read_id else c.b_read_id end`;
/** The other participant of chat `c`. */
export const contactOf = (me: number): RawBuilder<number> => sql<number>`case when c.user_a = ${me} then c.user_b else c.user_a end`;

/** The active company of a chat route; chat routes are 'member' routes, so it is always set. */
export const activeCompany = (actor: Actor) => actor.membership!.companyId;

/** Of these users, those holding an accepted membership in the company. */
export async function membersAmong(db: Executor, companyId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('type', '=', 'company')
    .where('status', '=', 'accepted')
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id!));
}

/** A contact is another accepted member of the active company with a user account; anyone else is a 404. */
export async function requireContact(db: Executor, actor: Actor, contactId: number): Promise<void> {
  if (contactId === actor.user.id || !(await membersAmong(db, activeCompany(actor), [contactId])).has(contactId)) throw notFound('Contact');
}

function toChat(row: { id: number; company_id: number; user_a: number; user_b: number; a_read_id: number; b_read_id: number }, me: number): ChatRow {
  return {
    id: row.id,
    companyId: row.company_id,
    userA: row.user_a,
    userB: row.user_b,
    contactId: row.user_a === me ? row.user_b : row.user_a,
    readId: row.user_a === me ? row.a_read_id : row.b_read_id,
  };
}

const CHAT_COLUMNS = ['id', 'company_id', 'user_a', 'user_b', 'a_read_id', 'b_read_id'] as const;

/**
 * A chat of the active company the caller takes part in, whose other participant is still a member
 * there; anything else (another company's chat, someone else's, a former colleague's) is a 404.
 */
export async function chatOfCaller(db: Executor, actor: Actor, chatId: number): Promise<ChatRow> {
  const me = actor.user.id;
  const row = await db
    .selectFrom('chats')
    .select(CHAT_COLUMNS)
    .where('id', '=', chatId)
    .where('company_id', '=', activeCompany(actor))
    .where((eb) => eb.or([eb('user_a', '=', me), eb('user_b', '=', me)]))
    .executeTakeFirst();
  if (!row) throw notFound('Chat');
  const chat = toChat(row, me);
  await requireContact(db, actor, chat.contactId).catch(() => {
    throw notFound('Chat');
  });
  return chat;
}

/** The chat between the caller and a contact in the active company, made on first use. */
export async function chatWith(db: Executor, actor: Actor, contactId: number): Promise<ChatRow> {
  const me = actor.user.id;
  const companyId = activeCompany(actor);
  const [a, b] = pair(me, contactId);
  const find = () => db.selectFrom('chats').select(CHAT_COLUMNS).where('company_id', '=', companyId).where('user_a', '=', a).where('user_b', '=', b).executeTakeFirst();
  let row = await find();
  if (!row) {
    // Two first opens at once: the unique pair keeps one row, the other insert does nothing.
    await db
      .insertInto('chats')
      .values({ company_id: companyId, user_a: a, user_b: b, last_message_at: null, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['company_id', 'user_a', 'user_b']).doNothing())
      .execute();
    row = await find();
  }
  return toChat(row!, me);
}

/** Moves the caller's read mark forward to `messageId` (never back). */
export async function markRead(db: Executor, chat: ChatRow, me: number, messageId: number): Promise<void> {
  if (messageId <= chat.readId) return;
  const column = chat.userA === me ? 'a_read_id' : 'b_read_id';
  await db.updateTable('chats').set({ [column]: messageId }).where('id', '=', chat.id).where(column, '<', messageId).execute();
}
