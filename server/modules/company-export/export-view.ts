import type { CompanyExport, CompanyExportStatus } from '../../../resources/company-export.js';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../../resources/realtime.js';
import type { Executor } from '../../db/index.js';
import type { CompanyExportsTable } from '../../db/schema.js';
import type { Services } from '../../services.js';
import { signedFileUrl } from '../../storage/signed-links.js';

export type ExportRow = Omit<CompanyExportsTable, 'id' | 'steps_done'> & { id: number; steps_done: number };

/** The Refine resource name of exports: the company page refetches them when their live event comes. */
export const EXPORTS_RESOURCE = 'company-exports';

/** Whether a finished export's zip may still be downloaded. */
export const downloadable = (row: Pick<ExportRow, 'status' | 'file_id' | 'expires_at'>, now = Date.now()) =>
  row.status === 'done' && row.file_id !== null && row.expires_at !== null && Date.parse(String(row.expires_at)) > now;

export async function exportViews(services: Services, db: Executor, rows: ExportRow[]): Promise<CompanyExport[]> {
  const userIds = [...new Set(rows.map((r) => r.requested_by).filter((id): id is number => id !== null))];
  const fileIds = rows.filter((r) => downloadable(r)).map((r) => r.file_id!);
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [];
  const files = fileIds.length ? await db.selectFrom('files').select(['id', 'public_id', 'object_name']).where('id', 'in', fileIds).execute() : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const fileOf = new Map(files.map((f) => [f.id, f]));
  return rows.map((row) => {
    const file = downloadable(row) ? fileOf.get(row.file_id!) : undefined;
    const total = row.steps_total === null ? null : Number(row.steps_total);
    const done = Number(row.steps_done);
    const status = (row.status === 'done' && !downloadable(row) ? 'expired' : row.status) as CompanyExportStatus;
    return {
      id: row.id,
      companyId: row.company_id,
      status,
      stepsDone: done,
      stepsTotal: total,
      percent: status === 'done' || status === 'expired' ? 100 : total ? Math.min(99, Math.floor((done / total) * 100)) : 0,
      error: row.error,
      size: row.size_bytes === null ? null : Number(row.size_bytes),
      requestedBy: row.requested_by === null ? null : { id: row.requested_by, name: names.get(row.requested_by) ?? '' },
      createdAt: String(row.created_at),
      finishedAt: row.finished_at === null ? null : String(row.finished_at),
      expiresAt: row.expires_at === null ? null : String(row.expires_at),
      downloadUrl: file ? signedFileUrl(services, file.public_id, { download: true, version: file.object_name }) : null,
    };
  });
}

/** Tells the requester's tabs that the export moved on (progress, done, failed). */
export function publishProgress(services: Services, row: Pick<ExportRow, 'id' | 'requested_by'>) {
  if (row.requested_by === null) return;
  const event: LiveEvent = { channel: liveChannel(EXPORTS_RESOURCE), type: 'updated', payload: { ids: [row.id] }, date: new Date().toISOString() };
  services.realtime.publish({ userIds: [row.requested_by] }, SOCKET_EVENTS.live, event);
}
