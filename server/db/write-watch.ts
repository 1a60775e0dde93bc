import type { CompiledQuery, DatabaseConnection, Dialect as KyselyDialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** The tables a statement writes to (insert, update, delete), read off its compiled SQL. */
export function writtenTables(sql: string): string[] {
  const found: string[] = [];
  for (const m of sql.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi)) found.push(m[1]!.toLowerCase());
  return found;
}

/**
 * Wraps a Kysely dialect so that every statement writing to one of `tables` calls `onWrite`: at once,
 * and again when the transaction it ran in commits. The second call is what makes a cache of those
 * tables safe: a read that ran between the write and the commit saw the old rows.
 */
export function watchWrites(dialect: KyselyDialect, tables: ReadonlySet<string>, onWrite: () => void): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WatchingDriver(dialect.createDriver(), tables, onWrite),
  };
}

class WatchingConnection implements DatabaseConnection {
  inTransaction = false;
  wroteInTransaction = false;
  constructor(
    readonly inner: DatabaseConnection,
    private tables: ReadonlySet<string>,
    private onWrite: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (writtenTables(query.sql).some((t) => this.tables.has(t))) {
      if (this.inTransaction) this.wroteInTransaction = true;
      this.onWrite();
    }
    return result;
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
    private tables: ReadonlySet<string>,
    private onWrite: () => void,
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
    return new WatchingConnection(await this.inner.acquireConnection(), this.tables, this.onWrite);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as WatchingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.wroteInTransaction = false;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as WatchingConnection;
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    if (c.wroteInTransaction) this.onWrite();
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
