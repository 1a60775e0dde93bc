import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { formatMoney, formatScaled, mulDivRound, parseScaled } from '../../../resources/money.js';

/** One budget item of the report: as budgeted, and what was produced of it in the range. */
export interface ReportLine {
  item: string;
  code: string | null;
  unit: string | null;
  category: string | null;
  quantity: number;
  priceCents: bigint;
  plannedCents: bigint;
  /** A decimal written out ('12.5'): production quantities keep their decimals. */
  producedQuantity: string;
  producedCents: bigint;
}

export interface ProductionReportData {
  project: { name: string; code: string; timezone: string };
  companyName: string;
  clientName: string | null;
  /** YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  generatedAt: Date;
  lines: ReportLine[];
  totals: { plannedCents: bigint; producedCents: bigint };
}

const COLUMNS = [
  { header: 'Item', width: 34 },
  { header: 'Code', width: 14 },
  { header: 'Unit', width: 9 },
  { header: 'Category', width: 22 },
  { header: 'Budgeted quantity', width: 14 },
  { header: 'Unit price', width: 16 },
  { header: 'Planned amount', width: 21 },
  { header: 'Produced quantity', width: 14 },
  { header: 'Produced amount', width: 21 },
  { header: '% complete', width: 11 },
] as const;
const LAST_COLUMN = 'J';

/** The row of the column headers: everything above it and it stay in view and print on every page. */
export const HEADER_ROW = 9;

const MONEY_FORMAT = '#,##0.00';
const PERCENT_FORMAT = '0.00%';
/**
 * A spreadsheet keeps 15 significant digits in a number cell (a binary double, shown to 15 digits),
 * so an amount is a number only below 10^15 cents (ten trillion); above, it is written as text with
 * every digit, right-aligned, rather than shown rounded.
 */
const EXACT_CENTS = 10n ** 15n;

function moneyCell(cell: ExcelJS.Cell, cents: bigint) {
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
function quantityCell(cell: ExcelJS.Cell, value: string) {
  const [whole = '0', decimals = ''] = value.replace(/^-/, '').split('.');
  if ((whole.replace(/^0+/, '') + decimals).length > 15) {
    cell.value = value;
    cell.alignment = { horizontal: 'right' };
    return;
  }
  cell.value = Number(value);
  cell.numFmt = decimals.length ? `#,##0.${'0'.repeat(decimals.length)}` : '#,##0';
}

/** part / whole as a fraction with four decimals (a percent with two), rounded half up; null of nothing. */
function fraction(part: bigint, whole: bigint): number | null {
  if (whole === 0n) return null;
  return Number(formatScaled(mulDivRound(part, 10_000n, whole), 4));
}

/** Produced over budgeted quantity, exactly (the produced quantity may have decimals). */
function quantityShare(produced: string, budgeted: number): number | null {
  const places = produced.split('.')[1]?.length ?? 0;
  const part = parseScaled(produced, places);
  return part === null ? null : fraction(part, BigInt(budgeted) * 10n ** BigInt(places));
}

const day = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** When the report was made, where the project is: '03/05/2026, 2:07 PM CST'. */
function generatedAt(at: Date, timeZone: string) {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

const THIN = { style: 'thin' as const, color: { argb: 'FF8A94A6' } };

/**
 * Writes the report as an xlsx into `out` with exceljs' streaming writer, row by row: a header block
 * (project, code, company, client, range, when it was made), one row per budget item and the totals,
 * laid out to print (landscape, one page wide, the column headers repeated on every page).
 */
export async function writeProductionSheet(out: Writable, data: ProductionReportData): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Fieldwork';
  book.created = data.generatedAt;
  const sheet = book.addWorksheet('Production report', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW, topLeftCell: `A${HEADER_ROW + 1}` }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}`,
    },
    headerFooter: { oddFooter: `&L${data.project.code}&RPage &P of &N` },
  });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));

  const title = sheet.getRow(1);
  title.getCell(1).value = 'Production report';
  title.getCell(1).font = { bold: true, size: 14 };
  title.height = 22;
  sheet.mergeCells(`A1:${LAST_COLUMN}1`);
  title.commit();
  const facts: Array<[string, string]> = [
    ['Project', data.project.name],
    ['Code', data.project.code],
    ['Company', data.companyName],
    ['Client', data.clientName ?? ''],
    ['Range', `${day(data.from)} – ${day(data.to)}`],
    ['Generated', `${generatedAt(data.generatedAt, data.project.timezone)} (${data.project.timezone})`],
  ];
  facts.forEach(([label, value], i) => {
    const row = sheet.getRow(2 + i);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = value;
    sheet.mergeCells(`B${2 + i}:F${2 + i}`);
    row.commit();
  });
  sheet.getRow(HEADER_ROW - 1).commit();

  const head = sheet.getRow(HEADER_ROW);
  COLUMNS.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE7ECF3' } };
    cell.border = { bottom: THIN };
    cell.alignment = { vertical: 'middle', wrapText: true, horizontal: i >= 4 ? 'right' : 'left' };
  });
  head.height = 30;
  head.commit();

  for (const line of data.lines) {
    const row = sheet.addRow([line.item, line.code ?? '', line.unit ?? '', line.category ?? '']);
    quantityCell(row.getCell(5), String(line.quantity));
    moneyCell(row.getCell(6), line.priceCents);
    moneyCell(row.getCell(7), line.plannedCents);
    quantityCell(row.getCell(8), line.producedQuantity);
    moneyCell(row.getCell(9), line.producedCents);
    const share = quantityShare(line.producedQuantity, line.quantity);
    if (share !== null) {
      row.getCell(10).value = share;
      row.getCell(10).numFmt = PERCENT_FORMAT;
    }
    row.commit();
  }

  const totals = sheet.addRow(['Totals']);
  moneyCell(totals.getCell(7), data.totals.plannedCents);
  moneyCell(totals.getCell(9), data.totals.producedCents);
  const share = fraction(data.totals.producedCents, data.totals.plannedCents);
  if (share !== null) {
    totals.getCell(10).value = share;
    totals.getCell(10).numFmt = PERCENT_FORMAT;
  }
  for (let i = 1; i <= COLUMNS.length; i++) {
    totals.getCell(i).font = { bold: true };
    totals.getCell(i).border = { top: THIN };
  }
  totals.commit();

  sheet.commit();
  await book.commit();
}
