import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { formatScaled, mulDivRound, parseScaled } from '../../../resources/money.js';
import { headingCell, moneyCell, PERCENT_FORMAT, quantityCell, THIN, usDay } from '../../lib/sheet-cells.js';
import { formatInstant } from '../../../resources/time-zone.js';

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
    ['Range', `${usDay(data.from)} – ${usDay(data.to)}`],
    ['Generated', formatInstant(data.generatedAt, data.project.timezone)],
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
  COLUMNS.forEach((c, i) => headingCell(head.getCell(i + 1), c.header, i >= 4));
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
