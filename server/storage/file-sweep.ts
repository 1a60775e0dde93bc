import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import { registerHourly, scheduleHourly } from '../jobs/hourly.js';
import type { Services } from '../services.js';
import { removeBytes, staticUrl } from './file-store.js';
import { spoolFolder } from './uploads.js';

/** Younger rows and bytes may belong to an upload whose transaction has not committed yet. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const BATCH = 500;

type FilesEb = ExpressionBuilder<DB, 'files'>;

/**
 * Where each type of file is pointed at from. Rows of any other type are not swept: a file that is
 * its own record (an attachment) is kept or removed with its entity.
 */
const REFERENCED_BY: Record<string, (eb: FilesEb) => ReturnType<FilesEb['exists']>> = {
  profilePicture: (eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.avatar_id', '=', 'files.id')),
  icon: (eb) => eb.exists(eb.selectFrom('items').select('items.id').whereRef('items.icon_id', '=', 'files.id')),
  logo: (eb) =>
    eb.exists(eb.selectFrom('companies').select('companies.id').where(sql<boolean>`companies.logo_url = ${staticUrl('')} || files.public_id`)),
};

/** Rows nothing points at, then bytes no row names; both only when older than the grace period. */
export async function sweepOrphanFiles(services: Services, opts: { graceMs?: number; now?: Date } = {}) {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.graceMs ?? SWEEP_GRACE_MS));
  const rows = await services.db
    .deleteFrom('files')
    .where('created_at', '<', cutoff.toISOString())
    .where((eb) => eb.or(Object.entries(REFERENCED_BY).map(([type, referenced]) => eb.and([eb('type', '=', type), eb.not(referenced(eb))]))))
    .returning('object_name')
    .execute();
  await removeBytes(services, rows.map((r) => r.object_name));
  return { rows: rows.length, files: await sweepUnnamedBytes(services, cutoff), spooled: await sweepSpool(services, cutoff) };
}

/** Stored objects whose name (ending in the public id) no row holds. */
async function sweepUnnamedBytes(services: Services, cutoff: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    // Looked up by public id, which is unique and indexed; the object name ends with it.
    const named = await services.db
      .selectFrom('files')
      .select('object_name')
      .where('public_id', 'in', batch.map((name) => path.posix.basename(name)))
      .execute();
    const known = new Set(named.map((r) => r.object_name));
    const stale = batch.filter((n) => !known.has(n));
    await removeBytes(services, stale);
    removed += stale.length;
    batch = [];
  };
  for await (const object of services.storage.list()) {
    if (object.modified >= cutoff) continue;
    batch.push(object.name);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return removed;
}

/** Spool files of uploads that ended without moving them (a crash mid-request). */
async function sweepSpool(services: Services, cutoff: Date): Promise<number> {
  const folder = spoolFolder(services);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const info = await stat(path.join(folder, name)).catch(() => null);
    if (info && info.mtime < cutoff) {
      await rm(path.join(folder, name), { force: true });
      removed++;
    }
  }
  return removed;
}

const SWEEP_JOB = 'files.sweep';

export function registerFileSweep(services: Services) {
  registerHourly(services.jobs, SWEEP_JOB, async () => {
    const swept = await sweepOrphanFiles(services);
    if (swept.rows || swept.files || swept.spooled) services.log.info(swept, 'orphan files swept');
  });
}

export const scheduleFileSweep = (services: Services) => scheduleHourly(services.jobs, SWEEP_JOB);
