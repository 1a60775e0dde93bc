import type { LiveEvent as RefineLiveEvent, LiveProvider } from '@refinedev/core';
import { SOCKET_EVENTS, type LiveEvent } from '../../resources/realtime';
import { realtime, type RealtimeClient } from './client';

type Params = { ids?: Array<string | number>; id?: string | number; subscriptionType?: string };

/** Whether a subscription wants the event: its channel and type, and for one record or a few, one of its ids. */
export function matchesSubscription(
  event: LiveEvent,
  sub: { channel: string; types: string[]; params?: Params },
): boolean {
  if (event.channel !== sub.channel) return false;
  if (!sub.types.includes('*') && !sub.types.includes(event.type)) return false;
  const wanted = sub.params?.subscriptionType === 'useOne' ? [sub.params.id] : sub.params?.subscriptionType === 'useMany' ? sub.params.ids : undefined;
  const got = event.payload.ids ?? [];
  // An event without ids says "something in this resource changed": every view of it refetches.
  if (!wanted || !got.length) return true;
  const ids = new Set(got.map(String));
  return wanted.some((id) => id !== undefined && ids.has(String(id)));
}

/**
 * Refine's live provider over the tab's socket: the server publishes `live` events to the companies
 * that see the changed rows; ids only, so every view refetches through the API and its access rules.
 */
export function liveProvider(client: RealtimeClient = realtime): LiveProvider {
  return {
    subscribe: ({ channel, types, params, callback }) =>
      client.on<LiveEvent>(SOCKET_EVENTS.live, (event) => {
        if (matchesSubscription(event, { channel, types, params: params as Params })) {
          callback({ ...event, date: new Date(event.date) } as RefineLiveEvent);
        }
      }),
    unsubscribe: (off: () => void) => off(),
    // The server announces every change itself, once it has committed.
    publish: () => undefined,
  };
}
