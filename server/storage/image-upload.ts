import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import { sniffImage } from './file-store.js';
import { readMultipart } from './multipart.js';

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The one image of a multipart request (fields: file, type), checked by its bytes rather than by the
 * name or type the browser claims.
 */
export async function readImageUpload(req: FastifyRequest, expectedType: string) {
  const { file, fields } = await readMultipart(req);
  if (!file) throw refuse('file', 'A file is required');
  if (file.bytes.length === 0) throw refuse('file', 'The file is empty');
  const type = fields.type ?? expectedType;
  if (type !== expectedType) throw refuse('type', `type must be ${expectedType}`);
  const contentType = sniffImage(file.bytes);
  if (!contentType) throw refuse('file', 'The file must be a PNG, JPEG, GIF or WebP image');
  return { filename: file.filename || 'upload', contentType, bytes: file.bytes };
}
