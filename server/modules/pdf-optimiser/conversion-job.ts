import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { PDF_MESSAGES, pageFileName } from '../../../resources/pdf-conversion.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.js';
import type { JobContext } from '../../jobs/index.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { notifyMembers } from '../../lib/notify.js';
import type { Services } from '../../services.js';
import { fileTransaction, storeUpload } from '../../storage/file-store.js';
import { refreshFileAcl } from '../files/file-access.js';
import { publishProgress, type ConversionRow } from './conversion-view.js';
import { failureMessage } from './failure-message.js';
import { rasteriseBatch, type RenderedPage } from './rasterise.js';

export const PDF_JOB = 'pdf.to-images';
/** The uploaded PDF's owner in the files table: its conversion (entity id), not the file manager. */
export const SOURCE_OWNER = { entityType: 'pdfConversion', type: 'source' } as const;

/** Limits of one conversion's worker; tests and the bench may lower or raise them. */
export interface ConversionLimits {
  pageTimeoutMs: number;
  heapMb: number;
  batchPages: number;
}
export const DEFAULT_LIMITS: ConversionLimits = { pageTimeoutMs: 120_000, heapMb: 512, batchPages: 10 };

interface Payload {
  conversionId: number;
}

/** A stopping server hands the rest of a conversion to the next runner after this wait. */
const CONTINUE_AFTER_MS = 1000;

/**
 * Registers the conversion job. On close (preClose, before the job runner is asked to stop) running
 * conversions stop after the page they are storing and queue their continuation, so a restart
 * neither waits for a 100-page set nor loses it.
 */
export function registerPdfConversions(app: FastifyInstance, services: Services, limits: ConversionLimits = DEFAULT_LIMITS) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  services.jobs.register<Payload>(PDF_JOB, (payload, ctx) => runConversion(services, payload.conversionId, ctx, limits, () => stopping), { attempts: 5 });
}

const loadRow = async (services: Services, id: number) =>
  (await services.db.selectFrom('pdf_conversions').selectAll().where('id', '=', id).executeTakeFirst()) as ConversionRow | undefined;

async function runConversion(services: Services, id: number, ctx: JobContext, limits: ConversionLimits, stopping: () => boolean) {
  const row = await loadRow(services, id);
  // Ended already (a relayed duplicate, a continuation after the end): nothing is ever written twice.
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const work = path.join(services.config.dataDir, 'tmp', 'pdf-conversions', `${id}-${randomUUID()}`);
  try {
    if (row.status === 'queued') await setRow(services, row, { status: 'running' });
    if (row.source_file_id === null) return await finish(services, row, { failed: PDF_MESSAGES.sourceGone });
    await mkdir(work, { recursive: true });
    const sourcePath = path.join(work, 'source.pdf');
    if (!(await fetchSource(services, row.source_file_id, sourcePath))) return await finish(services, row, { failed: PDF_MESSAGES.sourceGone });
    for (;;) {
      const current = (await loadRow(services, id))!;
      const written = await services.db.selectFrom('pdf_conversion_pages').select((eb) => eb.fn.max('page').as('last')).where('conversion_id', '=', id).executeTakeFirst();
      const next = Number(written?.last ?? 0) + 1;
      if (current.pages_total !== null && next > current.pages_total) return await finish(services, current, { done: true });
      const outcome = await rasteriseBatch(
        { sourcePath, ratio: Number(row.ratio), firstPage: next, batchPages: limits.batchPages, inspect: current.pages_total === null, outDir: work, pageTimeoutMs: limits.pageTimeoutMs, heapMb: limits.heapMb },
        {
          opened: async (pages) => {
            if (current.pages_total === null) await setRow(services, current, { pages_total: pages });
          },
          page: (page) => storePage(services, current, page),
          shouldStop: stopping,
        },
      );
      if (outcome.kind === 'failed') return await finish(services, current, { failed: failureMessage(outcome.failure, Number(row.ratio)) });
      if (outcome.kind === 'stopped') {
        await services.jobs.enqueue(PDF_JOB, { conversionId: id }, { delayMs: CONTINUE_AFTER_MS });
        return;
      }
    }
  } catch (err) {
    if (err instanceof FolderGone) return await finish(services, (await loadRow(services, id))!, { failed: err.message });
    // Retried with backoff; after the last attempt the conversion says it failed rather than run forever.
    if (ctx.lastAttempt) {
      const current = await loadRow(services, id);
      if (current) await finish(services, current, { failed: `The conversion could not be finished: ${err instanceof Error ? err.message : String(err)}` });
    }
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function fetchSource(services: Services, fileId: number, target: string) {
  const file = await services.db.selectFrom('files').select('object_name').where('id', '=', fileId).executeTakeFirst();
  const stream = file ? await services.storage.read(file.object_name) : null;
  if (!stream) return false;
  await pipeline(stream, createWriteStream(target));
  return true;
}

async function setRow(services: Services, row: ConversionRow, values: { status?: string; pages_total?: number }) {
  await services.db.updateTable('pdf_conversions').set({ ...values, updated_at: nowIso() }).where('id', '=', row.id).execute();
  publishProgress(services, row);
}

/**
 * One page into the project's files, exactly once: its page row (unique per conversion and page) is
 * written in the transaction of its file row, so a page stored before a restart makes the second
 * write roll back, bytes and all.
 */
async function storePage(services: Services, row: ConversionRow, page: RenderedPage) {
  const name = pageFileName(row.source_name, page.page);
  const target = { companyId: row.company_id, entityType: 'project', entityId: row.project_id, type: 'other', uploadedBy: row.requested_by, folderId: row.folder_id ?? undefined };
  try {
    await storeUpload(services, target, { filename: name, contentType: 'image/jpeg', length: page.length, spoolPath: page.path }, async (trx, file) => {
      await trx.insertInto('pdf_conversion_pages').values({ conversion_id: row.id, page: page.page, file_id: file.id, created_at: nowIso() }).execute();
      await trx
        .updateTable('pdf_conversions')
        .set((eb) => ({ pages_done: eb('pages_done', '+', 1), updated_at: nowIso() }))
        .where('id', '=', row.id)
        .execute();
      await refreshFileAcl(trx, file.id);
      await recordAudit(trx, { userId: row.requested_by, companyId: row.company_id }, {
        entityType: 'file',
        entityId: file.id,
        action: 'created',
        after: { name, folderId: row.folder_id, projectId: row.project_id, type: 'other', conversionId: row.id, page: page.page },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) return;
    // The project's folder was deleted while converting: the pages have nowhere to go.
    if (isForeignKeyViolation(err)) throw new FolderGone();
    throw err;
  }
  publishProgress(services, row);
}

class FolderGone extends Error {
  constructor() {
    super("The project's folder was deleted during the conversion");
  }
}

/**
 * Ends the conversion (only a running one: a second end is a no-op), releases the uploaded PDF and
 * tells the requester, whether it worked or why not.
 */
async function finish(services: Services, row: ConversionRow, outcome: { done: true } | { failed: string }) {
  const failed = 'failed' in outcome ? outcome.failed : null;
  const ended = await fileTransaction(services, async (trx, files) => {
    const updated = await trx
      .updateTable('pdf_conversions')
      .set({ status: failed ? 'failed' : 'done', error: failed, source_file_id: null, updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', 'in', ['queued', 'running'])
      .returning(['pages_done'])
      .executeTakeFirst();
    if (!updated) return false;
    await files.release({ ...SOURCE_OWNER, entityId: row.id }, { id: row.source_file_id });
    await recordAudit(trx, { userId: row.requested_by, companyId: row.company_id }, {
      entityType: 'pdfConversion',
      entityId: row.id,
      action: failed ? 'failed' : 'done',
      after: failed ? { error: failed } : { pages: Number(updated.pages_done) },
    });
    if (row.membership_id !== null) {
      const description = failed ? `${row.source_name} could not be converted: ${failed}` : PDF_MESSAGES.done(row.source_name, Number(updated.pages_done));
      await notifyMembers(services, trx, [{ membershipId: row.membership_id, companyId: row.company_id, userId: row.requested_by }], null, {
        type: 'pdf-converted-to-jpeg',
        description,
        entityId: row.id,
        options: { projectId: row.project_id },
      });
    }
    return true;
  });
  if (ended) publishProgress(services, row);
}
