import { useEffect, useState } from 'react';
import type { ChatContact, ChatMessageEvent, PresenceEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import type { ApiError } from '../../api/http';
import { useSocketEvent } from '../../realtime';
import { fetchContacts } from './chat-api';

interface ContactsState {
  contacts: ChatContact[];
  total: number;
  loading: boolean;
  error: ApiError | null;
}

/**
 * The contacts of the active company while the panel is open (read again on each opening, on a new
 * search and in another company), kept current by presence and message events: a message from a
 * contact whose conversation is not open counts as unread.
 */
export function useChatContacts(open: boolean, companyId: number | null, meId: number | null, openContactId: number | null) {
  const [state, setState] = useState<ContactsState>({ contacts: [], total: 0, loading: true, error: null });
  const [q, setQ] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open || companyId === null) return;
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    // Typing waits a moment before asking, so a name is one call, not one per letter.
    const timer = setTimeout(
      () =>
        fetchContacts(q, abort.signal)
          .then(({ contacts, total }) => setState({ contacts, total, loading: false, error: null }))
          .catch((error) => {
            if ((error as Error).name !== 'AbortError') setState((s) => ({ ...s, loading: false, error: error as ApiError }));
          }),
      q ? 300 : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [open, companyId, q, attempt]);

  useSocketEvent<PresenceEvent>(SOCKET_EVENTS.presence, (e) =>
    setState((s) => ({ ...s, contacts: s.contacts.map((c) => (c.id === e.userId ? { ...c, status: e.status } : c)) })),
  );

  useSocketEvent<ChatMessageEvent>(SOCKET_EVENTS.chatMessage, (e) => {
    if (e.companyId !== companyId || e.who === meId || (open && openContactId === e.who)) return;
    setState((s) => ({ ...s, contacts: s.contacts.map((c) => (c.id === e.who ? { ...c, unread: c.unread + 1 } : c)) }));
  });

  const clearUnread = (contactId: number) =>
    setState((s) => ({ ...s, contacts: s.contacts.map((c) => (c.id === contactId ? { ...c, unread: 0 } : c)) }));

  return { ...state, q, setQ, retry: () => setAttempt((n) => n + 1), clearUnread };
}
