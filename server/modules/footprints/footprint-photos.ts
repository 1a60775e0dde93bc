import type { FastifyRequest } from 'fastify';
import type { FootprintPhoto } from '../../../resources/footprint.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { IMAGE_TYPES } from '../../storage/content-type.js';
import { fileTransaction, storeUpload, type FileReleases } from '../../storage/file-store.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { footprintOf } from './footprint-access.js';

/** Photos are files of the company owned by the footprint (entity 'footprint', type 'photo'), outside the file manager, and go with it. */
const owner = (footprintId: number) => ({ entityType: 'footprint', entityId: footprintId, type: 'photo' });

export async function releaseFootprintPhotos(db: Executor, files: FileReleases, footprintId: number) {
  const rows = await photoRows(db, footprintId).execute();
  await files.releaseMany(owner(footprintId), rows.map((r) => r.id));
}

function photoRows(db: Executor, footprintId: number) {
  return db
    .selectFrom('files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select(['f.id', 'f.name', 'f.content_type', 'f.public_id', 'f.object_name', 'f.created_at', 'u.name as uploaded_by_name'])
    .where('f.entity_type', '=', 'footprint')
    .where('f.entity_id', '=', String(footprintId))
    .where('f.type', '=', 'photo');
}

async function views(services: Services, rows: Awaited<ReturnType<ReturnType<typeof photoRows>['execute']>>): Promise<FootprintPhoto[]> {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    contentType: r.content_type,
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    uploadedBy: r.uploaded_by_name ?? null,
    createdAt: r.created_at,
  }));
}

/** GET /footprints/{id}/files: the photos, oldest first, with signed links. */
export async function listFootprintPhotos(services: Services, actor: Actor, id: number) {
  await footprintOf(services.db, actor, id);
  return views(services, await photoRows(services.db, id).orderBy('f.id').execute());
}

/** POST /footprints/{id}/files: every image of the multipart request, each stored on its own. */
export async function uploadFootprintPhotos(services: Services, actor: Actor, id: number, req: FastifyRequest) {
  const upload = await receiveUploads(services, req, {
    check: (f) => (f.length === 0 ? 'The file is empty' : IMAGE_TYPES.has(f.contentType) ? null : 'A photo must be a PNG, JPEG, GIF or WebP image'),
  });
  try {
    const footprint = await footprintOf(services.db, actor, id);
    if (!upload.files.length) throw refusalError(upload);
    const ids: number[] = [];
    for (const file of upload.files) {
      ids.push(
        await storeUpload(services, { companyId: footprint.company_id, ...owner(id), uploadedBy: actor.user.id }, file, async (trx, row) => {
          await footprintOf(trx, actor, id, true);
          await trx.updateTable('footprints').set({ updated_at: nowIso() }).where('id', '=', id).execute();
          await recordAudit(trx, { userId: actor.user.id, companyId: footprint.company_id }, { entityType: 'footprint', entityId: id, action: 'photo added', after: { photo: row.filename } });
          return row.id;
        }),
      );
    }
    return views(services, await photoRows(services.db, id).where('f.id', 'in', ids).orderBy('f.id').execute());
  } finally {
    await upload.discard();
  }
}

/** DELETE /footprints/{id}/files/{fileId}: one photo with its bytes. */
export async function deleteFootprintPhoto(services: Services, actor: Actor, id: number, fileId: number) {
  await fileTransaction(services, async (trx, files) => {
    const footprint = await footprintOf(trx, actor, id, true);
    const photo = await photoRows(trx, id).where('f.id', '=', fileId).executeTakeFirst();
    if (!photo) throw notFound('Photo');
    await files.release(owner(id), { id: photo.id });
    await recordAudit(trx, { userId: actor.user.id, companyId: footprint.company_id }, { entityType: 'footprint', entityId: id, action: 'photo deleted', before: { photo: photo.name } });
  });
}
