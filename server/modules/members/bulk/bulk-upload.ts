import { readFile } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { BULK_LIMITS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';
import type { Services } from '../../../services.js';
import { receiveUploads, refusalError } from '../../../storage/uploads.js';

/** The file and the type field of a bulk import request (multipart: file, type=members), read whole: it is at most BULK_LIMITS.bytes. */
export async function readBulkUpload(services: Services, req: FastifyRequest): Promise<Buffer> {
  // Fields may come before or after the file; a too large file ends as 413.
  const upload = await receiveUploads(services, req, { maxBytes: BULK_LIMITS.bytes, maxFiles: 1, check: (f) => (f.length ? null : 'A file is required') });
  try {
    if (upload.fields.type !== 'members') throw badRequest('type must be members', [{ field: 'type', message: 'Must be members' }]);
    const [file] = upload.files;
    if (!file) throw refusalError(upload);
    return await readFile(file.spoolPath);
  } finally {
    await upload.discard();
  }
}
