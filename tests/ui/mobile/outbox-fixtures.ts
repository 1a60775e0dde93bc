import { outbox } from '../../../src/offline/outbox';

/** Empties the app's one outbox (in the fake IndexedDB, shared by the tests of a file): each test that reads it starts from this. */
export async function emptyOutbox() {
  for (const entry of await outbox.list()) await outbox.discard(entry.id);
}
