import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.js';
import type { Services } from '../services.js';
import { IMAGE_TYPES } from './content-type.js';
import type { Upload } from './file-store.js';
import { receiveUploads, refusalError } from './uploads.js';

const refuse = (field: string, message: string) => badRequest(message, [{ field, message }]);

/**
 * The one image of a multipart request (fields: file, type), streamed to a spool file and checked by
 * its bytes rather than by the name or type the browser claims. SVG is refused since it can carry script.
 */
export async function readImageUpload(services: Services, req: FastifyRequest, expectedType: string): Promise<Upload> {
  const upload = await receiveUploads(services, req, {
    maxFiles: 1,
    check: (f) =>
      f.length === 0 ? 'The file is empty' : IMAGE_TYPES.has(f.contentType) ? null : 'The file must be a PNG, JPEG, GIF or WebP image',
  });
  const [file] = upload.files;
  const type = upload.fields.type ?? expectedType;
  if (!file || type !== expectedType) {
    await upload.discard();
    throw file ? refuse('type', `type must be ${expectedType}`) : refusalError(upload);
  }
  return { ...file, filename: file.filename || 'upload' };
}
