import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { Upload } from '../../storage/file-store.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';

/** A drawn signature is a few kilobytes; a megabyte leaves room for a large, high-density pad. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

const PNG_ONLY = 'The signature must be a PNG image';
const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

export interface ReceivedSignature {
  upload: Upload;
  /** sha256 of the bytes, hex: printed on the signed budget, so a copy of the image can be matched to it. */
  sha256: string;
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/**
 * The signature of a multipart request (fields: file, type=signature, and any text fields the route
 * reads). Only PNG is taken: it is what signature pads draw, and what the signed budget's PDF embeds
 * as it is (an SVG would need rasterising, and can carry script). The bytes must decode as a PNG.
 */
export async function receiveSignature(services: Services, req: FastifyRequest): Promise<ReceivedSignature> {
  const received = await receiveUploads(services, req, {
    maxBytes: SIGNATURE_MAX_BYTES,
    maxFiles: 1,
    check: (f) => (f.length === 0 ? 'The file is empty' : f.contentType === 'image/png' ? null : PNG_ONLY),
  });
  try {
    const [file] = received.files;
    if (!file) throw refusalError(received);
    if ((received.fields.type ?? 'signature') !== 'signature') throw refuse('type', 'type must be signature');
    const bytes = await readFile(file.spoolPath);
    try {
      await (await PDFDocument.create()).embedPng(bytes);
    } catch {
      throw refuse('file', 'The signature image could not be read as a PNG');
    }
    return {
      upload: { ...file, filename: 'signature.png' },
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fields: received.fields,
      discard: received.discard,
    };
  } catch (err) {
    await received.discard();
    throw err;
  }
}

/** The signer's browser, as it named itself, for the signature's audit trail. */
export const userAgentOf = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '').slice(0, 500) || null;
