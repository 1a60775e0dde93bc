import type { ChatContact, ChatDialog, ChatListEntry, ChatMessage, ChatStatusAnswer, ChosenChatStatus } from '../../../resources/chat';
import { apiFetch } from '../../api/http';

/** The chat calls of spec 02 §7; the panel shows failures itself (quiet). */
export async function fetchContacts(q: string, signal?: AbortSignal): Promise<{ contacts: ChatContact[]; total: number }> {
  const query = q.trim() ? `?${new URLSearchParams({ q: q.trim() })}` : '';
  const { data, headers } = await apiFetch<ChatContact[]>(`/chat/contacts${query}`, { signal, quiet: true });
  return { contacts: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const fetchChatList = (signal?: AbortSignal) => apiFetch<ChatListEntry[]>('/chat/user', { signal, quiet: true }).then((r) => r.data);

/** A page of the chat with a contact: the newest, or the one before a message id. Opening the newest marks it read. */
export function fetchChat(contactId: number, opts: { before?: number; limit?: number; signal?: AbortSignal } = {}): Promise<ChatDialog> {
  const q = new URLSearchParams({ contactId: String(contactId) });
  if (opts.before !== undefined) q.set('before', String(opts.before));
  if (opts.limit !== undefined) q.set('limit', String(opts.limit));
  return apiFetch<ChatDialog>(`/chat/get-chat?${q}`, { signal: opts.signal, quiet: true }).then((r) => r.data);
}

export const sendChatMessage = (chatId: number, who: number, message: string) =>
  apiFetch<ChatMessage>('/chat/send-message', { method: 'POST', body: { chatId, message: { who, message, time: new Date().toISOString() } }, quiet: true }).then((r) => r.data);

export const fetchChatStatus = (signal?: AbortSignal) => apiFetch<ChatStatusAnswer>('/chat/status', { signal, quiet: true }).then((r) => r.data);

export const saveChatStatus = (status: ChosenChatStatus) => apiFetch<ChatStatusAnswer>('/chat/status', { method: 'PATCH', body: { status }, quiet: true }).then((r) => r.data);
