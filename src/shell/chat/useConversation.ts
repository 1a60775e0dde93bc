import { useCallback, useEffect, useState } from 'react';
import type { ChatMessage, ChatMessageEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import type { ApiError } from '../../api/http';
import { useSocketEvent } from '../../realtime';
import { fetchChat, sendChatMessage } from './chat-api';

interface ConversationState {
  chatId: number | null;
  messages: ChatMessage[];
  hasMore: boolean;
  loading: boolean;
  loadingEarlier: boolean;
  /** The conversation could not be opened. */
  error: ApiError | null;
  /** A send or an earlier page failed; the conversation stays. */
  notice: string | null;
}

const EMPTY: ConversationState = { chatId: null, messages: [], hasMore: false, loading: true, loadingEarlier: false, error: null, notice: null };

/** Messages in id order without repeats: a sent message also comes back on the socket. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * One conversation: the newest page on opening (which marks it read), earlier pages on request,
 * sending, and messages arriving live; a message from the contact while it is open is marked read.
 */
export function useConversation(contactId: number, companyId: number | null, meId: number) {
  const [state, setState] = useState<ConversationState>(EMPTY);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState(EMPTY);
    fetchChat(contactId, { signal: abort.signal })
      .then((chat) => setState({ ...EMPTY, chatId: chat.id, messages: chat.dialog, hasMore: chat.hasMore, loading: false }))
      .catch((error) => {
        if ((error as Error).name !== 'AbortError') setState({ ...EMPTY, loading: false, error: error as ApiError });
      });
    return () => abort.abort();
  }, [contactId, companyId, attempt]);

  useSocketEvent<ChatMessageEvent>(SOCKET_EVENTS.chatMessage, (e) => {
    if (e.companyId !== companyId || state.chatId === null || e.chatId !== state.chatId) return;
    const { companyId: _c, participants: _p, senderName: _n, ...message } = e;
    setState((s) => ({ ...s, messages: merge(s.messages, [message]) }));
    // Seen as it arrives: the newest page of one message moves the read mark.
    if (e.who !== meId) fetchChat(contactId, { limit: 1 }).catch(() => undefined);
  });

  const loadEarlier = useCallback(async () => {
    const first = state.messages[0];
    if (!first || state.loadingEarlier) return;
    setState((s) => ({ ...s, loadingEarlier: true }));
    try {
      const page = await fetchChat(contactId, { before: first.id });
      setState((s) => ({ ...s, messages: merge(s.messages, page.dialog), hasMore: page.hasMore, loadingEarlier: false }));
    } catch (error) {
      setState((s) => ({ ...s, loadingEarlier: false, notice: `Earlier messages could not be loaded: ${(error as Error).message}` }));
    }
  }, [contactId, state.messages, state.loadingEarlier]);

  /** Sends the text; answers false (the text stays in the composer) when it failed. */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      if (state.chatId === null || !text.trim()) return false;
      try {
        const message = await sendChatMessage(state.chatId, meId, text.trim());
        setState((s) => ({ ...s, messages: merge(s.messages, [message]), notice: null }));
        return true;
      } catch (error) {
        setState((s) => ({ ...s, notice: `The message was not sent: ${(error as Error).message}` }));
        return false;
      }
    },
    [state.chatId, meId],
  );

  return { ...state, loadEarlier, send, retry: () => setAttempt((n) => n + 1) };
}
