/**
 * `npm run restore -- <backup folder> [--force]`: puts a backup of `npm run backup` back into this
 * machine's DATA_DIR / DATABASE_URL, with the server stopped. Refuses a database that already holds
 * tables unless --force. The server migrates the restored database when it starts.
 */
import Database from 'better-sqlite3';
import { chmod, copyFile, cp, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { filesRoot } from '../server/storage/file-store.js';
import { findPgTool, manifestSchema, parseCommandLine, PG_DUMP_FILE, pgQuery, pgToolConnection, run, SQLITE_FILE, type Manifest } from './backup-shared.js';

const USAGE = 'npm run restore -- <backup folder> [--force]';
const { values: args, positionals } = parseCommandLine({ options: { force: { type: 'boolean', default: false } }, strict: true, allowPositionals: true }, USAGE);

async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${folder} is not a complete backup: it has no manifest.json`);
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a manifest this version reads: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function sqliteTables(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Copied beside the database and renamed over it; the old WAL and shared memory would otherwise be replayed onto the restored file. */
async function restoreSqlite(folder: string, dataDir: string) {
  const target = path.join(dataDir, SQLITE_FILE);
  if (sqliteTables(target) && !args.force) throw new Error(`${target} already holds a database: stop the server, and pass --force to replace it`);
  await copyFile(path.join(folder, SQLITE_FILE), `${target}.restoring`);
  await rm(`${target}-wal`, { force: true });
  await rm(`${target}-shm`, { force: true });
  await rename(`${target}.restoring`, target);
}

/** pg_restore into DATABASE_URL: a whole-database dump as it was, a one-schema dump (manifest.schema) into that schema. */
async function restorePostgres(folder: string, url: string, schema: string | null) {
  const [row] = await pgQuery<{ n: number }>(
    url,
    schema
      ? 'select count(*)::int as n from information_schema.tables where table_schema = $1'
      : `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    schema ? [schema] : [],
  );
  if (row?.n && !args.force) throw new Error(`the database already holds tables${schema ? ` in schema ${schema}` : ''}: pass --force to replace them`);
  if (schema) {
    // A one-schema dump leaves out the extensions it uses; pg_trgm's indexes need it (migration 0011).
    await pgQuery(url, 'create extension if not exists pg_trgm with schema public').catch((err: Error) => console.warn(`pg_trgm not installed (${err.message}): its indexes will fail to restore`));
  }
  const connection = pgToolConnection(url);
  await run(findPgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', connection.arg, path.join(folder, PG_DUMP_FILE)], connection.env);
}

async function main() {
  if (positionals.length !== 1) {
    console.error(`Usage: ${USAGE}`);
    process.exit(2);
  }
  const folder = path.resolve(positionals[0]!);
  const manifest = await readManifest(folder);
  const config = loadConfig(process.env, { runJobs: false });
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) throw new Error(`the backup is of a ${manifest.dialect} database and this configuration uses ${dialect}: set DATABASE_URL accordingly`);

  if (config.databaseUrl) await restorePostgres(folder, config.databaseUrl, manifest.schema);
  else await restoreSqlite(folder, config.dataDir);

  if (manifest.filesIncluded) await cp(path.join(folder, 'files'), filesRoot(config.dataDir), { recursive: true, force: true });
  else console.warn('The backup holds no files (they were in S3): restore the bucket with your S3 tooling.');

  for (const key of manifest.keyFiles) {
    const target = path.join(config.dataDir, key);
    await copyFile(path.join(folder, key), target);
    await chmod(target, 0o600);
  }
  console.log(
    `Restored ${manifest.dialect} database of ${manifest.createdAt} (${manifest.counts.tables} tables), ${manifest.counts.files} files and key files: ${manifest.keyFiles.join(', ') || 'none'}. Start the server: it migrates the database if needed.`,
  );
}

main().catch((err: Error) => {
  console.error(`Restore failed: ${err.message}`);
  process.exitCode = 1;
});
