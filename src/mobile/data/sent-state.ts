import { useOutbox } from '../../offline/use-outbox';

/** Where one write saved on the phone stands: nothing saved yet, waiting in the outbox, sent, or refused. */
export type SentState = { kind: 'none' } | { kind: 'waiting' } | { kind: 'sent' } | { kind: 'refused'; message: string };

/**
 * The state of the outbox entry `id` (the one a screen just saved). An entry leaves the outbox only
 * when the server accepted it (or the crew discarded it on the Waiting screen, which this screen
 * does not show at the same time), so an id no longer there was sent.
 */
export function useSentState(id: string | null): SentState {
  const { entries } = useOutbox();
  if (!id) return { kind: 'none' };
  const entry = entries.find((e) => e.id === id);
  if (!entry) return { kind: 'sent' };
  if (entry.state === 'failed' || entry.state === 'conflict') return { kind: 'refused', message: entry.lastError ?? 'The server did not accept it.' };
  return { kind: 'waiting' };
}
