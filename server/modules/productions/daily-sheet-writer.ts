import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { PRODUCTION_REVIEW_STATUSES, PRODUCTION_TEXTS, type ProductionReview, type ProductionTexts } from '../../../resources/production.js';
import { headingCell, moneyCell, quantityCell, THIN, usDay } from '../../lib/sheet-cells.js';
import { formatInstant } from '../../../resources/time-zone.js';

/** One production item as the sheet shows it. */
export interface DailySheetItem {
  code: string | null;
  name: string;
  unit: string | null;
  /** A decimal written out ('12.5'), exactly as recorded. */
  quantity: string;
  priceCents: bigint;
  amountCents: bigint;
  station: string | null;
  description: string | null;
  /** Photos attached and asked for, and the item's photos page in the app. */
  photos: { count: number; asked: number; url: string };
}

export interface DailySheetData {
  project: { name: string; code: string; client: string | null; address: string; timezone: string };
  company: string;
  crew: string;
  /** YYYY-MM-DD, the day in the project's time zone. */
  date: string;
  status: string;
  rejectReason: string | null;
  reviews: ProductionReview[];
  texts: ProductionTexts;
  items: DailySheetItem[];
  totalCents: bigint;
  /** Each photo's own link (signed: it opens for a while), item by item. */
  photos: Array<{ of: string; name: string; url: string; takenAt: string }>;
  productionUrl: string;
  generatedAt: Date;
}

const COLUMNS = [
  { header: 'Code', width: 12 },
  { header: 'Item', width: 30 },
  { header: 'Unit', width: 8 },
  { header: 'Quantity', width: 13, numeric: true },
  { header: 'Unit price', width: 15, numeric: true },
  { header: 'Amount', width: 18, numeric: true },
  { header: 'Station', width: 16 },
  { header: 'Description', width: 36 },
  { header: 'Photos', width: 12 },
] as const;
const LAST = 'I';
/** Characters a line of the merged value cells (B:I) holds, to size wrapped rows: exceljs does not fit heights. */
const LINE_CHARS = 140;

const reviewStatus = (status: string) => PRODUCTION_REVIEW_STATUSES.find((s) => s.value === status)?.label ?? status;

/** "Sub Boring (own review): Approved by Ann Lee, 03/05/2026, 2:07 PM CST". */
function reviewLine(r: ProductionReview, timezone: string) {
  const who = `${r.companyName} (${r.role === 'own' ? 'own review' : 'client review'})`;
  const decided = [r.decidedBy ? `by ${r.decidedBy}` : null, r.decidedAt ? formatInstant(r.decidedAt, timezone) : null].filter(Boolean).join(', ');
  return `${who}: ${reviewStatus(r.status)}${decided ? ` ${decided}` : ''}${r.reason && r.status === 'rejected' ? ` — ${r.reason}` : ''}`;
}

const weekday = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

const linesOf = (text: string) => text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / LINE_CHARS)), 0);

/**
 * Writes the daily production sheet as an xlsx into `out` with exceljs' streaming writer, row by
 * row: a header block (project, code, client, address, company, crew, date, status, each review,
 * when it was made), the day's texts, one row per item and the totals, then the photos with their
 * links; laid out to print like the project production report (landscape, one page wide, the column
 * headings repeated on every page).
 */
export async function writeDailySheet(out: Writable, data: DailySheetData): Promise<void> {
  const facts: Array<[string, string]> = [
    ['Project', data.project.name],
    ['Code', data.project.code],
    ['Client', data.project.client ?? ''],
    ['Address', data.project.address],
    ['Company', data.company],
    ['Crew', data.crew],
    ['Date', `${usDay(data.date)} (${weekday(data.date)})`],
    ['Status', data.rejectReason && data.status === 'Rejected' ? `${data.status} — ${data.rejectReason}` : data.status],
    ...data.reviews.map((r, i): [string, string] => [i === 0 ? 'Reviews' : '', reviewLine(r, data.project.timezone)]),
    ['Generated', formatInstant(data.generatedAt, data.project.timezone)],
  ];
  const texts = PRODUCTION_TEXTS.map((t): [string, string] => [t.label, data.texts[t.key] ?? '']);
  // Title, facts, texts, a blank row, then the headings.
  const headerRow = 1 + facts.length + texts.length + 2;

  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Fieldwork';
  book.created = data.generatedAt;
  const sheet = book.addWorksheet('Daily production', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }],
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      horizontalCentered: true,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
    headerFooter: { oddFooter: `&L${data.project.code} · ${usDay(data.date)} · ${data.crew.replace(/&/g, '&&')}&RPage &P of &N` },
  });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));

  let n = 1;
  const title = sheet.getRow(n);
  title.getCell(1).value = 'Daily production sheet';
  title.getCell(1).font = { bold: true, size: 14 };
  title.height = 22;
  sheet.mergeCells(`A1:${LAST}1`);
  title.commit();
  for (const [label, value] of [...facts, ...texts]) {
    n += 1;
    const row = sheet.getRow(n);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { vertical: 'top' };
    row.getCell(2).value = value;
    row.getCell(2).alignment = { vertical: 'top', wrapText: true };
    sheet.mergeCells(`B${n}:${LAST}${n}`);
    const lines = linesOf(value);
    if (lines > 1) row.height = 15 * lines;
    row.commit();
  }
  sheet.getRow(headerRow - 1).commit();

  const head = sheet.getRow(headerRow);
  COLUMNS.forEach((c, i) => headingCell(head.getCell(i + 1), c.header, 'numeric' in c));
  head.height = 20;
  head.commit();

  for (const item of data.items) {
    const row = sheet.addRow([item.code ?? '', item.name, item.unit ?? '']);
    quantityCell(row.getCell(4), item.quantity);
    moneyCell(row.getCell(5), item.priceCents);
    moneyCell(row.getCell(6), item.amountCents);
    row.getCell(7).value = item.station ?? '';
    row.getCell(8).value = item.description ?? '';
    row.getCell(8).alignment = { wrapText: true, vertical: 'top' };
    const photos = item.photos.asked ? `${item.photos.count} of ${item.photos.asked}` : String(item.photos.count);
    row.getCell(9).value = item.photos.count ? { text: photos, hyperlink: item.photos.url } : photos;
    if (item.photos.count) row.getCell(9).font = { color: { argb: 'FF1F5FBF' }, underline: true };
    row.commit();
  }

  const totals = sheet.addRow(['Totals', `${data.items.length} ${data.items.length === 1 ? 'item' : 'items'}`]);
  moneyCell(totals.getCell(6), data.totalCents);
  for (let i = 1; i <= COLUMNS.length; i++) {
    totals.getCell(i).font = { bold: true };
    totals.getCell(i).border = { top: THIN };
  }
  totals.commit();

  sheet.addRow([]).commit();
  const photosTitle = sheet.addRow(['Photos']);
  photosTitle.getCell(1).font = { bold: true };
  photosTitle.getCell(2).value = data.photos.length
    ? { text: 'Each link opens its photo for two hours or less; the production page keeps them all.', hyperlink: data.productionUrl }
    : 'No photos.';
  photosTitle.commit();
  for (const photo of data.photos) {
    const row = sheet.addRow(['', photo.of]);
    row.getCell(3).value = { text: photo.name, hyperlink: photo.url };
    row.getCell(3).font = { color: { argb: 'FF1F5FBF' }, underline: true };
    sheet.mergeCells(`C${row.number}:F${row.number}`);
    row.getCell(7).value = formatInstant(photo.takenAt, data.project.timezone);
    row.commit();
  }

  sheet.commit();
  await book.commit();
}
