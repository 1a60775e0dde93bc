/**
 * `npm run backup [-- --out <folder>]`: a consistent copy of a running server's data into
 * <out>/fieldwork-<timestamp>/ (default ./backups): the database, the uploaded files (local storage
 * only) and the generated key files. Uses the same DATA_DIR / DATABASE_URL as the server; safe while
 * it serves. See docs/operations.md, "Backup and restore".
 */
import Database from 'better-sqlite3';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../server/config.js';
import { filesRoot } from '../server/storage/file-store.js';
import { exactSchema, findPgTool, KEY_FILES, MANIFEST_VERSION, parseCommandLine, PG_DUMP_FILE, pgQuery, pgToolConnection, run, SQLITE_FILE, type Manifest } from './backup-shared.js';

const { values: args } = parseCommandLine({ options: { out: { type: 'string', default: 'backups' } }, strict: true, allowPositionals: false }, 'npm run backup [-- --out <folder>]');

/** SQLite's online backup: one read transaction over every page, so the copy is one committed state while the server keeps writing (WAL). */
async function backupSqlite(config: Config, target: string): Promise<number> {
  const source = path.join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`no database at ${source}: is DATA_DIR the server's?`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All remaining pages in one step: steps apart would restart whenever the server writes between them.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy fails SQLite's quick_check: ${String(check)}`);
    return (copy.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
  } finally {
    copy.close();
  }
}

/**
 * pg_dump's own snapshot is consistent. The whole database when the server uses `public`; only its
 * schema when its search_path names another (servers sharing one database, as the tests do).
 */
async function backupPostgres(url: string, target: string): Promise<{ schema: string | null; tables: number }> {
  const [row] = await pgQuery<{ schema: string }>(url, 'select current_schema() as schema');
  const schema = row?.schema && row.schema !== 'public' ? row.schema : null;
  const [count] = await pgQuery<{ n: number }>(url, 'select count(*)::int as n from information_schema.tables where table_schema = current_schema()');
  const connection = pgToolConnection(url);
  await run(findPgTool('pg_dump'), ['--format=custom', `--file=${target}`, ...(schema ? [`--schema=${exactSchema(schema)}`] : []), connection.arg], connection.env);
  return { schema, tables: count?.n ?? 0 };
}

/**
 * Copies the files folder. A file removed while it runs (deleted by a user since the snapshot) is
 * skipped rather than failing the backup: the restored row then names bytes that are gone, as it
 * would have a moment later on the live server.
 */
async function copyFiles(from: string, to: string): Promise<{ files: number; fileBytes: number }> {
  let files = 0;
  let fileBytes = 0;
  await mkdir(to, { recursive: true });
  for (const e of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const source = path.join(e.parentPath, e.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    files += 1;
    fileBytes += (await stat(target)).size;
  }
  return { files, fileBytes };
}

async function main() {
  const config = loadConfig(process.env, { runJobs: false });
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const name = `fieldwork-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const outDir = path.resolve(args.out!);
  // Written under a .partial name and renamed at the end: a folder without it is a complete backup.
  const work = path.join(outDir, `${name}.partial`);
  await mkdir(work, { recursive: true, mode: 0o700 });
  await chmod(work, 0o700);
  try {
    // The database FIRST, the files after: a file's bytes are written (renamed into place) before its
    // row commits and are never changed under the same name, so every file the snapshot names is
    // already on disk when the copy starts. Copying files first would miss those uploaded in between.
    let schema: string | null = null;
    let tables: number;
    if (config.databaseUrl) ({ schema, tables } = await backupPostgres(config.databaseUrl, path.join(work, PG_DUMP_FILE)));
    else tables = await backupSqlite(config, path.join(work, SQLITE_FILE));

    const filesIncluded = config.storage.kind === 'local';
    let counts = { files: 0, fileBytes: 0 };
    if (filesIncluded) {
      // Files uploaded after the snapshot come along too (rows the restore lacks: the hourly sweep removes them).
      counts = await copyFiles(filesRoot(config.dataDir), path.join(work, 'files'));
    } else {
      console.warn('Files are in the S3 bucket and are not in this backup: back the bucket up with your S3 tooling.');
    }

    const keyFiles: Manifest['keyFiles'] = [];
    for (const key of KEY_FILES) {
      const source = path.join(config.dataDir, key);
      if (!existsSync(source)) continue;
      await copyFile(source, path.join(work, key));
      await chmod(path.join(work, key), 0o600);
      keyFiles.push(key);
    }

    const manifest: Manifest = { version: MANIFEST_VERSION, dialect, createdAt: new Date().toISOString(), schema, filesIncluded, keyFiles, counts: { tables, ...counts } };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const done = path.join(outDir, name);
    await rename(work, done);
    console.log(`Backup written to ${done}: ${dialect} database (${tables} tables), ${counts.files} files (${counts.fileBytes} bytes), key files: ${keyFiles.join(', ') || 'none'}.`);
    if (keyFiles.length) console.log('It holds the secret keys: keep it as safe as the server itself.');
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

main().catch((err: Error) => {
  console.error(`Backup failed: ${err.message}`);
  process.exitCode = 1;
});
