import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, SQLITE_FILE } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';

/**
 * Databases for test servers, already migrated: each test server used to run every migration on a
 * database of its own, about 0.8 s on PostgreSQL and 0.1 s on SQLite, hundreds of times per run.
 * Now one database per process (and per migration set, on PostgreSQL) is migrated and the test's is
 * a copy of it: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL. The copy holds
 * what migrating a new database holds, so servers started on it find nothing left to migrate.
 */

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/db');
/** The schema test servers use on PostgreSQL: not `public`, as servers sharing one database use. */
const SCHEMA = 'fw';

/** What the migrated database depends on: the migrations' sources and the migrator's. */
function migrationsHash() {
  const hash = createHash('sha256');
  const dir = path.join(MIGRATIONS, 'migrations');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  hash.update(readFileSync(path.join(MIGRATIONS, 'migrate.ts')));
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplate: Promise<string> | null = null;

async function migrateSqliteTemplate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const database = openDatabase({ databaseUrl: null, dataDir: dir });
  await migrateToLatest(database.db, database.dialect);
  await database.close();
  return path.join(dir, SQLITE_FILE);
}

/** Puts a migrated SQLite database where a server with this data folder opens it. */
export async function migratedSqlite(dataDir: string) {
  copyFileSync(await (sqliteTemplate ??= migrateSqliteTemplate()), path.join(dataDir, SQLITE_FILE));
}

function databaseUrl(serverUrl: string, database: string, schema?: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  // Spelled out: URLSearchParams writes the space as `+`, which pg_dump's parser keeps.
  return schema ? `${url}${url.search ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : url.toString();
}

/** Work on a connection of its own to a PostgreSQL server, closed after, whatever happens. */
export async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * The migrated template for this migration set, made once on this server by whichever process comes
 * first (an advisory lock makes the others wait for it); templates of other migration sets are
 * dropped, unless a run on another checkout is copying one at that moment.
 */
function postgresTemplate(serverUrl: string) {
  let template = templates.get(serverUrl);
  if (!template) {
    template = admin(serverUrl, async (client) => {
      const name = `fwt_template_${migrationsHash()}`;
      await client.query(`select pg_advisory_lock(hashtext('fieldwork test template'))`);
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_building`;
          await client.query(`drop database if exists ${building}`);
          await client.query(`create database ${building}`);
          await admin(databaseUrl(serverUrl, building), (c) => c.query(`create schema ${SCHEMA}`));
          const database = openDatabase({ databaseUrl: databaseUrl(serverUrl, building, SCHEMA), dataDir: os.tmpdir() });
          try {
            await migrateToLatest(database.db, database.dialect);
          } finally {
            await database.close();
          }
          await client.query(`alter database ${building} rename to ${name}`);
        }
        const others = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'fwt\\_template\\_%' and datname <> $1`, [name]);
        for (const { datname } of others.rows) await client.query(`drop database if exists ${datname}`).catch(() => undefined);
      } finally {
        await client.query(`select pg_advisory_unlock(hashtext('fieldwork test template'))`);
      }
      return name;
    });
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

/** A migrated PostgreSQL database of the test's own, on the server `serverUrl` names. */
export async function migratedPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await postgresTemplate(serverUrl);
  const name = `fwt_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin(serverUrl, (c) => c.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(serverUrl, name, SCHEMA),
    drop: () => admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
