import type { FastifyRequest } from 'fastify';
import type { ProductionPhoto } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { fileTransaction, storeUpload, type FileReleases } from '../../storage/file-store.js';
import { IMAGE_TYPES } from '../../storage/content-type.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { editableProduction, productionScope } from './production-access.js';
import { auditProduction } from './production-audit.js';

/**
 * Photos are files of the producing company owned by the production (entity 'production', type
 * 'photo'), outside the file manager's folders: a record's evidence is not moved or deleted there, and
 * it goes with the production (or its item) through the file store's releases.
 */
export const PHOTO_OWNER_TYPE = 'photo';
const photoOwner = (productionId: number) => ({ entityType: 'production', entityId: productionId, type: PHOTO_OWNER_TYPE });

/** Releases the photo files of a production, or of some of its items: rows in the transaction, bytes once it commits. */
export async function releasePhotos(db: Executor, files: FileReleases, productionId: number, itemIds?: number[]) {
  let q = db.selectFrom('production_photos').select('file_id').where('production_id', '=', productionId);
  if (itemIds) {
    if (!itemIds.length) return;
    q = q.where('production_item_id', 'in', itemIds);
  }
  const rows = await q.execute();
  await files.releaseMany(photoOwner(productionId), rows.map((r) => r.file_id));
}

async function photoViews(services: Services, db: Executor, productionId: number, ids?: number[]): Promise<ProductionPhoto[]> {
  let q = db
    .selectFrom('production_photos as ph')
    .innerJoin('files as f', 'f.id', 'ph.file_id')
    .select(['ph.id', 'ph.file_id', 'ph.production_item_id', 'f.name', 'f.public_id', 'f.object_name', 'ph.created_at'])
    .where('ph.production_id', '=', productionId);
  if (ids) q = q.where('ph.id', 'in', ids.length ? ids : [0]);
  const rows = await q.orderBy('ph.id').execute();
  return rows.map((r) => ({
    id: r.id,
    fileId: r.file_id,
    productionItemId: r.production_item_id,
    name: r.name,
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    thumbnailUrl: null,
    createdAt: r.created_at,
  }));
}

/** GET /production/{id}/photos: the production's photos and its items', oldest first, with signed links. */
export async function listPhotos(services: Services, actor: Actor, id: number) {
  await productionScope(services.db, actor, id);
  return photoViews(services, services.db, id);
}

/**
 * POST /production/{id}/files and /production/item/{id}/files: every image of the multipart request
 * (file[] parts), each stored on its own; a draft of the producer's only.
 */
export async function uploadPhotos(services: Services, actor: Actor, target: { productionId: number; itemId: number | null }, req: FastifyRequest): Promise<ProductionPhoto[]> {
  const upload = await receiveUploads(services, req, {
    check: (f) => (f.length === 0 ? 'The file is empty' : IMAGE_TYPES.has(f.contentType) ? null : 'A photo must be a PNG, JPEG, GIF or WebP image'),
  });
  try {
    const { production } = await editableProduction(services.db, actor, target.productionId);
    if (!upload.files.length) throw refusalError(upload);
    const ids: number[] = [];
    for (const file of upload.files) {
      const owner = { companyId: production.company_id, ...photoOwner(production.id), uploadedBy: actor.user.id };
      ids.push(
        await storeUpload(services, owner, file, async (trx, row) => {
          // Checked again: the production may have left draft, or the item gone, while the bytes arrived.
          const scope = await editableProduction(trx, actor, production.id, true);
          if (target.itemId !== null) {
            const item = await trx.selectFrom('production_items').select('id').where('id', '=', target.itemId).where('production_id', '=', production.id).executeTakeFirst();
            if (!item) throw notFound('Production item');
          }
          const photo = await trx
            .insertInto('production_photos')
            .values({ production_id: production.id, production_item_id: target.itemId, file_id: row.id, created_by: actor.user.id, created_at: row.uploadDate })
            .returning('id')
            .executeTakeFirstOrThrow();
          await auditProduction(trx, scope, 'photo added', null, { photo: row.filename, productionItemId: target.itemId });
          return photo.id;
        }),
      );
    }
    return photoViews(services, services.db, production.id, ids);
  } finally {
    await upload.discard();
  }
}

/** DELETE /production/{id}/photos/{photoId}: a photo of a draft, by the producer; its file goes with it. */
export async function deletePhoto(services: Services, actor: Actor, id: number, photoId: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const scope = await editableProduction(trx, actor, id, true);
    const photo = await trx
      .selectFrom('production_photos as ph')
      .innerJoin('files as f', 'f.id', 'ph.file_id')
      .select(['ph.id', 'ph.file_id', 'ph.production_item_id', 'f.name'])
      .where('ph.id', '=', photoId)
      .where('ph.production_id', '=', id)
      .executeTakeFirst();
    if (!photo) throw notFound('Photo');
    await trx.deleteFrom('production_photos').where('id', '=', photo.id).execute();
    await files.release(photoOwner(id), { id: photo.file_id });
    await auditProduction(trx, scope, 'photo deleted', { photo: photo.name, productionItemId: photo.production_item_id }, null);
  });
}
