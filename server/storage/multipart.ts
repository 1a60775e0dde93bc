import type { FastifyRequest } from 'fastify';
import { hasNul, NUL_MESSAGE } from '../../resources/text.js';
import { AppError, badRequest } from '../http/errors.js';

export interface MultipartUpload {
  /** The first file part, read whole; null when the request holds none. */
  file: { filename: string; bytes: Buffer } | null;
  /** The text fields by name; a repeated name keeps its last value. */
  fields: Record<string, string>;
}

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** Our own refusals and the multipart plugin's limits (413) keep their status; they are not parse failures. */
const isClientError = (err: unknown) =>
  err instanceof AppError || (typeof (err as { statusCode?: unknown }).statusCode === 'number' && (err as { statusCode: number }).statusCode < 500);

/**
 * Reads a whole multipart/form-data request: its first file, at most `fileSize` bytes (413 beyond),
 * and its text fields. The parser's own failures (no or wrong boundary, a body cut short, bytes that
 * are not multipart) carry no status and would be 500s; they come from the request body, so they
 * are the client's 400.
 */
export async function readMultipart(req: FastifyRequest, limits: { fileSize?: number } = {}): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data', [{ field: 'file', message: 'A file is required' }]);
  let file: MultipartUpload['file'] = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      // Every route takes one file; later ones are read past, unkept.
      else if (file) part.file.resume();
      else file = { filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (err) {
    if (isClientError(err)) throw err;
    throw refuse('file', 'The upload is not a valid multipart/form-data body');
  }
  if (file && hasNul(file.filename)) throw refuse('file', `File name: ${NUL_MESSAGE}`);
  return { file, fields };
}
