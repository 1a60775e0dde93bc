import { useEffect, useState } from 'react';
import type { ChosenChatStatus, PresenceEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { fetchChatStatus } from './chat-api';

/** The user's own chosen status, read once and followed through presence events (for do-not-disturb). */
export function useOwnChatStatus(meId: number | null): ChosenChatStatus {
  const [status, setStatus] = useState<ChosenChatStatus>('online');
  useEffect(() => {
    if (meId === null) return;
    const abort = new AbortController();
    fetchChatStatus(abort.signal)
      .then((s) => setStatus(s.chosen))
      .catch(() => undefined);
    return () => abort.abort();
  }, [meId]);
  useSocketEvent<PresenceEvent>(SOCKET_EVENTS.presence, (e) => {
    if (e.userId === meId && e.status !== 'offline') setStatus(e.status);
  });
  return status;
}
