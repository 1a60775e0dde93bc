import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_DAYS, EXPORT_MESSAGES, exportFileName } from '../../../resources/company-export.js';
import type { JobContext } from '../../jobs/index.js';
import { registerHourly, scheduleHourly } from '../../jobs/hourly.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { notifyMembers } from '../../lib/notify.js';
import type { Services } from '../../services.js';
import { fileTransaction, storeUpload } from '../../storage/file-store.js';
import { EXPORT_FILE_ENTITY } from './export-sections.js';
import { publishProgress, type ExportRow } from './export-view.js';
import { countSteps, ExportStopped, writeExportZip } from './zip-writer.js';

export const EXPORT_JOB = 'company.export';
const EXPIRE_JOB = 'company.export-expiry';
/** The zip's row in the files table: owned by its export, never in the file manager. */
const ZIP_OWNER = { entityType: EXPORT_FILE_ENTITY, type: 'export' } as const;
/** Progress is written at most this often: a company of many small files would otherwise write a row per file. */
const PROGRESS_EVERY_MS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Payload {
  exportId: number;
}

/** A stopping server hands the export to the next runner after this wait. */
const CONTINUE_AFTER_MS = 1000;

/**
 * The export job, and the hourly removal of expired zips. On close (preClose, before the job runner
 * is asked to stop) a running export stops after the entry it is writing and queues itself again,
 * so a restart neither waits for a company's gigabytes nor loses the export; the next run starts
 * the zip over.
 */
export function registerCompanyExports(app: FastifyInstance, services: Services) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  services.jobs.register<Payload>(EXPORT_JOB, (payload, ctx) => runExport(services, payload.exportId, ctx, () => stopping), { attempts: 3 });
  registerHourly(services.jobs, EXPIRE_JOB, async () => {
    const expired = await expireExports(services);
    if (expired) services.log.info({ expired }, 'expired company exports removed');
  });
}

/** Queues the coming hour's expiry run unless a process already did (server/main.ts, at start). */
export const scheduleExportExpiry = (services: Services) => scheduleHourly(services.jobs, EXPIRE_JOB);

const loadRow = async (services: Services, id: number) =>
  (await services.db.selectFrom('company_exports').selectAll().where('id', '=', id).executeTakeFirst()) as ExportRow | undefined;

/**
 * One run of an export: counts its steps, writes the zip into a work file (rows and bytes streamed,
 * see zip-writer.ts), moves it into the file store and ends the export. A failed run is retried from
 * the start; after the last attempt the export says it failed.
 */
async function runExport(services: Services, id: number, ctx: JobContext, stopping: () => boolean) {
  const row = await loadRow(services, id);
  // Ended already (a relayed duplicate): nothing is written twice.
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
  const work = path.join(services.config.dataDir, 'tmp', 'company-exports', `${id}-${randomUUID()}.zip`);
  const progress = new Progress(services, row);
  try {
    const company = await services.db.selectFrom('companies').select(['id', 'name']).where('id', '=', row.company_id).executeTakeFirstOrThrow();
    const requester = row.requested_by === null ? undefined : await services.db.selectFrom('users').select(['id', 'name']).where('id', '=', row.requested_by).executeTakeFirst();
    const total = await countSteps(services, row.company_id);
    await services.db.updateTable('company_exports').set({ status: 'running', steps_total: total, steps_done: 0, error: null, updated_at: nowIso() }).where('id', '=', id).execute();
    publishProgress(services, row);

    const manifest = await writeExportZip(services, { companyId: company.id, companyName: company.name, exportedBy: requester ?? null }, work, { step: () => progress.step(), shouldStop: stopping });
    await progress.flush();

    const size = (await stat(work)).size;
    const upload = { filename: exportFileName(company.name, String(row.created_at)), contentType: 'application/zip', length: size, spoolPath: work };
    const owner = { ...ZIP_OWNER, companyId: row.company_id, entityId: id, uploadedBy: row.requested_by };
    await storeUpload(services, owner, upload, async (trx, file) => {
      const finished = nowIso();
      const updated = await trx
        .updateTable('company_exports')
        .set({ status: 'done', file_id: file.id, size_bytes: size, steps_done: total, finished_at: finished, expires_at: new Date(Date.parse(finished) + EXPORT_DAYS * DAY_MS).toISOString(), updated_at: finished })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      // Ended meanwhile (another runner took over a lapsed lock and finished first): the rollback drops this zip.
      if (!Number(updated.numUpdatedRows)) throw new Error('The export was ended by another run');
      await recordAudit(trx, { userId: row.requested_by, companyId: row.company_id }, {
        entityType: 'company',
        entityId: row.company_id,
        action: 'exported',
        after: { exportId: id, files: manifest.files.count, size },
      });
      await tell(services, trx, row, EXPORT_MESSAGES.done(company.name));
    });
    publishProgress(services, row);
  } catch (err) {
    if (err instanceof ExportStopped) {
      await services.jobs.enqueue(EXPORT_JOB, { exportId: id }, { delayMs: CONTINUE_AFTER_MS });
      return;
    }
    if (ctx.lastAttempt) await fail(services, id, err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    progress.stop();
    await rm(work, { force: true });
  }
}

/**
 * Counts steps in memory and writes them to the row at most every PROGRESS_EVERY_MS (the last count
 * too, even when no step follows for a while: a large file), one write after another so a count
 * never goes back.
 */
class Progress {
  private done = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  constructor(
    private services: Services,
    private row: ExportRow,
  ) {}

  step() {
    this.done++;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush().catch((err: unknown) => this.services.log.warn({ err, exportId: this.row.id }, 'export progress not recorded'));
    }, PROGRESS_EVERY_MS);
  }

  flush() {
    this.stop();
    const done = this.done;
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        await this.services.db.updateTable('company_exports').set({ steps_done: done, updated_at: nowIso() }).where('id', '=', this.row.id).where('status', '=', 'running').execute();
        publishProgress(this.services, this.row);
      });
    return this.writing;
  }

  /** No write after the run ended (a retry's count is its own). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

async function tell(services: Services, trx: Parameters<typeof notifyMembers>[1], row: ExportRow, description: string) {
  if (row.membership_id === null) return;
  await notifyMembers(services, trx, [{ membershipId: row.membership_id, companyId: row.company_id, userId: row.requested_by }], null, {
    type: 'company-export',
    description,
    entityId: row.company_id,
    options: { eventId: row.id },
  });
}

async function fail(services: Services, id: number, error: string) {
  const row = await loadRow(services, id);
  if (!row) return;
  const message = `The export could not be finished: ${error}`;
  const ended = await services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('company_exports')
      .set({ status: 'failed', error: message, finished_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return false;
    const company = await trx.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirstOrThrow();
    await tell(services, trx, row, EXPORT_MESSAGES.failed(company.name, message));
    return true;
  });
  if (ended) publishProgress(services, row);
}

/** Removes the zips of exports past their expiry; the export rows stay, as 'expired'. */
export async function expireExports(services: Services, now = new Date()) {
  const due = await services.db
    .selectFrom('company_exports')
    .select(['id', 'file_id'])
    .where('status', '=', 'done')
    .where('expires_at', '<', now.toISOString())
    .execute();
  for (const row of due) {
    await fileTransaction(services, async (trx, files) => {
      await trx.updateTable('company_exports').set({ status: 'expired', file_id: null, updated_at: nowIso() }).where('id', '=', row.id).execute();
      await files.release({ ...ZIP_OWNER, entityId: row.id }, { id: row.file_id });
    });
  }
  return due.length;
}
