import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../db/index.js';
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

export const staticUrl = (publicId: string) => `/api/v1/staticfiles/${publicId}`;

/** Keeps the bytes under DATA_DIR/files and records them; call inside the transaction that links the file. */
export async function storeFile(
  services: Services,
  db: Executor,
  target: UploadTarget,
  upload: { filename: string; contentType: string; bytes: Buffer },
): Promise<StoredFile> {
  const publicId = randomUUID();
  const day = nowIso().slice(0, 10);
  const objectName = path.join(day, publicId);
  const absolute = path.join(services.config.dataDir, 'files', objectName);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, upload.bytes);
  try {
    const row = await db
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
    return fileView(row);
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
  const absolute = path.join(services.config.dataDir, 'files', row.object_name);
  const info = await stat(absolute).catch(() => null);
  if (!info) throw notFound('File');
  return { row, stream: createReadStream(absolute), length: info.size };
}
