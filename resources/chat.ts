import { z } from 'zod';
import { id, idParam } from './id.js';
import { text } from './text.js';

/**
 * Team chat (spec 02 §3 Chat, §5, §7): one-to-one chats between members of one company, each chat
 * belonging to that company alone. Shared by the server (validation) and the chat panel.
 */

/** What a user may choose; `offline` is never chosen: it is what others see while the user has no socket. */
export const CHOSEN_CHAT_STATUSES = [
  { value: 'online', label: 'Online', color: '#4caf50' },
  { value: 'do-not-disturb', label: 'Do not disturb', color: '#f44336' },
  { value: 'away', label: 'Away', color: '#ff9800' },
] as const;
export type ChosenChatStatus = (typeof CHOSEN_CHAT_STATUSES)[number]['value'];
export type ChatStatus = ChosenChatStatus | 'offline';
export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = { online: 'Online', 'do-not-disturb': 'Do not disturb', away: 'Away', offline: 'Offline' };
export const CHAT_STATUS_COLORS: Record<ChatStatus, string> = { online: '#4caf50', 'do-not-disturb': '#f44336', away: '#ff9800', offline: '#9e9e9e' };
const CHOSEN_VALUES = CHOSEN_CHAT_STATUSES.map((s) => s.value) as [ChosenChatStatus, ...ChosenChatStatus[]];

/** The longest message, in characters; a paste of a page of text fits. */
export const CHAT_MESSAGE_MAX = 2000;
/** A history page: 50 by default, at most 100. */
export const CHAT_PAGE = { default: 50, max: 100 } as const;
/** Contacts answered at most; more are found by `q`. */
export const CHAT_CONTACTS_MAX = 200;

export const CHAT_MESSAGES = {
  empty: 'An empty message is not sent',
  tooLong: `A message holds at most ${CHAT_MESSAGE_MAX} characters`,
  notYou: 'who must be your own user id',
  status: `Must be one of: ${CHOSEN_VALUES.join(', ')}`,
} as const;

/** GET /chat/get-chat: the chat with a contact; `userId`, when sent, is the caller. Pages backwards from `before`. */
export const getChatQuery = z
  .object({
    contactId: idParam('contactId must be a user id'),
    userId: idParam('userId must be a user id').optional(),
    before: idParam('before must be a message id').optional(),
    limit: z
      .string()
      .regex(/^\d+$/, `limit must be a number from 1 to ${CHAT_PAGE.max}`)
      .transform(Number)
      .pipe(z.number().int().min(1, `limit must be a number from 1 to ${CHAT_PAGE.max}`).max(CHAT_PAGE.max, `limit must be a number from 1 to ${CHAT_PAGE.max}`))
      .optional(),
  })
  .strict();
export type GetChatQuery = z.output<typeof getChatQuery>;

/** GET /chat/contacts: `q` narrows by name. */
export const chatContactsQuery = z.object({ q: text().trim().max(100).optional() }).strict();

/** The text of a message: trimmed, never empty (spec 02 §5), at most CHAT_MESSAGE_MAX characters. */
export const chatText = text({ error: CHAT_MESSAGES.empty }).trim().min(1, CHAT_MESSAGES.empty).max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.tooLong);

/** POST /chat/send-message: the spec's { chatId, message: { who, message, time } }; the server sets the time. */
export const sendMessageBody = z
  .object({
    chatId: id('chatId must be a chat id'),
    message: z
      .object({
        who: id(CHAT_MESSAGES.notYou),
        message: chatText,
        /** Sent by the spec's client; ignored: the server's clock orders the chat. */
        time: z.union([text().max(40), z.number()]).nullable().optional(),
      })
      .strict(),
  })
  .strict();
export type SendMessageBody = z.output<typeof sendMessageBody>;

/** PATCH /chat/status. */
export const chatStatusBody = z.object({ status: z.enum(CHOSEN_VALUES, { error: CHAT_MESSAGES.status }) }).strict();

/** One message: `who` is the sender's user id, `time` when the server stored it. */
export interface ChatMessage {
  id: number;
  chatId: number;
  who: number;
  message: string;
  time: string;
}

/** GET /chat/contacts: a member of the active company with a user account. `id` is the user id. */
export interface ChatContact {
  id: number;
  name: string;
  avatar: string | null;
  status: ChatStatus;
  unread: number;
}

/** GET /chat/user: the caller's chats in the active company, newest message first. */
export interface ChatListEntry {
  contactId: number;
  chatId: number;
  lastMessageTime: string | null;
  unread: number;
}

/** GET /chat/get-chat: a page of the dialog, oldest first; `hasMore` when earlier messages remain. */
export interface ChatDialog {
  id: number;
  contactId: number;
  dialog: ChatMessage[];
  hasMore: boolean;
}

/** PATCH /chat/status answers the chosen status and what others see now. */
export interface ChatStatusAnswer {
  chosen: ChosenChatStatus;
  status: ChatStatus;
}

/** SOCKET_EVENTS.chatMessage payload, sent to both participants' user rooms. */
export interface ChatMessageEvent extends ChatMessage {
  companyId: number;
  /** Both participants' user ids: the receiver's contact is the other one. */
  participants: [number, number];
  /** The sender's name, for a pop-up without a contacts call. */
  senderName: string;
}

/** SOCKET_EVENTS.presence payload, sent to the company rooms of the user's companies. */
export interface PresenceEvent {
  userId: number;
  status: ChatStatus;
}
