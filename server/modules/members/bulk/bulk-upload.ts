import type { FastifyRequest } from 'fastify';
import { BULK_LIMITS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';

/** The file and the type field of a bulk import request (multipart: file, type=members). */
export async function readBulkUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('Send the file as multipart/form-data', [{ field: 'file', message: 'A file is required' }]);
  let file: Buffer | null = null;
  let type: string | null = null;
  // Fields may come before or after the file; a too large file ends as 413 in the error handler.
  for await (const part of req.parts({ limits: { fileSize: BULK_LIMITS.bytes, files: 1 } })) {
    if (part.type === 'file') file = await part.toBuffer();
    else if (part.fieldname === 'type') type = String(part.value);
  }
  if (type !== 'members') throw badRequest('type must be members', [{ field: 'type', message: 'Must be members' }]);
  if (!file?.length) throw badRequest('A file is required', [{ field: 'file', message: 'A file is required' }]);
  return file;
}
