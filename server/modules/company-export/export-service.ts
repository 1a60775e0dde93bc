import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_LIST_SIZE, EXPORT_MESSAGES, type CompanyExport } from '../../../resources/company-export.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { sendStoredObject } from '../../storage/download.js';
import { EXPORT_JOB } from './export-job.js';
import { downloadable, exportViews, publishProgress, type ExportRow } from './export-view.js';

/**
 * POST /companies/{id}/exports: records the export and queues its job in one transaction. A second
 * start while one is queued or running is refused by the database's partial unique index (409), so
 * two requests racing cannot both start one.
 */
export async function startExport(services: Services, actor: Actor, company: CompanyMembership): Promise<CompanyExport> {
  try {
    const row = await services.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const created = (await trx
        .insertInto('company_exports')
        .values({ company_id: company.companyId, requested_by: actor.user.id, membership_id: company.id, status: 'queued', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()) as ExportRow;
      await services.jobs.enqueue(EXPORT_JOB, { exportId: created.id }, { executor: trx });
      await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'companyExport', entityId: created.id, action: 'created' });
      return created;
    });
    publishProgress(services, row);
    return (await exportViews(services, services.db, [row]))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EXPORT_MESSAGES.running, 'EXPORT_RUNNING');
    throw err;
  }
}

/** GET /companies/{id}/exports: the company's latest exports, newest first. */
export async function listExports(services: Services, company: CompanyMembership): Promise<CompanyExport[]> {
  const rows = (await services.db
    .selectFrom('company_exports')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .orderBy('id', 'desc')
    .limit(EXPORT_LIST_SIZE)
    .execute()) as ExportRow[];
  return exportViews(services, services.db, rows);
}

/** One export of the company the path names; another company's is the same 404 as none. */
async function exportOf(services: Services, company: CompanyMembership, exportId: number) {
  const row = (await services.db.selectFrom('company_exports').selectAll().where('id', '=', exportId).executeTakeFirst()) as ExportRow | undefined;
  if (!row || row.company_id !== company.companyId) throw notFound('Export');
  return row;
}

export async function readExport(services: Services, company: CompanyMembership, exportId: number): Promise<CompanyExport> {
  return (await exportViews(services, services.db, [await exportOf(services, company, exportId)]))[0]!;
}

/** GET /companies/{id}/exports/{exportId}/download: the zip to a signed-in caller; 409 before it is written, 410 once expired. */
export async function downloadExport(services: Services, company: CompanyMembership, exportId: number, req: FastifyRequest, reply: FastifyReply) {
  const row = await exportOf(services, company, exportId);
  if (row.status === 'expired' || (row.status === 'done' && !downloadable(row))) throw new AppError(410, EXPORT_MESSAGES.expired, 'EXPORT_EXPIRED');
  if (!downloadable(row)) throw conflict(EXPORT_MESSAGES.notReady, 'EXPORT_NOT_READY');
  const file = await services.db.selectFrom('files').selectAll().where('id', '=', row.file_id!).executeTakeFirst();
  if (!file) throw new AppError(410, EXPORT_MESSAGES.expired, 'EXPORT_EXPIRED');
  return sendStoredObject(services, req, reply, file, { download: true, cache: 'private' });
}
