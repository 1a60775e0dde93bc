import type { FastifyRequest } from 'fastify';
import type { FileView, FolderView, UpdateFileInput, UploadAnswer } from '../../../resources/files.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/index.js';
import { MAX_ID } from '../../../resources/id.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { fileTransaction, storeUpload } from '../../storage/file-store.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { refreshFileAcl, type FileCaller } from './file-access.js';
import { managerFileOwner, manageableFolder, releaseManagerFiles, visibleFolder } from './folder-service.js';
import { fileColumns, fileViews, folderColumns, folderViews } from './node-view.js';

const auditActor = (c: FileCaller) => ({ userId: c.userId, companyId: c.companyId });

const fileListSpec: ListSpec = withTextIndex(
  {
    fields: {
      name: { column: 'f.name', type: 'text', filter: true, sort: true },
      uploadDate: { column: 'f.created_at', type: 'date', filter: true, sort: true },
      length: { column: 'f.length', type: 'number', filter: true, sort: true },
      contentType: { column: 'f.content_type', type: 'text', filter: true, sort: true },
    },
    defaultSort: [{ field: 'name', order: 'asc' }],
    tiebreaker: 'f.id',
  },
  'files',
  'f',
);

const folderSearchSpec: ListSpec = withTextIndex(
  { fields: { name: { column: 'fo.name', type: 'text', filter: true, sort: true } }, defaultSort: [{ field: 'name', order: 'asc' }], tiebreaker: 'fo.id' },
  'folders',
  'fo',
);

/** A folder's files, paged and sorted in SQL (list-query conventions); 404 for a folder the caller cannot see. */
export async function listFiles(services: Services, c: FileCaller, folderId: number, query: RawListQuery) {
  await visibleFolder(services.db, c, folderId);
  const page = await runList(fileColumns(services.db, c).where('f.folder_id', '=', folderId), parseListQuery(fileListSpec, query));
  return { rows: await fileViews(services, services.db, page.rows), total: page.total };
}

const searchList = (substring: string, query: { _start?: string; _end?: string }): RawListQuery => ({
  name_like: substring,
  _start: query._start,
  _end: query._end,
});

/** Files whose name holds the substring, among those the caller may see, each with its folder's name. */
export async function searchFiles(services: Services, c: FileCaller, query: { substring: string; _start?: string; _end?: string }) {
  const page = await runList(fileColumns(services.db, c), parseListQuery(fileListSpec, searchList(query.substring, query)));
  return { rows: await fileViews(services, services.db, page.rows), total: page.total };
}

export async function searchFolders(services: Services, c: FileCaller, query: { substring: string; _start?: string; _end?: string }) {
  const base = folderColumns(services.db, c)
    .leftJoin('folders as pa', 'pa.id', 'fo.parent_id')
    .select('pa.name as parent_name');
  const page = await runList(base, parseListQuery(folderSearchSpec, searchList(query.substring, query)));
  const views = await folderViews(services.db, page.rows);
  return { rows: views.map((v, i): FolderView => ({ ...v, parentName: page.rows[i]!.parent_name })), total: page.total };
}

async function visibleFileRow(db: Executor, c: FileCaller, id: number) {
  const row = await fileColumns(db, c).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('File');
  return row;
}

export async function manageableFileRow(db: Executor, c: FileCaller, id: number) {
  const row = await visibleFileRow(db, c, id);
  if (Number(row.can_manage) !== 1) throw forbidden();
  return row;
}

export async function getFile(services: Services, db: Executor, c: FileCaller, id: number): Promise<FileView> {
  return (await fileViews(services, db, [await visibleFileRow(db, c, id)]))[0]!;
}

export async function updateFile(services: Services, c: FileCaller, id: number, input: UpdateFileInput): Promise<FileView> {
  await services.db.transaction().execute(async (trx) => {
    const file = await manageableFileRow(trx, c, id);
    const name = input.filename ?? file.name;
    const folderId = input.folderId ?? file.folder_id!;
    const moved = folderId !== file.folder_id;
    if (!moved && name === file.name) return;
    if (moved) await manageableFolder(trx, c, folderId);
    await trx.updateTable('files').set({ name, folder_id: folderId, updated_at: nowIso() }).where((eb) => eb.or([eb('id', '=', id), eb('version_of', '=', id)])).execute();
    if (moved) await refreshFileAcl(trx, id);
    await recordAudit(trx, auditActor(c), {
      entityType: 'file',
      entityId: id,
      action: moved ? 'moved' : 'renamed',
      before: { name: file.name, folderId: file.folder_id },
      after: { name, folderId },
    });
  });
  return getFile(services, services.db, c, id);
}

/** The file, its earlier versions and grants; bytes after the commit. */
export async function deleteFile(services: Services, c: FileCaller, id: number) {
  await fileTransaction(services, async (trx, files) => {
    const file = await manageableFileRow(trx, c, id);
    const versions = await trx.selectFrom('files').select('id').where('version_of', '=', id).execute();
    await trx.deleteFrom('file_permissions').where('target_type', '=', 'file').where('target_id', '=', id).execute();
    await releaseManagerFiles(trx, files, c.companyId, [...versions.map((v) => v.id), id]);
    await recordAudit(trx, auditActor(c), { entityType: 'file', entityId: id, action: 'deleted', before: { name: file.name, folderId: file.folder_id } });
  });
}

/**
 * POST /filesNew: every file of the request into one folder, each stored on its own (one refused
 * file does not lose the others); the answer lists the stored ones and the refusals.
 */
export async function uploadFiles(services: Services, c: FileCaller, req: FastifyRequest): Promise<UploadAnswer> {
  const upload = await receiveUploads(services, req);
  try {
    const folderId = Number(upload.fields.folderId);
    if (!/^\d+$/.test(upload.fields.folderId ?? '') || !Number.isSafeInteger(folderId) || folderId < 1 || folderId > MAX_ID) {
      throw badRequest('folderId: the folder to upload into is required', [{ field: 'folderId', message: 'The folder to upload into is required' }]);
    }
    const folder = await manageableFolder(services.db, c, folderId);
    if (!upload.files.length) throw refusalError(upload);
    const ids: number[] = [];
    for (const file of upload.files) {
      const stored = storeUpload(services, { companyId: c.companyId, ...managerFileOwner(c.companyId), uploadedBy: c.userId, folderId: folder.id }, file, async (trx, row) => {
        await refreshFileAcl(trx, row.id);
        await recordAudit(trx, auditActor(c), { entityType: 'file', entityId: row.id, action: 'created', after: { name: row.filename, folderId: folder.id } });
        return row.id;
      });
      // The folder was deleted while the bytes arrived.
      ids.push(await stored.catch((err: unknown) => Promise.reject(isForeignKeyViolation(err) ? notFound('Folder') : err)));
    }
    const rows = await fileColumns(services.db, c).where('f.id', 'in', ids).orderBy('f.id').execute();
    return { files: await fileViews(services, services.db, rows), errors: upload.refused.map((r) => ({ filename: r.filename, message: r.message })) };
  } finally {
    await upload.discard();
  }
}

/**
 * PATCH /filesNew/{id} (spec 02 §7): new bytes for a file (an edited image). The file keeps its id,
 * name, place and grants; its previous bytes stay as an earlier version pointing at it.
 */
export async function replaceFileBytes(services: Services, c: FileCaller, id: number, req: FastifyRequest): Promise<FileView> {
  const file = await manageableFileRow(services.db, c, id);
  const upload = await receiveUploads(services, req, { maxFiles: 1 });
  try {
    const received = upload.files.find((f) => f.field === 'img') ?? upload.files[0];
    if (!received) throw refusalError(upload);
    await storeUpload(services, { companyId: c.companyId, ...managerFileOwner(c.companyId), uploadedBy: c.userId, folderId: file.folder_id! }, received, async (trx, stored) => {
      // Rows swap bytes: the file keeps its id, name, place and grants with the new bytes; the new row keeps the old bytes as the version.
      // Checked again in the transaction: the file may have gone or been restricted while the bytes arrived.
      await manageableFileRow(trx, c, id);
      const old = await trx.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const fresh = await trx.selectFrom('files').select('object_name').where('id', '=', stored.id).executeTakeFirstOrThrow();
      await trx
        .updateTable('files')
        .set({ version_of: id, name: old.name, filename: old.filename, content_type: old.content_type, length: old.length, object_name: old.object_name, uploaded_by: old.uploaded_by, created_at: old.created_at, updated_at: old.updated_at })
        .where('id', '=', stored.id)
        .execute();
      await trx
        .updateTable('files')
        .set({ content_type: stored.contentType, length: stored.length, object_name: fresh.object_name, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      // Named for the reader ("Picture edited" from the image editor); byte counts told nobody anything.
      const action = stored.contentType.startsWith('image/') ? 'picture edited' : 'replaced';
      await recordAudit(trx, auditActor(c), { entityType: 'file', entityId: id, action });
    });
    return getFile(services, services.db, c, id);
  } finally {
    await upload.discard();
  }
}

