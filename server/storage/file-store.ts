import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Trx } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { nowIso } from '../lib/json.js';
import type { Services } from '../services.js';

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
  uploadedBy: number;
}

const IMAGE_SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type the bytes really are; SVG is refused since it can carry script. */
export function sniffImage(bytes: Buffer): string | null {
  return IMAGE_SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

export interface Upload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Whose file it is: a file is only ever released by its own owner, so no tenant can remove another's. */
export type FileOwner = Pick<UploadTarget, 'entityType' | 'entityId' | 'type'>;

/** Files a transaction lets go: their rows go with it, their bytes once it has committed. */
export interface FileReleases {
  /** No-op for a null id, or a URL that is not one of our stored files (a logo may be any address). */
  release(owner: FileOwner, file: { id: number | null } | { url: string | null }): Promise<void>;
}

const STATIC_PREFIX = '/api/v1/staticfiles/';
export const staticUrl = (publicId: string) => `${STATIC_PREFIX}${publicId}`;
const publicIdOf = (url: string | null) => (url?.startsWith(STATIC_PREFIX) ? url.slice(STATIC_PREFIX.length) : null);

export const filesRoot = (services: Services) => path.join(services.config.dataDir, 'files');

/** Best effort: bytes left behind (a failed unlink) have no row and are removed by the sweep (file-sweep.ts). */
export async function removeBytes(services: Services, objectNames: string[]) {
  await Promise.all(objectNames.map((name) => rm(path.join(filesRoot(services), name), { force: true }).catch(() => undefined)));
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
  const objectName = path.join(nowIso().slice(0, 10), publicId);
  const absolute = path.join(filesRoot(services), objectName);
  await mkdir(path.dirname(absolute), { recursive: true });
  try {
    await writeFile(absolute, upload.bytes);
    return await fileTransaction(services, async (trx, files) => {
      const row = await trx
        .insertInto('files')
        .values({
          public_id: publicId,
          company_id: target.companyId,
          entity_type: target.entityType,
          entity_id: String(target.entityId),
          type: target.type,
          filename: upload.filename.slice(0, 255),
          content_type: upload.contentType,
          length: upload.bytes.length,
          object_name: objectName,
          uploaded_by: target.uploadedBy,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return link(trx, fileView(row), files);
    });
  } catch (err) {
    await rm(absolute, { force: true });
    throw err;
  }
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

export async function openPublicFile(services: Services, publicId: string) {
  const row = await services.db.selectFrom('files').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  if (!row || !PUBLIC_FILE_TYPES.has(row.type)) throw notFound('File');
  const absolute = path.join(filesRoot(services), row.object_name);
  const info = await stat(absolute).catch(() => null);
  if (!info) throw notFound('File');
  return { row, stream: createReadStream(absolute), length: info.size };
}
