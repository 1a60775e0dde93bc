import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/errors.js';
import type { Services } from '../services.js';
import type { ByteRange } from './object-store.js';

export interface StoredObject {
  object_name: string;
  public_id: string;
  filename: string;
  content_type: string;
  length: number;
}

/** Types a browser may show inline from our origin; anything else (HTML, SVG, unknown) is a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|application\/pdf|video\/(mp4|webm|quicktime)|audio\/(mpeg|wav)|text\/plain|text\/csv)$/;

/** RFC 6266: an ASCII fallback and the exact name in UTF-8. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The one range of a `Range: bytes=...` header, or null when the whole file is wanted; 'unsatisfiable' past the end. */
function parseRange(header: string | undefined, length: number): ByteRange | null | 'unsatisfiable' {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  // Several ranges, or anything else: the whole file, which HTTP allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? length - 1 : Math.min(Number(m[2]), length - 1);
  if (start >= length || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored file: Content-Disposition with its name, an ETag (an object's bytes never change,
 * so its name is its version), 304 for a matching If-None-Match, and one byte range for resumed
 * downloads and video seeking (206, or 416 past the end).
 */
export async function sendStoredObject(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
  file: StoredObject,
  opts: { download: boolean; cache: 'public' | 'private' },
) {
  const etag = `"${file.object_name.replace(/[^\w-]/g, '')}"`;
  const inline = !opts.download && INLINE_TYPES.test(file.content_type);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    // The bytes behind a name never change; a private file stays out of shared caches.
    .header('cache-control', `${opts.cache}, max-age=31536000, immutable`)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.filename));
  // Whatever the bytes are, they never run as a page of our origin (Chrome's PDF viewer will not open in a sandbox).
  if (file.content_type !== 'application/pdf') reply.header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();

  const range = req.headers['if-range'] && req.headers['if-range'] !== etag ? null : parseRange(req.headers.range, file.length);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.length}`);
    throw new AppError(416, 'The requested range is not in the file', 'RANGE_NOT_SATISFIABLE');
  }
  const stream = await services.storage.read(file.object_name, range ?? undefined);
  if (!stream) throw notFound('File');
  reply.header('content-type', file.content_type);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.length}`).header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(file.length));
  return reply.send(stream);
}
