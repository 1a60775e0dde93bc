import type { ChatStatus, ChatStatusAnswer, ChosenChatStatus, PresenceEvent } from '../../../resources/chat.js';
import { SOCKET_EVENTS } from '../../../resources/realtime.js';
import { acceptedMemberships, type Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { updateUser } from '../users/user-update.js';

const CHOSEN = new Set<string>(['online', 'do-not-disturb', 'away']);

/** The stored choice; null or anything unknown is online. */
export const chosenStatus = (stored: string | null | undefined): ChosenChatStatus => (stored && CHOSEN.has(stored) ? (stored as ChosenChatStatus) : 'online');

/** What others see: the user's choice while they hold a live socket, offline otherwise. */
export const effectiveStatus = (stored: string | null | undefined, online: boolean): ChatStatus => (online ? chosenStatus(stored) : 'offline');

/**
 * Tells the user's companies what others now see of the user. Called when the choice changes, and
 * meant for the socket server too: call it when a user's first socket connects and when their last
 * one disconnects (docs/decisions.md, Team chat).
 */
export async function presenceChanged(services: Services, userId: number): Promise<PresenceEvent> {
  const [user, online, memberships] = await Promise.all([
    services.db.selectFrom('users').select('chat_status').where('id', '=', userId).executeTakeFirst(),
    services.realtime.onlineUsers([userId]),
    acceptedMemberships(services.db, userId),
  ]);
  const event: PresenceEvent = { userId, status: effectiveStatus(user?.chat_status, online.has(userId)) };
  const companyIds = [...new Set(memberships.map((m) => m.company_id))];
  // The user's own other tabs hear it through their user room.
  services.realtime.publish({ companyIds, userIds: [userId] }, SOCKET_EVENTS.presence, event);
  return event;
}

/** GET /chat/status. */
export async function chatStatusOf(services: Services, actor: Actor): Promise<ChatStatusAnswer> {
  const online = await services.realtime.onlineUsers([actor.user.id]);
  return { chosen: chosenStatus(actor.user.chat_status), status: effectiveStatus(actor.user.chat_status, online.has(actor.user.id)) };
}

/** PATCH /chat/status: the user's choice, kept on the user and announced to their companies. */
export async function setChatStatus(services: Services, actor: Actor, status: ChosenChatStatus): Promise<ChatStatusAnswer> {
  const before = chosenStatus(actor.user.chat_status);
  if (before !== status) {
    await services.db.transaction().execute((trx) => updateUser(trx, actor.user.id, 'chat_status_set', () => ({ chat_status: status })));
  }
  const event = before !== status ? await presenceChanged(services, actor.user.id) : null;
  const seen = event?.status ?? effectiveStatus(status, (await services.realtime.onlineUsers([actor.user.id])).has(actor.user.id));
  return { chosen: status, status: seen };
}
