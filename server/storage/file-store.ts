import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Trx } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/json.js';
import type { Services } from '../services.js';
import { spoolFolder, type ReceivedFile } from './uploads.js';

export interface StoredFile {
  id: number;
  publicId: string;
  filename: string;
  contentType: string;
  length: number;
  url: string;
  type: string;
  entityType: string;
  entityId: string;
  uploadDate: string;
}

export interface UploadTarget {
  companyId: number | null;
  entityType: string;
  entityId: string | number;
  /** What the file is to its entity: 'profilePicture', 'logo', 'icon', ... */
  type: string;
  /** Null for an upload nobody signed in made (a signature through an external review link). */
  uploadedBy: number | null;
  /** The file manager's folder it goes into; pictures have none. */
  folderId?: number;
}

/** What storeUpload keeps: a file received into a spool file (uploads.ts). */
export type Upload = Pick<ReceivedFile, 'filename' | 'contentType' | 'length' | 'spoolPath'>;

/** Whose file it is: a file is only ever released by its own owner, so no tenant can remove another's. */
export type FileOwner = Pick<UploadTarget, 'entityType' | 'entityId' | 'type'>;

/** Files a transaction lets go: their rows go with it, their bytes once it has committed. */
export interface FileReleases {
  /** No-op for a null id, or a URL that is not one of our stored files (a logo may be any address). */
  release(owner: FileOwner, file: { id: number | null } | { url: string | null }): Promise<void>;
  /** The same for many files of one owner at once (a folder's subtree). */
  releaseMany(owner: FileOwner, ids: number[]): Promise<void>;
}

const STATIC_PREFIX = '/api/v1/staticfiles/';
export const staticUrl = (publicId: string) => `${STATIC_PREFIX}${publicId}`;
export const publicIdOf = (url: string | null) => (url?.startsWith(STATIC_PREFIX) ? url.slice(STATIC_PREFIX.length) : null);

export const filesRoot = (dataDir: string) => path.join(dataDir, 'files');

/** Best effort: bytes left behind (a failed removal) have no row and are removed by the sweep (file-sweep.ts). */
export async function removeBytes(services: Services, objectNames: string[]) {
  if (!objectNames.length) return;
  await services.storage.remove(objectNames).catch((err: Error) => services.log.warn({ err: err.message }, 'file bytes not removed; the sweep will'));
}

/**
 * One transaction that may release files: released rows are deleted in it, and their bytes only after
 * it commits, so a rollback leaves the old file whole.
 */
export async function fileTransaction<T>(services: Services, work: (trx: Trx, files: FileReleases) => Promise<T>): Promise<T> {
  const released: string[] = [];
  const result = await services.db.transaction().execute((trx) =>
    work(trx, {
      async release(owner, file) {
        const byId = 'id' in file;
        const key = byId ? file.id : publicIdOf(file.url);
        if (key === null) return;
        const rows = await trx
          .deleteFrom('files')
          .where(byId ? 'id' : 'public_id', '=', key)
          .where('entity_type', '=', owner.entityType)
          .where('entity_id', '=', String(owner.entityId))
          .where('type', '=', owner.type)
          .returning('object_name')
          .execute();
        released.push(...rows.map((r) => r.object_name));
      },
      async releaseMany(owner, ids) {
        // Chunks stay under SQLite's bound-parameter limit.
        for (let i = 0; i < ids.length; i += 500) {
          const rows = await trx
            .deleteFrom('files')
            .where('id', 'in', ids.slice(i, i + 500))
            .where('entity_type', '=', owner.entityType)
            .where('entity_id', '=', String(owner.entityId))
            .where('type', '=', owner.type)
            .returning('object_name')
            .execute();
          released.push(...rows.map((r) => r.object_name));
        }
      },
    }),
  );
  await removeBytes(services, released);
  return result;
}

/**
 * Stores an upload: its bytes are written first, outside any transaction (a large file must not hold
 * the database), then `link` runs in one transaction with the new file's row, to point the owner at it
 * and release the file it replaces. If anything fails or rolls back, the new bytes are removed.
 */
export async function storeUpload<T>(
  services: Services,
  target: UploadTarget,
  upload: Upload,
  link: (trx: Trx, file: StoredFile, files: FileReleases) => Promise<T>,
): Promise<T> {
  const publicId = randomUUID();
  const objectName = `${nowIso().slice(0, 10)}/${publicId}`;
  try {
    await services.storage.putFile(objectName, upload.spoolPath, { contentType: upload.contentType, length: upload.length });
    return await fileTransaction(services, async (trx, files) =>
      link(trx, await insertFileRow(trx, target, { publicId, objectName, filename: upload.filename, contentType: upload.contentType, length: upload.length }), files),
    );
  } catch (err) {
    await removeBytes(services, [objectName]);
    throw err;
  } finally {
    await rm(upload.spoolPath, { force: true });
  }
}

/**
 * Keeps bytes the server made (a document's PDF as it was mailed) as a file of an entity, its row
 * written in the caller's transaction. The bytes go into the store first; if that transaction rolls
 * back they are left without a row, and the orphan sweep removes them.
 */
export async function storeGeneratedFile(
  services: Services,
  trx: Trx,
  target: Omit<UploadTarget, 'folderId'>,
  file: { filename: string; contentType: string; bytes: Uint8Array },
): Promise<StoredFile> {
  const publicId = randomUUID();
  const objectName = `${nowIso().slice(0, 10)}/${publicId}`;
  const spoolPath = path.join(spoolFolder(services), `generated-${publicId}`);
  await mkdir(path.dirname(spoolPath), { recursive: true });
  try {
    await writeFile(spoolPath, file.bytes);
    await services.storage.putFile(objectName, spoolPath, { contentType: file.contentType, length: file.bytes.length });
  } finally {
    await rm(spoolPath, { force: true });
  }
  return insertFileRow(trx, target, { publicId, objectName, filename: file.filename, contentType: file.contentType, length: file.bytes.length });
}

/** The row of bytes already in the store under `objectName`. */
async function insertFileRow(trx: Trx, target: UploadTarget, f: { publicId: string; objectName: string; filename: string; contentType: string; length: number }): Promise<StoredFile> {
  const now = nowIso();
  const row = await trx
    .insertInto('files')
    .values({
      public_id: f.publicId,
      company_id: target.companyId,
      entity_type: target.entityType,
      entity_id: String(target.entityId),
      type: target.type,
      filename: f.filename.slice(0, 255),
      name: f.filename.slice(0, 255),
      folder_id: target.folderId ?? null,
      updated_at: now,
      content_type: f.contentType,
      length: f.length,
      object_name: f.objectName,
      uploaded_by: target.uploadedBy,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fileView(row);
}

export function fileView(row: {
  id: number;
  public_id: string;
  filename: string;
  content_type: string;
  length: number;
  type: string;
  entity_type: string;
  entity_id: string;
  created_at: string;
}): StoredFile {
  return {
    id: row.id,
    publicId: row.public_id,
    filename: row.filename,
    contentType: row.content_type,
    length: row.length,
    url: staticUrl(row.public_id),
    type: row.type,
    entityType: row.entity_type,
    entityId: row.entity_id,
    uploadDate: row.created_at,
  };
}

/** Types served at /staticfiles to anyone holding the unguessable link: pictures shown in <img> tags. */
export const PUBLIC_FILE_TYPES = new Set(['profilePicture', 'logo', 'icon']);

/** The row behind a /staticfiles link; 404 for none. Whether the caller may have it is the route's to say. */
export async function fileByPublicId(services: Services, publicId: string) {
  const row = await services.db.selectFrom('files').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  if (!row) throw notFound('File');
  return row;
}
