/**
 * The phone's IndexedDB: the outbox's entries (with their photos' Blobs, which IndexedDB stores as
 * they are), the answers later entries still refer to, and the last answer of each read the field
 * screens make, shown when there is no connection. All survive closing the page.
 */
const VERSION = 2;
export const ENTRIES = 'entries';
export const ANSWERS = 'answers';
export const READS = 'reads';
type StoreName = typeof ENTRIES | typeof ANSWERS | typeof READS;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export class OfflineStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly name: string) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(this.name, VERSION);
      request.onupgradeneeded = () => {
        for (const store of [ENTRIES, ANSWERS, READS]) {
          if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store, { keyPath: 'id' });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  }

  async all<T>(store: StoreName): Promise<T[]> {
    const db = await this.open();
    return done(db.transaction(store).objectStore(store).getAll() as IDBRequest<T[]>);
  }

  async get<T>(store: StoreName, id: string): Promise<T | undefined> {
    const db = await this.open();
    return done(db.transaction(store).objectStore(store).get(id) as IDBRequest<T | undefined>);
  }

  async put<T extends { id: string }>(store: StoreName, value: T): Promise<void> {
    const db = await this.open();
    await done(db.transaction(store, 'readwrite').objectStore(store).put(value));
  }

  async delete(store: StoreName, id: string): Promise<void> {
    const db = await this.open();
    await done(db.transaction(store, 'readwrite').objectStore(store).delete(id));
  }

  /** Closes the connection (a page closing); a later call opens it again. */
  async close(): Promise<void> {
    const db = await this.db;
    db?.close();
    this.db = null;
  }
}
