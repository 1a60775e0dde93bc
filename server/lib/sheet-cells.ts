import type ExcelJS from 'exceljs';
import { formatMoney } from '../../resources/money.js';

/**
 * Cells of the spreadsheets the API writes (the project production report, the daily production
 * sheet): exact money and quantities, dates as the US writes them, the look of a column heading.
 */

export const MONEY_FORMAT = '#,##0.00';
export const PERCENT_FORMAT = '0.00%';
export const THIN = { style: 'thin' as const, color: { argb: 'FF8A94A6' } };
const HEADING_FILL = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FFE7ECF3' } };

/**
 * A spreadsheet keeps 15 significant digits in a number cell (a binary double, shown to 15 digits),
 * so an amount is a number only below 10^15 cents (ten trillion); above, it is written as text with
 * every digit, right-aligned, rather than shown rounded.
 */
const EXACT_CENTS = 10n ** 15n;

export function moneyCell(cell: ExcelJS.Cell, cents: bigint) {
  if ((cents < 0n ? -cents : cents) < EXACT_CENTS) {
    // Division of an exact integer is correctly rounded: the double nearest the decimal amount.
    cell.value = Number(cents) / 100;
    cell.numFmt = MONEY_FORMAT;
  } else {
    cell.value = formatMoney(cents, '');
    cell.alignment = { horizontal: 'right' };
  }
}

/** A quantity written out as a decimal: a number cell showing its own decimals, or text past 15 digits. */
export function quantityCell(cell: ExcelJS.Cell, value: string) {
  const [whole = '0', decimals = ''] = value.replace(/^-/, '').split('.');
  if ((whole.replace(/^0+/, '') + decimals).length > 15) {
    cell.value = value;
    cell.alignment = { horizontal: 'right' };
    return;
  }
  cell.value = Number(value);
  cell.numFmt = decimals.length ? `#,##0.${'0'.repeat(decimals.length)}` : '#,##0';
}

/** A column heading: bold on a light fill, a rule under it, numbers' headings right-aligned. */
export function headingCell(cell: ExcelJS.Cell, text: string, numeric: boolean) {
  cell.value = text;
  cell.font = { bold: true };
  cell.fill = HEADING_FILL;
  cell.border = { bottom: THIN };
  cell.alignment = { vertical: 'middle', wrapText: true, horizontal: numeric ? 'right' : 'left' };
}

/** A YYYY-MM-DD day as MM/DD/YYYY. */
export const usDay = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
