import type { FastifyRequest } from 'fastify';
import { BULK_LIMITS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';
import { readMultipart } from '../../../storage/multipart.js';

/** The file and the type field of a bulk import request (multipart: file, type=members). */
export async function readBulkUpload(req: FastifyRequest): Promise<Buffer> {
  // Fields may come before or after the file; a too large file ends as 413.
  const { file, fields } = await readMultipart(req, { fileSize: BULK_LIMITS.bytes });
  if (fields.type !== 'members') throw badRequest('type must be members', [{ field: 'type', message: 'Must be members' }]);
  if (!file?.bytes.length) throw badRequest('A file is required', [{ field: 'file', message: 'A file is required' }]);
  return file.bytes;
}
