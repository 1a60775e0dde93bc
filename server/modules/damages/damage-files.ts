import type { FastifyRequest } from 'fastify';
import { DAMAGE_FILE_CATEGORIES, type DamageFile, type DamageFileCategory } from '../../../resources/damage.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { allows } from '../../../permissions/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction, storeUpload, type FileReleases } from '../../storage/file-store.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { damageOf } from './damage-access.js';

/**
 * A damage's files are rows of the file store owned by the damage (entity 'damage', type the
 * category), outside the file manager's folders: claims staff who hold damages:manage but not
 * files:view add and remove them here, and they go with the damage. Any type is taken (photos,
 * PDFs, letters, spreadsheets); what is not a picture or a PDF is served as a download.
 */
const owner = (damageId: number, category: string) => ({ entityType: 'damage', entityId: damageId, type: category });

export async function releaseDamageFiles(db: Executor, files: FileReleases, damageId: number) {
  for (const { value } of DAMAGE_FILE_CATEGORIES) {
    const rows = await db.selectFrom('files').select('id').where('entity_type', '=', 'damage').where('entity_id', '=', String(damageId)).where('type', '=', value).execute();
    await files.releaseMany(owner(damageId, value), rows.map((r) => r.id));
  }
}

function fileRows(db: Executor, damageId: number) {
  return db
    .selectFrom('files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .select(['f.id', 'f.type', 'f.name', 'f.content_type', 'f.length', 'f.public_id', 'f.object_name', 'f.created_at', 'u.name as uploaded_by_name'])
    .where('f.entity_type', '=', 'damage')
    .where('f.entity_id', '=', String(damageId));
}

async function views(services: Services, rows: Awaited<ReturnType<ReturnType<typeof fileRows>['execute']>>): Promise<DamageFile[]> {
  return rows.map((r) => ({
    id: r.id,
    category: r.type as DamageFileCategory,
    name: r.name,
    contentType: r.content_type,
    length: Number(r.length),
    url: signedFileUrl(services, r.public_id, { version: r.object_name }),
    downloadUrl: signedFileUrl(services, r.public_id, { version: r.object_name, download: true }),
    uploadedBy: r.uploaded_by_name ?? null,
    createdAt: r.created_at,
  }));
}

/** GET /damages/{id}/files: the damage's files, of one category when asked, oldest first, with signed links. */
export async function listDamageFiles(services: Services, actor: Actor, damageId: number, category?: DamageFileCategory) {
  await damageOf(services.db, actor, damageId);
  let q = fileRows(services.db, damageId);
  if (category) q = q.where('f.type', '=', category);
  return views(services, await q.orderBy('f.id').execute());
}

/** POST /damages/{id}/files/{category}: every file of the multipart request, each stored on its own. */
export async function uploadDamageFiles(services: Services, actor: Actor, damageId: number, category: DamageFileCategory, req: FastifyRequest) {
  const upload = await receiveUploads(services, req, { check: (f) => (f.length === 0 ? 'The file is empty' : null) });
  try {
    const damage = await damageOf(services.db, actor, damageId);
    // A crew leader reports a damage with its photos from the field; the claim's files stay the claims staff's.
    const reporterOnly = !allows(actor.profile, 'damages:manage');
    if (reporterOnly && (category !== 'files' || damage.reported_by !== actor.user.id || damage.status !== 'reported')) {
      throw forbidden('Only whoever manages damages may add files here: you may add photos to a damage you reported while it is still reported.');
    }
    if (!upload.files.length) throw refusalError(upload);
    const ids: number[] = [];
    for (const file of upload.files) {
      const target = { companyId: damage.company_id, ...owner(damageId, category), uploadedBy: actor.user.id };
      ids.push(
        await storeUpload(services, target, file, async (trx, row) => {
          // Checked again: the damage may have been deleted while the bytes arrived.
          await damageOf(trx, actor, damageId, true);
          await trx.updateTable('damages').set({ updated_at: nowIso() }).where('id', '=', damageId).execute();
          await recordAudit(trx, { userId: actor.user.id, companyId: damage.company_id }, { entityType: 'damage', entityId: damageId, action: 'file added', after: { file: row.filename, category } });
          return row.id;
        }),
      );
    }
    return views(services, await fileRows(services.db, damageId).where('f.id', 'in', ids).orderBy('f.id').execute());
  } finally {
    await upload.discard();
  }
}

/** DELETE /damages/{id}/files/{fileId}: a file of the damage, rows in the transaction, bytes once it commits. */
export async function deleteDamageFile(services: Services, actor: Actor, damageId: number, fileId: number) {
  await fileTransaction(services, async (trx, files) => {
    const damage = await damageOf(trx, actor, damageId, true);
    const file = await fileRows(trx, damageId).where('f.id', '=', fileId).executeTakeFirst();
    if (!file) throw notFound('File');
    await files.release(owner(damageId, file.type), { id: file.id });
    await recordAudit(trx, { userId: actor.user.id, companyId: damage.company_id }, { entityType: 'damage', entityId: damageId, action: 'file deleted', before: { file: file.name, category: file.type } });
  });
}
