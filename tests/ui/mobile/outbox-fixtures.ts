import { outbox } from '../../../src/offline/outbox';

/**
 * Empties the app's one outbox (in the fake IndexedDB). Files share it when the UI tests run without
 * isolation, so each test that reads the outbox starts from this.
 */
export async function emptyOutbox() {
  for (const entry of await outbox.list()) await outbox.discard(entry.id);
}
