import ExcelJS from 'exceljs';
import { BULK_COLUMNS, BULK_LIMITS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';
import { parseCsv } from './parse-csv.js';

export type Column = (typeof BULK_COLUMNS)[number];
export interface SheetRow {
  /** The row number as the spreadsheet shows it: the header is row 1. */
  row: number;
  values: Partial<Record<Column, string>>;
}

const REQUIRED: Column[] = ['name', 'email', 'role'];
/** Header spellings people use for each column. */
const ALIASES: Record<string, Column> = { 'e-mail': 'email', mail: 'email', 'email address': 'email', 'role name': 'role', phone_number: 'phone', 'phone number': 'phone', region: 'state' };

const isXlsx = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

async function xlsxCells(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file could not be read as an Excel workbook (.xlsx).', [{ field: 'file', message: 'Not a readable .xlsx file' }]);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > BULK_LIMITS.rows + 1) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(r.getCell(c).text ?? '');
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

const tooManyRows = () =>
  badRequest(`A file may hold at most ${BULK_LIMITS.rows} rows.`, [{ field: 'file', message: `At most ${BULK_LIMITS.rows} rows` }]);

/** The data rows of a CSV or XLSX file, keyed by the known columns of its header row; empty rows are skipped. */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const cells = isXlsx(bytes) ? await xlsxCells(bytes) : parseCsv(bytes.toString('utf8'));
  const [header = [], ...data] = cells;
  const columns = header.map((h) => {
    const key = h.trim().toLowerCase();
    return (BULK_COLUMNS as readonly string[]).includes(key) ? (key as Column) : (ALIASES[key] ?? null);
  });
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) {
    const message = `The first row must name the columns ${BULK_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`;
    throw badRequest(message, [{ field: 'file', message }]);
  }
  if (data.length > BULK_LIMITS.rows) throw tooManyRows();
  const rows: SheetRow[] = [];
  data.forEach((line, i) => {
    if (line.every((v) => !v.trim())) return;
    const values: SheetRow['values'] = {};
    columns.forEach((column, c) => {
      if (column && values[column] === undefined) values[column] = (line[c] ?? '').trim();
    });
    rows.push({ row: i + 2, values });
  });
  if (!rows.length) throw badRequest('The file holds no members.', [{ field: 'file', message: 'No rows below the header' }]);
  return rows;
}
