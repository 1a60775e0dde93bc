import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect as KyselyDialect, type Transaction } from 'kysely';
import pg from 'pg';
import path from 'node:path';
import type { DB } from './schema.js';
import { watchTables } from './table-watch.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Either the database or a transaction: services take this so callers decide the transaction boundary. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** Connections of this process (GET /metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  poolStats(): PoolStats;
  close(): Promise<void>;
}

// timestamptz and int8 come back as ISO strings and numbers, the same shapes SQLite gives.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  sqliteFile?: string;
  /** Called with the tables of every write (and again when its transaction commits). */
  onWrite?: (tables: string[]) => void;
  /** Where a lost PostgreSQL connection is reported (the server's logger). */
  log?: { warn(obj: object, msg: string): void };
  /**
   * PostgreSQL only: a statement running longer is cancelled (57014, answered 503), so a query stuck
   * behind a lock or a bad plan ends instead of holding a request and a pooled connection. 0: none.
   */
  statementTimeoutMs?: number;
}

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const PG_CONNECT_TIMEOUT_MS = 5000;

/**
 * Settings of every PostgreSQL connection the server opens, added to those its URL names. A request's
 * queries read a few thousand rows at most: starting parallel workers (processes) and compiling a plan
 * with JIT cost more than the work they share. Measured on the figures volume: a year of production by
 * item, 31,000 rows, took 87-108 ms with two parallel workers (the workers' own part 24 ms each) and
 * 23-32 ms without (docs/decisions.md, Database).
 */
export const PG_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/** The URL with PG_SESSION_OPTIONS after the options it already gives (the bench's search_path). */
export function withSessionOptions(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('options');
  url.searchParams.set('options', given ? `${given} ${PG_SESSION_OPTIONS}` : PG_SESSION_OPTIONS);
  return url.toString();
}

/** The SQLite database's file in DATA_DIR (and in a backup's folder, scripts/backup-shared.ts). */
export const SQLITE_FILE = 'app.db';

export function openDatabase(opts: OpenOptions): DatabaseHandle {
  const watched = (dialect: KyselyDialect) => (opts.onWrite ? watchTables(dialect, opts.onWrite) : dialect);
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withSessionOptions(opts.databaseUrl),
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    });
    survivingRestarts(pool, opts.log);
    preparingStatements(pool);
    const db = new Kysely<DB>({ dialect: watched(new PostgresDialect({ pool })) });
    return {
      db,
      dialect: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = opts.sqliteFile ?? path.join(opts.dataDir, SQLITE_FILE);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // The planner's statistics, as SQLite advises for long-lived connections: at open, then hourly, so
  // a server started over small tables does not keep planning for them as they grow.
  sqlite.pragma('optimize = 0x10002');
  const optimize = setInterval(() => sqlite.pragma('optimize'), 3_600_000);
  optimize.unref();
  const db = new Kysely<DB>({ dialect: watched(new SqliteDialect({ database: reusingStatements(sqlite) })) });
  return {
    db,
    dialect: 'sqlite',
    // One connection, and queries run on it one after another: none wait in a pool.
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    close: () => {
      clearInterval(optimize);
      return db.destroy();
    },
  };
}

/**
 * A restart of PostgreSQL ends every connection ("terminating connection due to administrator
 * command"): unheard, that error event ends the process. The pool drops an idle client that
 * errs and connects anew when asked; a client in use hears of it through its query, or its next one
 * (answered 503 by server/http/errors.ts), and is dropped when released.
 */
function survivingRestarts(pool: pg.Pool, log: OpenOptions['log']) {
  // The code and the server's words say restart from refusal; the stack adds nothing here.
  pool.on('error', (err: Error & { code?: string }) => log?.warn({ code: err.code, reason: err.message }, 'database connection lost; a new one is made when needed'));
  pool.on('connect', (client) => {
    // A client in use between two queries (in a transaction) emits its loss with no listener of the pool's.
    client.on('error', () => undefined);
  });
}

/** Statements a connection keeps prepared at most; later ones are parsed and planned each time. */
const PG_PREPARED_PER_CONNECTION = 200;
/** A statement is prepared once its text has come this many times: one-off texts (long `in (...)` lists) never are. */
const PG_PREPARE_AFTER = 3;
/** Texts given a name at most, in this process. */
const PG_NAMED_STATEMENTS = 5000;

/**
 * PostgreSQL keeping the statements the server sends again and again prepared on each connection,
 * named by their SQL text: Kysely sends every query unnamed, so PostgreSQL parsed and planned each
 * one anew, and planning was most of a grid page's time in the database (parse 0.2 ms, plan 0.4 ms,
 * run 0.15 ms for the members grid). PostgreSQL's own choice of plan stands (plan_cache_mode auto): a
 * statement's first five runs are planned for their values, later ones use one generic plan only while
 * its estimated cost is no more than theirs. So a page's query stops being planned on every call, while
 * the job claim, whose generic plan would read every finished job (32,000 against 21 estimated over a
 * million), keeps plans for its values (tests/api/pg-plans.test.ts). Forcing custom plans everywhere
 * had cost the grids 1.3 to 2.5 times their time on PostgreSQL.
 */
function preparingStatements(pool: pg.Pool) {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (seen.size > 10_000) seen.clear();
    seen.set(text, count);
    if (count < PG_PREPARE_AFTER || names.size >= PG_NAMED_STATEMENTS) return null;
    name = `fw${names.size}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let prepared = 0;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined || prepared >= PG_PREPARED_PER_CONNECTION) return query(config, values, callback);
      const name = nameOf(config);
      if (!name) return query(config, values);
      const known = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[name] !== undefined;
      if (!known) prepared += 1;
      return query({ name, text: config, values });
    };
  });
}

/**
 * better-sqlite3 with its prepared statements kept by SQL text: Kysely prepares every query anew, and
 * preparing was a tenth of a list request's time. Statements are safe to reuse since the driver runs
 * one query at a time (and we never stream); the bound keeps queries with varying `in (...)` lists
 * from growing it without end.
 */
function reusingStatements(sqlite: Database.Database, max = 1000) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

