import type { FastifyRequest } from 'fastify';
import { SKIP_REFUSED_FIELD } from '../../../resources/imports.js';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { receiveUploads, refusalError } from '../../storage/uploads.js';
import { mapColumns } from './columns.js';
import { CSV_TYPES, readSheet, SheetError, XLSX_TYPE, type Sheet } from './sheet-read.js';

export const sheetRefusal = (message: string) => badRequest(message, [{ field: 'file', message }]);

/**
 * The sheet kind of an upload by its sniffed type. A .csv that is not UTF-8 (Excel's Windows-1252
 * "CSV") sniffs as binary, so by its name it is still read as CSV; csv.ts decodes it and refuses NULs.
 */
export function sheetType(f: { contentType: string; filename: string }): string | null {
  if (f.contentType === XLSX_TYPE || CSV_TYPES.has(f.contentType)) return f.contentType;
  return f.contentType === 'application/octet-stream' && /\.csv$/i.test(f.filename) ? 'text/csv' : null;
}

/**
 * The one spreadsheet of an import request (multipart: file, and skipRefused=true to leave refused
 * rows out), read through the upload limits of server/storage/uploads.ts and then dropped: an import
 * keeps no file. A file that is no spreadsheet, or one the reader refuses as a whole, is a 400 on `file`.
 */
export async function readImportUpload(services: Services, req: FastifyRequest): Promise<{ sheet: Sheet; skipRefused: boolean }> {
  const upload = await receiveUploads(services, req, {
    maxFiles: 1,
    check: (f) => (f.length === 0 ? 'The file is empty' : sheetType(f) ? null : 'The file must be an xlsx workbook or a CSV file'),
  });
  try {
    const [file] = upload.files;
    if (!file) throw refusalError(upload);
    const flag = upload.fields[SKIP_REFUSED_FIELD];
    if (flag !== undefined && flag !== 'true' && flag !== 'false') throw badRequest(`${SKIP_REFUSED_FIELD} must be true or false`, [{ field: SKIP_REFUSED_FIELD, message: 'Must be true or false' }]);
    return { sheet: await readUploadedSheet(file), skipRefused: flag === 'true' };
  } finally {
    await upload.discard();
  }
}

/** A spooled upload that passed sheetType as a Sheet; what the reader refuses as a whole is a 400 on `file`. */
export function readUploadedSheet(file: { spoolPath: string; contentType: string; filename: string }, maxRows?: number): Promise<Sheet> {
  return readSheet({ spoolPath: file.spoolPath, contentType: sheetType(file)! }, maxRows).catch((err: unknown) =>
    Promise.reject(err instanceof SheetError ? sheetRefusal(err.message) : err),
  );
}

/** The sheet's columns for an import (columns.ts), a sheet without them being the same 400 on `file`. */
export function importColumns(...args: Parameters<typeof mapColumns>) {
  try {
    return mapColumns(...args);
  } catch (err) {
    throw err instanceof SheetError ? sheetRefusal(err.message) : err;
  }
}
