import { useCallback, useRef } from 'react';
import type { ChosenChatStatus, PresenceEvent } from '../../../resources/chat';
import { SOCKET_EVENTS } from '../../../resources/realtime';
import { useSocketEvent } from '../../realtime';
import { fetchChatStatus } from './chat-api';

/**
 * Whether the user chose do not disturb: read the first time an alert asks (not on every page load),
 * then followed through presence events.
 */
export function useDoNotDisturb(meId: number | null): () => Promise<boolean> {
  const status = useRef<ChosenChatStatus | null>(null);
  useSocketEvent<PresenceEvent>(SOCKET_EVENTS.presence, (e) => {
    if (e.userId === meId && e.status !== 'offline') status.current = e.status;
  });
  return useCallback(async () => {
    if (status.current === null) status.current = await fetchChatStatus().then((s) => s.chosen, () => 'online' as const);
    return status.current === 'do-not-disturb';
  }, []);
}
