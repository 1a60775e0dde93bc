import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import { readUpload, sniffImage } from './file-store.js';

/**
 * The one image of a multipart request (fields: file, type), checked by its bytes rather than by the
 * name or type the browser claims.
 */
export async function readImageUpload(req: FastifyRequest, expectedType: string) {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data', [{ field: 'file', message: 'A file is required' }]);
  const part = await req.file();
  if (!part) throw badRequest('A file is required', [{ field: 'file', message: 'A file is required' }]);
  const bytes = await readUpload(part);
  const typeField = part.fields.type;
  const type = typeField && 'value' in typeField ? String(typeField.value) : expectedType;
  if (type !== expectedType) throw badRequest(`type must be ${expectedType}`, [{ field: 'type', message: `type must be ${expectedType}` }]);
  const contentType = sniffImage(bytes);
  if (!contentType) {
    throw badRequest('The file must be a PNG, JPEG, GIF or WebP image', [{ field: 'file', message: 'The file must be a PNG, JPEG, GIF or WebP image' }]);
  }
  return { filename: part.filename || 'upload', contentType, bytes };
}
