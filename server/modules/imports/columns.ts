import { MAX_PRICE_CENTS, MAX_QUANTITY, MONEY_MESSAGES, parseScaled } from '../../../resources/money.js';
import { IMPORT_ALIASES, IMPORT_HEADINGS, type ImportColumn } from '../../../resources/imports.js';
import { SheetError, type Cell, type Sheet } from './sheet-read.js';

/** Where each known column sits in the sheet (0-based), and the headings no import column claimed. */
export interface ColumnMap {
  at: Partial<Record<ImportColumn, number>>;
  ignored: string[];
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Matches the header row to the import's columns, without case and extra spaces, through the aliases
 * of resources/imports.ts. A column named twice, or a required column missing, refuses the whole file
 * with the headings it did find, so the person sees at once that the sheet is the wrong one.
 */
export function mapColumns(sheet: Sheet, wanted: ImportColumn[], required: Array<ImportColumn | ImportColumn[]>): ColumnMap {
  const at: ColumnMap['at'] = {};
  const ignored: string[] = [];
  sheet.header.forEach((heading, index) => {
    if (heading.trim() === '') return;
    const column = wanted.find((c) => IMPORT_ALIASES[c].includes(norm(heading)));
    if (!column) return void ignored.push(heading.trim());
    if (at[column] !== undefined) throw new SheetError(`Two columns are read as ${IMPORT_HEADINGS[column]}: keep one`);
    at[column] = index;
  });
  const found = sheet.header.filter((h) => h.trim() !== '').join(', ') || 'none';
  for (const need of required) {
    const any = Array.isArray(need) ? need : [need];
    if (any.some((c) => at[c] !== undefined)) continue;
    const names = any.map((c) => IMPORT_ALIASES[c].map((a) => `"${a}"`).join(' or ')).join(', or ');
    throw new SheetError(`The first row must name a column ${names} (found: ${found})`);
  }
  return { at, ignored };
}

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = (message: string): Read<never> => ({ ok: false, message });

export const cellAt = (cells: Cell[], index: number | undefined): Cell => (index === undefined ? { kind: 'empty' } : (cells[index] ?? { kind: 'empty' }));

/**
 * A number cell as its decimal text, as the spreadsheet shows it (15 significant digits), so a
 * cached formula result like 13.200000000000001 reads 13.2 rather than being refused.
 */
const numberText = (n: number) => String(Number(n.toPrecision(15)));

/**
 * A decimal written in a text cell. A semicolon-separated CSV is a comma-decimal one (Excel in most of
 * Europe writes "12,50;…"), so there a comma is the decimal mark; elsewhere commas group thousands.
 */
function decimalText(raw: string, commaDecimal: boolean): string {
  const s = raw.replace(/^\$\s*/, '').replace(/\s/g, '');
  if (commaDecimal && s.includes(',')) return s.includes('.') ? 'x' : s.replace(',', '.');
  return s;
}

/** A text cell: empty is null; a number is written as it shows. */
export function readText(cell: Cell, label: string, max: number): Read<string | null> {
  if (cell.kind === 'problem') return fail(`${label}: ${cell.message}`);
  if (cell.kind === 'empty') return ok(null);
  const value = cell.kind === 'number' ? numberText(cell.value) : cell.text;
  if (value.length > max) return fail(`${label} must be at most ${max} characters`);
  if (value.includes('\0')) return fail(`${label} must not contain a NUL character`);
  return ok(value);
}

/** A unit price in cents (empty is 0). */
export function readPrice(cell: Cell, commaDecimal: boolean): Read<bigint> {
  if (cell.kind === 'problem') return fail(`Price: ${cell.message}`);
  if (cell.kind === 'empty') return ok(0n);
  const cents = parseScaled(cell.kind === 'number' ? numberText(cell.value) : decimalText(cell.text, commaDecimal), 2);
  if (cents === null || cents < 0n || cents > MAX_PRICE_CENTS) return fail(MONEY_MESSAGES.price);
  return ok(cents);
}

/** A whole quantity (empty is 0). */
export function readQuantity(cell: Cell, commaDecimal: boolean): Read<number> {
  if (cell.kind === 'problem') return fail(`Quantity: ${cell.message}`);
  if (cell.kind === 'empty') return ok(0);
  const n = parseScaled(cell.kind === 'number' ? numberText(cell.value) : decimalText(cell.text, commaDecimal), 0);
  if (n === null || n < 0n || n > BigInt(MAX_QUANTITY)) return fail(MONEY_MESSAGES.quantity);
  return ok(Number(n));
}
