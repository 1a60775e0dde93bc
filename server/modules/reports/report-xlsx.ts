import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { parseScaled } from '../../../resources/money.js';
import type { ReportDocument, ReportTable, ReportValue, ReportValueKind } from '../../../resources/report.js';
import { headingCell, moneyCell, quantityCell, usDay } from '../../lib/sheet-cells.js';

const NUMERIC = new Set<ReportValueKind>(['money', 'quantity', 'count', 'percent']);
const WIDTH: Record<ReportValueKind, number> = { text: 30, money: 18, quantity: 14, count: 10, percent: 11, day: 12 };

/** One cell as its kind reads: exact money and quantities (sheet-cells.ts), a percent as a fraction, a day as a date the US writes. */
function writeCell(cell: ExcelJS.Cell, kind: ReportValueKind, value: ReportValue) {
  if (value === null || value === '') return;
  if (kind === 'money') {
    const cents = parseScaled(value, 2);
    if (cents !== null) return moneyCell(cell, cents);
  } else if (kind === 'quantity') return quantityCell(cell, String(value));
  else if (kind === 'count') {
    cell.value = Number(value);
    cell.numFmt = '#,##0';
    return;
  } else if (kind === 'percent') {
    cell.value = Number(value) / 100;
    cell.numFmt = '0.00%';
    return;
  } else if (kind === 'day' && typeof value === 'string') {
    cell.value = usDay(value);
    return;
  }
  cell.value = value;
}

function writeTable(sheet: ExcelJS.Worksheet, table: ReportTable) {
  const title = sheet.addRow([table.title]);
  title.getCell(1).font = { bold: true, size: 12 };
  title.commit();
  const head = sheet.addRow([]);
  table.columns.forEach((c, i) => headingCell(head.getCell(i + 1), c.label, NUMERIC.has(c.kind)));
  head.commit();
  if (!table.rows.length) sheet.addRow([table.empty]).commit();
  for (const r of table.rows) {
    const row = sheet.addRow([]);
    table.columns.forEach((c, i) => writeCell(row.getCell(i + 1), c.kind, r[c.key] ?? null));
    row.commit();
  }
  if (table.totals) {
    const row = sheet.addRow([]);
    table.columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      writeCell(cell, c.kind, i === 0 ? 'Totals' : (table.totals![c.key] ?? null));
      cell.font = { bold: true };
      cell.border = { top: { style: 'thin' } };
    });
    row.commit();
  }
  sheet.addRow([]).commit();
}

/**
 * A report as an xlsx, streamed row by row (exceljs' streaming writer keeps one row in memory): the
 * title, what it covers, its headline figures, then each table with its totals, laid out to print
 * landscape one page wide. The charts are the tables drawn, so the sheet holds their numbers.
 */
export async function writeReportXlsx(out: Writable, doc: ReportDocument): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Fieldwork';
  book.created = new Date(doc.generatedAt);
  const widest = Math.max(1, ...doc.tables.map((t) => t.columns.length));
  const sheet = book.addWorksheet(doc.title.slice(0, 31), {
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 } },
    headerFooter: { oddFooter: `&L${doc.title.replace(/&/g, '&&')}&RPage &P of &N` },
  });
  // Each column as wide as the widest kind any table puts there.
  sheet.columns = Array.from({ length: widest }, (_, i) => ({
    width: Math.max(...doc.tables.map((t) => (t.columns[i] ? WIDTH[t.columns[i]!.kind] : 8))),
  }));
  const title = sheet.addRow([doc.title]);
  title.getCell(1).font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow([doc.subtitle]).commit();
  for (const fact of doc.facts) {
    const row = sheet.addRow([fact.label]);
    row.getCell(1).font = { bold: true };
    writeCell(row.getCell(2), fact.kind, fact.value);
    row.commit();
  }
  sheet.addRow([]).commit();
  for (const table of doc.tables) writeTable(sheet, table);
  sheet.commit();
  await book.commit();
}
