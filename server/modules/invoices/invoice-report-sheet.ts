import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { headingCell, moneyCell, quantityCell, THIN, usDay } from '../../lib/sheet-cells.js';
import { formatInstant } from '../../../resources/time-zone.js';

export interface ReportSums {
  count: number;
  subtotal: bigint;
  retainage: bigint;
  released: bigint;
  due: bigint;
  paid: bigint;
  balance: bigint;
}

/** A group of invoices: each row's text cells and its six amounts (subtotal, retainage, released, due, paid, balance). */
export interface ReportGroup {
  key: string;
  label: string;
  rows: Array<{ cells: string[]; money: bigint[] }>;
  sums: ReportSums;
}

interface Head {
  companyName: string;
  /** The company's zone: the report spans its projects. */
  timezone: string;
  source: string | null;
  from: string;
  to: string;
  groupBy: string;
  dateField: string;
  generatedAt: Date;
}

export type InvoiceReportData =
  | (Head & { kind: 'invoices'; groups: ReportGroup[]; totals: ReportSums })
  | (Head & { kind: 'items'; items: Array<{ name: string; code: string | null; unit: string | null; quantity: string; amount: bigint }>; totals: ReportSums });

const INVOICE_COLUMNS = [
  ['Number', 14, false],
  ['Project', 14, false],
  ['Client', 26, false],
  ['Status', 16, false],
  ['Date', 12, false],
  ['Due date', 12, false],
  ['Subtotal', 17, true],
  ['Retainage', 15, true],
  ['Released', 15, true],
  ['Amount due', 17, true],
  ['Paid', 17, true],
  ['Balance', 17, true],
] as const;
const ITEM_COLUMNS = [
  ['Item', 36, false],
  ['Code', 14, false],
  ['Unit', 10, false],
  ['Quantity', 16, true],
  ['Amount', 19, true],
] as const;

const HEADER_ROW = 9;

function sumsRow(row: ExcelJS.Row, label: string, s: ReportSums, width: number) {
  row.getCell(1).value = label;
  row.getCell(2).value = `${s.count} invoice${s.count === 1 ? '' : 's'}`;
  [s.subtotal, s.retainage, s.released, s.due, s.paid, s.balance].forEach((cents, i) => moneyCell(row.getCell(7 + i), cents));
  for (let i = 1; i <= width; i++) {
    row.getCell(i).font = { bold: true };
    row.getCell(i).border = { top: THIN };
  }
  row.commit();
}

/**
 * Writes the report with exceljs' streaming writer: a header block (company, source, range, grouping,
 * when it was made), the column headings, then each group's heading, rows and totals, and the grand
 * totals; landscape, one page wide, the headings repeated on every printed page.
 */
export async function writeInvoiceReport(out: Writable, data: InvoiceReportData): Promise<void> {
  const columns = data.kind === 'items' ? ITEM_COLUMNS : INVOICE_COLUMNS;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Fieldwork';
  book.created = data.generatedAt;
  const sheet = book.addWorksheet('Invoice report', {
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
    headerFooter: { oddFooter: `&L${data.companyName.replace(/&/g, '&&')}&RPage &P of &N` },
  });
  sheet.columns = columns.map(([, width]) => ({ width }));
  const title = sheet.getRow(1);
  title.getCell(1).value = 'Invoice report';
  title.getCell(1).font = { bold: true, size: 14 };
  title.height = 22;
  title.commit();
  const facts: Array<[string, string]> = [
    ['Company', data.companyName],
    ['Invoices', data.source ? `Received from ${data.source}` : 'Sent'],
    ['Range', `${usDay(data.from)} – ${usDay(data.to)} (${data.dateField})`],
    ['Grouped by', data.groupBy],
    ['Generated', formatInstant(data.generatedAt, data.timezone)],
  ];
  facts.forEach(([label, value], i) => {
    const row = sheet.getRow(2 + i);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(2).value = value;
    row.commit();
  });
  const head = sheet.getRow(HEADER_ROW);
  columns.forEach(([name, , numeric], i) => headingCell(head.getCell(i + 1), name, numeric));
  head.height = 30;
  head.commit();

  if (data.kind === 'items') {
    for (const item of data.items) {
      const row = sheet.addRow([item.name, item.code ?? '', item.unit ?? '']);
      quantityCell(row.getCell(4), item.quantity);
      moneyCell(row.getCell(5), item.amount);
      row.commit();
    }
    const totals = sheet.addRow(['Totals', `${data.totals.count} invoices`]);
    moneyCell(totals.getCell(5), data.totals.subtotal);
    for (let i = 1; i <= columns.length; i++) {
      totals.getCell(i).font = { bold: true };
      totals.getCell(i).border = { top: THIN };
    }
    totals.commit();
  } else {
    for (const group of data.groups) {
      const heading = sheet.addRow([group.label]);
      heading.getCell(1).font = { bold: true, size: 12 };
      heading.commit();
      for (const r of group.rows) {
        const row = sheet.addRow(r.cells.map((c, i) => (i >= 4 && c ? usDay(c) : c)));
        r.money.forEach((cents, i) => moneyCell(row.getCell(7 + i), cents));
        row.commit();
      }
      sumsRow(sheet.addRow([]), `Total ${group.label}`, group.sums, columns.length);
      sheet.addRow([]).commit();
    }
    sumsRow(sheet.addRow([]), 'Totals', data.totals, columns.length);
  }
  sheet.commit();
  await book.commit();
}
