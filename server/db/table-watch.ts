import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Dialect as KyselyDialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';

const tableNames = (sql: string, pattern: RegExp) => [...sql.matchAll(pattern)].map((m) => m[1]!.toLowerCase());

/** The tables a statement writes to (insert, update, delete), read off its compiled SQL. */
export const writtenTables = (sql: string): string[] => tableNames(sql, /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi);

/**
 * The tables a statement reads (from and join, subqueries included), read off its compiled SQL. A
 * word after `from` that is no table (`extract(year from x)`, a CTE's name) only adds a name no write
 * ever clears.
 */
export const readTables = (sql: string): string[] => tableNames(sql, /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi);

const reading = new AsyncLocalStorage<Set<string>>();

/**
 * Runs `work` and answers what it produced with every table its queries read, so a cache can keep
 * the value exactly until one of those tables is written. A tracked load inside another adds its
 * tables to the outer one too.
 */
export async function trackReads<T>(work: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await reading.run(tables, work);
  const outer = reading.getStore();
  if (outer) for (const t of tables) outer.add(t);
  return { value, tables };
}

const writing = new AsyncLocalStorage<Set<string>>();

/** Runs `work` and answers what it produced with every table its statements wrote (a request's live events). */
export async function trackWrites<T>(work: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const value = await writing.run(tables, work);
  return { value, tables };
}

/** A statement stored with every write of a piece of work, and the table it writes itself. */
export interface CommitMarker {
  query: CompiledQuery;
  table: string;
}

const marking = new AsyncLocalStorage<CommitMarker>();

/**
 * Runs `work` so that each of its transactions that writes runs `marker` just before it commits, and
 * each of its writes outside a transaction runs in one with it: the marker is stored exactly when the
 * work's writes are, even if the database goes away between a commit and its acknowledgement (an
 * idempotency key's `written`, server/http/idempotency.ts). Statements writing only the marker's
 * table are left alone.
 */
export function withCommitMarker<T>(marker: CommitMarker, work: () => Promise<T>): Promise<T> {
  return marking.run(marker, work);
}

const markerFor = (tables: Iterable<string>) => {
  const marker = marking.getStore();
  return marker && [...tables].some((t) => t !== marker.table) ? marker : null;
};

/**
 * Wraps a Kysely dialect so that every statement writing to tables calls `onWrite` with them: at
 * once, and again when the transaction it ran in commits. The second call is what makes a cache of
 * those tables safe: a read that ran between the write and the commit saw the old rows. Statements
 * run inside `trackReads` also record the tables they read, and work run `withCommitMarker` gets its
 * marker stored with its writes.
 */
export function watchTables(dialect: KyselyDialect, onWrite: (tables: string[]) => void): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchingDriver(dialect.createDriver(), onWrite),
  };
}

class WatchingConnection implements DatabaseConnection {
  inTransaction = false;
  /** Tables written in the open transaction, told again at its commit. */
  writtenInTransaction = new Set<string>();
  constructor(
    readonly inner: DatabaseConnection,
    private onWrite: (tables: string[]) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reads = reading.getStore();
    if (reads) for (const t of readTables(query.sql)) reads.add(t);
    const written = writtenTables(query.sql);
    const marker = this.inTransaction ? null : markerFor(written);
    const result = marker ? await this.markedWrite<R>(query, marker) : await this.inner.executeQuery<R>(query);
    if (written.length) {
      const writes = writing.getStore();
      if (writes) for (const t of written) writes.add(t);
      if (this.inTransaction) for (const t of written) this.writtenInTransaction.add(t);
      this.onWrite(written);
    }
    return result;
  }

  /** A write outside a transaction, in one with the marker. */
  private async markedWrite<R>(query: CompiledQuery, marker: CommitMarker): Promise<QueryResult<R>> {
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(marker.query);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (err) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw err;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WatchingDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private inner: Driver,
    private onWrite: (tables: string[]) => void,
  ) {
    const unwrap = (c: DatabaseConnection) => (c as WatchingConnection).inner;
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(unwrap(c), name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(unwrap(c), name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(unwrap(c), name, compile);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchingConnection(await this.inner.acquireConnection(), this.onWrite);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as WatchingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.writtenInTransaction.clear();
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as WatchingConnection;
    const marker = markerFor(c.writtenInTransaction);
    if (marker) await c.inner.executeQuery(marker.query);
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    if (c.writtenInTransaction.size) this.onWrite([...c.writtenInTransaction]);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as WatchingConnection;
    await this.inner.rollbackTransaction(c.inner);
    c.inTransaction = false;
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchingConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}
