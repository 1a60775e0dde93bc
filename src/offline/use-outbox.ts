import { useCallback, useSyncExternalStore } from 'react';
import { type Outbox, outbox as appOutbox } from './outbox';

/** The outbox's waiting count and entries, current on every change, for the count and the list screens. */
export function useOutbox(outbox: Outbox = appOutbox) {
  const subscribe = useCallback((onChange: () => void) => outbox.subscribe(onChange), [outbox]);
  const { waiting, entries } = useSyncExternalStore(subscribe, () => outbox.current());
  const retry = useCallback((id: string) => outbox.retry(id), [outbox]);
  const discard = useCallback((id: string) => outbox.discard(id), [outbox]);
  return { waiting, entries, retry, discard };
}
