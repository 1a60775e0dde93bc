import { useEffect, useRef } from 'react';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../resources/realtime';
import { matchesSubscription } from './live-provider';
import { useSocketEvent } from './RealtimeProvider';

/**
 * Refreshes a page built of several queries (a production, a budget, an invoice with its sections
 * and activity) when another user changes it: a live event for the record itself (`resource` with
 * this id) or for one of its `parts` (any row of those resources). The events of one change arrive
 * together, so they make one refresh; the queries keep their data while they refetch (no flicker).
 */
export function useLiveRefresh(resource: string, id: string | number | undefined, refresh: () => unknown, parts: string[] = []) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useSocketEvent<LiveEvent>(SOCKET_EVENTS.live, (event) => {
    const mine =
      id !== undefined && id !== '' && matchesSubscription(event, { channel: liveChannel(resource), types: ['*'], params: { subscriptionType: 'useOne', id } });
    const part = parts.some((p) => event.channel === liveChannel(p));
    if (!mine && !part) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void latest.current();
    }, 50);
  });
}
