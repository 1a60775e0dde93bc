import { BULK_COLUMNS } from '../../../../resources/member.js';
import { badRequest } from '../../../http/errors.js';
import type { Cell, Sheet } from '../../imports/sheet-read.js';

export type Column = (typeof BULK_COLUMNS)[number];
export interface SheetRow {
  /** The row number as the spreadsheet shows it: the header is row 1. */
  row: number;
  values: Partial<Record<Column, string>>;
  /** Cells of known columns that could not be read (a formula with no value, an error value): the row is refused with them. */
  problems: string[];
}

const REQUIRED: Column[] = ['name', 'email', 'role'];
/** Header spellings people use for each column. */
const ALIASES: Record<string, Column> = { 'e-mail': 'email', mail: 'email', 'email address': 'email', 'role name': 'role', phone_number: 'phone', 'phone number': 'phone', region: 'state' };

/** A cell as the text a member's field takes: a phone number typed as a number stays its digits. */
const textOf = (cell: Cell | undefined): string => {
  if (cell?.kind === 'text') return cell.text;
  if (cell?.kind === 'number') return String(cell.value);
  return '';
};

/** The sheet's data rows keyed by the known columns of its header row (empty rows are already left out). */
export function memberRows(sheet: Sheet): SheetRow[] {
  const columns = sheet.header.map((h) => {
    const key = h.trim().toLowerCase();
    return (BULK_COLUMNS as readonly string[]).includes(key) ? (key as Column) : (ALIASES[key] ?? null);
  });
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) {
    const message = `The first row must name the columns ${BULK_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`;
    throw badRequest(message, [{ field: 'file', message }]);
  }
  const rows = sheet.rows.map(({ row, cells }) => {
    const values: SheetRow['values'] = {};
    const problems: string[] = [];
    columns.forEach((column, c) => {
      if (!column || values[column] !== undefined) return;
      const cell = cells[c];
      if (cell?.kind === 'problem') problems.push(`${column}: ${cell.message}`);
      values[column] = textOf(cell);
    });
    return { row, values, problems };
  });
  if (!rows.length) throw badRequest('The file holds no members.', [{ field: 'file', message: 'No rows below the header' }]);
  return rows;
}
