import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { hasNul, NUL_MESSAGE } from '../../resources/text.js';
import { AppError, badRequest } from '../http/errors.js';
import type { Services } from '../services.js';
import { safeFilename, sniffContentType } from './content-type.js';

/** One file of a request, written to a spool file as it arrived: never held whole in memory. */
export interface ReceivedFile {
  /** The multipart field it came in ('file', 'img'...). */
  field: string;
  filename: string;
  /** From the bytes (content-type.ts). */
  contentType: string;
  length: number;
  spoolPath: string;
}

/** A file of the request that was not kept, and why. */
export interface Refusal {
  filename: string;
  message: string;
  status: 400 | 413;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  refused: Refusal[];
  /** The text fields by name; a repeated name keeps its last value. */
  fields: Record<string, string>;
  /** Removes the spool files not moved into the store: call it in a finally. */
  discard(): Promise<void>;
}

export interface ReceiveOptions {
  /** Bytes per file; MAX_UPLOAD_MB by default. */
  maxBytes?: number;
  maxFiles?: number;
  /** A refusal message for a file this route does not take (a PDF where an image is wanted), or null. */
  check?: (file: ReceivedFile) => string | null;
}

const HEAD_BYTES = 4100;

export const tooLargeMessage = (maxBytes: number) => `The file is too large: at most ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;

/** Counts the bytes going through and keeps the first few, for the type. */
function meter() {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (length < HEAD_BYTES) chunks.push(chunk.subarray(0, HEAD_BYTES - length));
      length += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, length: () => length, head: () => Buffer.concat(chunks) };
}

/** Our own refusals and the multipart plugin's limits (413) keep their status; they are not parse failures. */
const isClientError = (err: unknown) =>
  err instanceof AppError || (typeof (err as { statusCode?: unknown }).statusCode === 'number' && (err as { statusCode: number }).statusCode < 500);

export const spoolFolder = (services: Services) => path.join(services.config.dataDir, 'tmp', 'uploads');

/**
 * Reads a multipart/form-data request part by part, each file streamed to a spool file in the data
 * folder with its size held to `maxBytes` (a larger file is refused with 413 and nothing of it kept,
 * while the rest of the request is still read, so the browser gets the answer rather than a broken
 * connection). The parser's own failures (no boundary, a body cut short) are the client's 400.
 */
export async function receiveUploads(services: Services, req: FastifyRequest, opts: ReceiveOptions = {}): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data', [{ field: 'file', message: 'A file is required' }]);
  const maxBytes = opts.maxBytes ?? services.config.maxUploadMb * 1024 * 1024;
  const folder = spoolFolder(services);
  await mkdir(folder, { recursive: true });
  const spooled: string[] = [];
  const files: ReceivedFile[] = [];
  const refused: Refusal[] = [];
  const fields: Record<string, string> = {};
  const discard = () => Promise.all(spooled.map((p) => rm(p, { force: true }))).then(() => undefined);
  try {
    // throwFileSizeLimit: the plugin reads it (its `parts` type leaves it out); false lets one file be refused and the rest read.
    const options = { limits: { fileSize: maxBytes, files: opts.maxFiles ?? 20 }, throwFileSizeLimit: false } as Parameters<typeof req.parts>[0];
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (hasNul(part.filename)) {
        part.file.resume();
        refused.push({ filename: safeFilename(part.filename.replaceAll('\0', '')), message: `File name: ${NUL_MESSAGE}`, status: 400 });
        continue;
      }
      const filename = safeFilename(part.filename);
      const spoolPath = path.join(folder, randomUUID());
      spooled.push(spoolPath);
      const counted = meter();
      await pipeline(part.file, counted.stream, createWriteStream(spoolPath));
      if (part.file.truncated) {
        await rm(spoolPath, { force: true });
        refused.push({ filename, message: tooLargeMessage(maxBytes), status: 413 });
        continue;
      }
      const file = { field: part.fieldname, filename, contentType: sniffContentType(counted.head(), filename), length: counted.length(), spoolPath };
      const problem = opts.check?.(file) ?? null;
      if (problem) {
        await rm(spoolPath, { force: true });
        refused.push({ filename, message: problem, status: 400 });
      } else files.push(file);
    }
  } catch (err) {
    await discard();
    if (isClientError(err)) throw err;
    throw badRequest('The upload is not a valid multipart/form-data body', [{ field: 'file', message: 'The upload is not a valid multipart/form-data body' }]);
  }
  return { files, refused, fields, discard };
}

/** When nothing was kept: the first refusal as the answer's error (413 for a file too large). */
export function refusalError(upload: ReceivedUpload): AppError {
  const first = upload.refused[0];
  if (!first) return badRequest('A file is required', [{ field: 'file', message: 'A file is required' }]);
  return new AppError(first.status, first.message, first.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', [{ field: 'file', message: first.message }]);
}
