import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../../resources/imports.js';
import { CsvError, decodeCsv, parseCsv } from './csv.js';
import { zipProblem } from './zip-guard.js';

/**
 * An uploaded xlsx or csv as plain rows of cells, whatever the format: the first non-empty row is the
 * header, the rest data rows numbered as the sheet numbers them. A problem with the whole file (not
 * a spreadsheet, a zip bomb, too many rows) is a SheetError; a problem with one cell (a formula
 * without a cached value, an error value) stays in the cell for the row's report.
 */

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'problem'; message: string };

export interface SheetRow {
  row: number;
  cells: Cell[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
  /** A semicolon-separated CSV writes decimals with a comma (columns.ts). */
  commaDecimal: boolean;
}

export class SheetError extends Error {}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPES = new Set(['text/csv', 'text/plain']);

export const tooManyRows = (max: number) => `The sheet has more than ${max.toLocaleString('en-US')} rows: import at most ${max.toLocaleString('en-US')} rows at once`;

const EMPTY: Cell = { kind: 'empty' };

const text = (value: string): Cell => (value.trim() === '' ? EMPTY : { kind: 'text', text: value.trim() });

/** One exceljs cell value as a Cell: formulas by their cached result, rich text and links by their text. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'problem', message: 'the cell is not a finite number' };
  if (typeof value === 'string') return text(value);
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? EMPTY : { kind: 'text', text: value.toISOString().slice(0, 10) };
  const v = value as Record<string, unknown>;
  if ('formula' in v || 'sharedFormula' in v) {
    if (v.result === undefined || v.result === null) return { kind: 'problem', message: 'formula without a value (open and save the file in a spreadsheet program first)' };
    return cellOf(v.result);
  }
  if ('error' in v) return { kind: 'problem', message: `the cell shows ${String(v.error)}` };
  if (Array.isArray(v.richText)) return text((v.richText as Array<{ text?: string }>).map((r) => r.text ?? '').join(''));
  if (typeof v.text === 'string') return text(v.text);
  return { kind: 'problem', message: 'the cell holds a value that cannot be read' };
}

/**
 * exceljs' streaming reader rather than a whole-workbook load: styles are skipped (the slow part of a
 * load), rows arrive one at a time, and the read stops at the row limit instead of after the sheet.
 * The first sheet holding any row is read.
 */
async function readXlsx(bytes: Buffer, maxRows: number): Promise<Sheet> {
  const problem = zipProblem(bytes);
  if (problem) throw new SheetError(problem);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row as ExcelJS.Row).values as unknown[];
        const cells: Cell[] = [];
        for (let c = 1; c < values.length; c++) cells.push(cellOf(values[c]));
        if (!cells.some((cell) => cell.kind !== 'empty')) continue;
        // The header is one of the rows: more than maxRows + 1 is too many.
        if (rows.length > maxRows) throw new SheetError(tooManyRows(maxRows));
        rows.push({ row: (row as ExcelJS.Row).number, cells });
      }
      if (rows.length) break;
    }
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError('The file is not a readable xlsx workbook');
  }
  return withHeader(rows, maxRows, false);
}

function readCsv(bytes: Buffer, maxRows: number): Sheet {
  if (bytes.includes(0)) throw new SheetError('The file is not a text CSV (it holds binary data)');
  let parsed;
  try {
    parsed = parseCsv(decodeCsv(bytes), maxRows + 1);
  } catch (err) {
    if (err instanceof CsvError) throw new SheetError(`The CSV cannot be read: ${err.message}`);
    throw err;
  }
  return withHeader(
    parsed.records.map((r) => ({ row: r.line, cells: r.cells.map(text) })).filter((r) => r.cells.some((c) => c.kind !== 'empty')),
    maxRows,
    parsed.separator === ';',
  );
}

function withHeader(rows: SheetRow[], maxRows: number, commaDecimal: boolean): Sheet {
  const [first, ...data] = rows;
  if (!first) throw new SheetError('The sheet is empty: its first row should name the columns');
  if (data.length > maxRows) throw new SheetError(tooManyRows(maxRows));
  const header = first.cells.map((c) => (c.kind === 'text' ? c.text : c.kind === 'number' ? String(c.value) : ''));
  return { header, rows: data, commaDecimal };
}

/** The spooled upload as a Sheet, by its sniffed type. */
export async function readSheet(file: { spoolPath: string; contentType: string }, maxRows = IMPORT_MAX_ROWS): Promise<Sheet> {
  const bytes = await readFile(file.spoolPath);
  if (file.contentType === XLSX_TYPE) return readXlsx(bytes, maxRows);
  if (CSV_TYPES.has(file.contentType)) return readCsv(bytes, maxRows);
  throw new SheetError('The file must be an xlsx workbook or a CSV file');
}
