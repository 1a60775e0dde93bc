import type { PdfConversion, PdfConversionStatus } from '../../../resources/pdf-conversion.js';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../../resources/realtime.js';
import type { Executor } from '../../db/index.js';
import type { PdfConversionsTable } from '../../db/schema.js';
import type { Services } from '../../services.js';

export type ConversionRow = Omit<PdfConversionsTable, 'id' | 'pages_done'> & { id: number; pages_done: number };

/** The Refine resource name of conversions: the dialog refetches one when its live event comes. */
export const CONVERSIONS_RESOURCE = 'pdf-conversions';

export async function conversionView(db: Executor, row: ConversionRow): Promise<PdfConversion> {
  const files = await db
    .selectFrom('pdf_conversion_pages as p')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .select(['p.page', 'f.id', 'f.name'])
    .where('p.conversion_id', '=', row.id)
    .orderBy('p.page')
    .execute();
  const requester = row.requested_by === null ? undefined : await db.selectFrom('users').select('name').where('id', '=', row.requested_by).executeTakeFirst();
  return {
    id: row.id,
    projectId: row.project_id,
    sourceName: row.source_name,
    ratio: Number(row.ratio),
    status: row.status as PdfConversionStatus,
    pagesTotal: row.pages_total,
    pagesDone: Number(row.pages_done),
    error: row.error,
    folderId: row.folder_id,
    files: files.map((f) => ({ page: f.page, fileId: f.id, name: f.name })),
    requestedBy: requester?.name ?? null,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

/** Tells the requester's tabs that the conversion moved on (progress, done, failed). */
export function publishProgress(services: Services, row: Pick<ConversionRow, 'id' | 'requested_by'>) {
  if (row.requested_by === null) return;
  const event: LiveEvent = { channel: liveChannel(CONVERSIONS_RESOURCE), type: 'updated', payload: { ids: [row.id] }, date: new Date().toISOString() };
  services.realtime.publish({ userIds: [row.requested_by] }, SOCKET_EVENTS.live, event);
}
