import { rgb } from 'pdf-lib';
import { parseScaled } from '../../../resources/money.js';
import { formatReportValue, type ReportChart, type ReportDocument, type ReportTable, type ReportValueKind } from '../../../resources/report.js';
import { formatInstant } from '../../../resources/time-zone.js';
import { GREY, MARGIN, ROW, SIZE, WIDTH, Writer } from '../../lib/pdf-writer.js';

const NUMERIC = new Set<ReportValueKind>(['money', 'quantity', 'count', 'percent']);
const WEIGHT: Record<ReportValueKind, number> = { text: 3, money: 1.6, quantity: 1.3, count: 1, percent: 1, day: 1.2 };
const SERIES_COLOURS = [rgb(0.16, 0.38, 0.71), rgb(0.93, 0.55, 0.13), rgb(0.3, 0.63, 0.3)];
const CHART_ROWS = 12;

/** Column edges across the page, text columns wider: [left, right] per column. */
function layout(table: ReportTable): Array<[number, number]> {
  const total = table.columns.reduce((sum, c) => sum + WEIGHT[c.kind], 0);
  let x = MARGIN;
  return table.columns.map((c) => {
    const w = (WEIGHT[c.kind] / total) * WIDTH;
    const edges: [number, number] = [x, x + w - 6];
    x += w;
    return edges;
  });
}

function heading(w: Writer, table: ReportTable, edges: Array<[number, number]>) {
  table.columns.forEach((c, i) => {
    const [left, right] = edges[i]!;
    const label = w.fit(w.clean(c.label), right - left);
    w.text(label, left, { bold: true, color: GREY, ...(NUMERIC.has(c.kind) ? { right } : {}) });
  });
  w.y -= 4;
  w.rule();
  w.y -= ROW - 4;
}

function writeTable(w: Writer, table: ReportTable) {
  w.room(ROW * 4);
  w.line(table.title, { bold: true, size: 11 });
  w.y -= 2;
  const edges = layout(table);
  heading(w, table, edges);
  const row = (values: Record<string, unknown>, bold: boolean) => {
    if (w.room(ROW)) heading(w, table, edges);
    table.columns.forEach((c, i) => {
      const [left, right] = edges[i]!;
      const text = w.fit(w.clean(formatReportValue(c.kind, (values[c.key] ?? null) as never)), right - left);
      if (bold) w.text(text, left, { bold: true, ...(NUMERIC.has(c.kind) ? { right } : {}) });
      else w.rowCell(text, left, NUMERIC.has(c.kind) ? right : undefined);
    });
    w.y -= ROW;
  };
  if (!table.rows.length) w.line(table.empty, { color: GREY, size: SIZE });
  for (const r of table.rows) row(r, false);
  if (table.totals) {
    w.rule();
    row({ ...table.totals, [table.columns[0]!.key]: 'Totals' }, true);
  }
  w.y -= ROW;
}

/** A bar or line chart as horizontal bars (one per series and category, the largest categories first if many); a pie as its shares. */
function writeChart(w: Writer, chart: ReportChart) {
  const kind: ReportValueKind = chart.unit === 'money' ? 'money' : chart.unit === 'quantity' ? 'quantity' : 'count';
  const scale = (v: string) => Number(parseScaled(v, 3) ?? 0n);
  const rows = chart.categories.map((label, i) => ({ label, values: chart.series.map((s) => s.values[i] ?? '0') }));
  const shown = rows.length > CHART_ROWS ? [...rows].sort((a, b) => scale(b.values[0]!) - scale(a.values[0]!)).slice(0, CHART_ROWS) : rows;
  const max = Math.max(1, ...shown.flatMap((r) => r.values.map(scale)));
  const bar = 7;
  w.room(ROW * 3 + shown.length * (bar * chart.series.length + 4));
  w.line(chart.title + (shown.length < rows.length ? ` (the ${shown.length} largest of ${rows.length})` : ''), { bold: true, size: 11 });
  if (chart.series.length > 1) {
    chart.series.forEach((s, i) => {
      w.page.drawRectangle({ x: MARGIN + i * 120, y: w.y, width: 8, height: 6, color: SERIES_COLOURS[i % SERIES_COLOURS.length] });
      w.text(w.clean(s.label), MARGIN + i * 120 + 12, { color: GREY });
    });
    w.y -= ROW;
  }
  const labelWidth = 150;
  const valueWidth = 80;
  const barWidth = WIDTH - labelWidth - valueWidth;
  for (const r of shown) {
    const top = w.y;
    w.text(w.fit(w.clean(r.label), labelWidth - 8), MARGIN);
    r.values.forEach((v, i) => {
      w.y = top - i * bar;
      const width = Math.max(0.5, (scale(v) / max) * barWidth);
      w.page.drawRectangle({ x: MARGIN + labelWidth, y: w.y - 1, width, height: bar - 1, color: SERIES_COLOURS[i % SERIES_COLOURS.length] });
      w.text(w.clean(formatReportValue(kind, v)), 0, { right: MARGIN + WIDTH, color: GREY, size: 7 });
    });
    w.y = top - Math.max(ROW, bar * chart.series.length + 4);
  }
  w.y -= ROW / 2;
}

/**
 * A report as a PDF with the standard fonts (text stays searchable): the title, what it covers, the
 * headline figures, each chart as bars, each table with its totals and its column headings again on
 * every page it runs onto, and "Page n of N" under every page.
 */
export async function renderReportPdf(doc: ReportDocument, timeZone: string): Promise<Uint8Array> {
  const w = new Writer();
  await w.open();
  w.doc.setTitle(doc.title);
  w.doc.setCreator('Fieldwork');
  w.newPage();
  w.line(doc.title, { bold: true, size: 16 });
  w.line(doc.subtitle, { color: GREY, size: 10 });
  w.line(`Generated ${formatInstant(doc.generatedAt, timeZone)}`, { color: GREY, size: 8 });
  w.y -= 6;
  for (const fact of doc.facts) {
    w.room(ROW);
    w.text(w.clean(fact.label), MARGIN, { color: GREY, size: 9 });
    w.text(w.clean(formatReportValue(fact.kind, fact.value)), MARGIN + 190, { bold: true, size: 9 });
    w.y -= ROW;
  }
  w.y -= ROW;
  for (const chart of doc.charts) if (chart.categories.length) writeChart(w, chart);
  for (const table of doc.tables) writeTable(w, table);
  w.flushRows();
  const pages = w.doc.getPages();
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    page.drawText(label, { x: MARGIN + WIDTH - w.font.widthOfTextAtSize(label, 7), y: 28, size: 7, font: w.font, color: GREY });
    page.drawText(w.clean(doc.title), { x: MARGIN, y: 28, size: 7, font: w.font, color: GREY });
  });
  return w.doc.save();
}
