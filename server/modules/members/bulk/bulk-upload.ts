import type { FastifyRequest } from 'fastify';
import { BULK_LIMITS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';
import type { Services } from '../../../services.js';
import { receiveUploads, refusalError } from '../../../storage/uploads.js';
import { readUploadedSheet, sheetType } from '../../imports/import-upload.js';
import type { Sheet } from '../../imports/sheet-read.js';

/**
 * The file and the type field of a bulk import request (multipart: file, type=members), read by the
 * spreadsheet imports' reader (its zip-bomb guard, strict CSV, row cap) and then dropped.
 */
export async function readBulkUpload(services: Services, req: FastifyRequest): Promise<Sheet> {
  // Fields may come before or after the file; a too large file ends as 413.
  const upload = await receiveUploads(services, req, {
    maxBytes: BULK_LIMITS.bytes,
    maxFiles: 1,
    check: (f) => (!f.length ? 'A file is required' : sheetType(f) ? null : 'The file must be an xlsx workbook or a CSV file'),
  });
  try {
    if (upload.fields.type !== 'members') throw badRequest('type must be members', [{ field: 'type', message: 'Must be members' }]);
    const [file] = upload.files;
    if (!file) throw refusalError(upload);
    return await readUploadedSheet(file, BULK_LIMITS.rows);
  } finally {
    await upload.discard();
  }
}
