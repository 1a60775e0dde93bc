import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { SIGNED_APPROVAL_REASON } from '../../../resources/budget.js';
import { formatMoney } from '../../../resources/money.js';
import type { Figures, ItemLine } from './budget-figures.js';

/** What the signed budget shows: the project, the items and totals, and every review of the approval round. */
export interface SignedBudget {
  project: { name: string; code: string; number: string | null; timezone: string };
  ownerName: string;
  clientName: string | null;
  approvedAt: string;
  submittedAt: string | null;
  retainagePercent: number;
  profitabilityPercent: number;
  figures: Figures;
  lines: ItemLine[];
  reviews: SignedReview[];
  generatedAt: string;
}

export interface SignedReview {
  id: number;
  reviewerName: string;
  reviewerEmail: string;
  reviewerCompany: string;
  status: string;
  statusReason: string | null;
  requestedBy: string | null;
  requestedAt: string;
  decidedAt: string | null;
  signedAt: string | null;
  signerName: string | null;
  signerIp: string | null;
  signerUserAgent: string | null;
  signatureSha256: string | null;
  /** The PNG the reviewer drew, when they signed. */
  signature: Uint8Array | null;
}

const PAGE: [number, number] = [612, 792]; // US Letter, in points
const MARGIN = 40;
const WIDTH = PAGE[0] - 2 * MARGIN;
const BOTTOM = 56;
const ROW = 13;
const SIZE = 8;
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);

/** The items table: item, code, unit, quantity, unit price, amount; numbers aligned right. */
const COLUMNS = [
  { title: 'Item', width: 196, right: false },
  { title: 'Code', width: 70, right: false },
  { title: 'Unit', width: 44, right: false },
  { title: 'Quantity', width: 62, right: true },
  { title: 'Unit price', width: 72, right: true },
  { title: 'Amount', width: 88, right: true },
] as const;

const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An instant as UTC and in the project's time zone, both spelled out. */
export function bothTimes(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const utc = `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  let local: string;
  try {
    local = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'long' }).format(d);
  } catch {
    return utc;
  }
  return `${utc} (${local}, ${timeZone})`;
}

/**
 * Writes with the standard fonts, whose text stays extractable (search, copy, screen readers). They
 * encode WinAnsi only: other characters are shown as '?', and odd spaces and line breaks as spaces.
 */
class Writer {
  doc!: PDFDocument;
  font!: PDFFont;
  bold!: PDFFont;
  page!: PDFPage;
  y = 0;
  private known = new Set<number>();

  async open() {
    this.doc = await PDFDocument.create();
    this.font = await this.doc.embedFont(StandardFonts.Helvetica);
    this.bold = await this.doc.embedFont(StandardFonts.HelveticaBold);
    this.known = new Set(this.font.getCharacterSet());
  }

  // Per character, for the item rows: widths at size 1 and WinAnsi hex codes, computed once each.
  private widths = new Map<string, number>();
  private hexes = new Map<string, string>();

  /** The width of cleaned text in the regular font. */
  width(text: string, size = SIZE): number {
    let w = 0;
    for (const ch of text) {
      let cw = this.widths.get(ch);
      if (cw === undefined) this.widths.set(ch, (cw = this.font.widthOfTextAtSize(ch, 1)));
      w += cw;
    }
    return w * size;
  }

  /** Cleaned text as a PDF hex string in the regular font's encoding. */
  hex(text: string): string {
    let out = '<';
    for (const ch of text) {
      let h = this.hexes.get(ch);
      if (h === undefined) this.hexes.set(ch, (h = this.font.encodeText(ch).toString().slice(1, -1)));
      out += h;
    }
    return `${out}>`;
  }

  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\s\u200b]+/g, ' ')) out += this.known.has(ch.codePointAt(0)!) ? ch : '?';
    return out;
  }

  /** Cleaned text cut with an ellipsis to fit `width` in the regular font. */
  fit(text: string, width: number, size = SIZE): string {
    if (this.width(text, size) <= width) return text;
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('')}…`, size) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('')}…`;
  }

  /** Lines of at most `width`, broken at spaces (or anywhere, for a long unbroken run). */
  wrap(text: string, width: number, size = SIZE): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (this.font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (this.font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length - 1;
        while (n > 1 && this.font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  }

  newPage() {
    this.flushRows();
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  // Item rows are written as raw text operators into a content stream of their own per page: pdf-lib's
  // drawText builds a dozen operator objects per call, which for 30,000 cells took most of a second.
  private rows: string[] = [];
  private rowFont: string | null = null;

  /** One cell of an item row at the current line, in the regular font at SIZE. */
  rowCell(text: string, x: number, right?: number) {
    if (!this.rowFont) this.rowFont = this.page.node.newFontDictionary('FwRows', this.font.ref).toString();
    const at = right !== undefined ? right - this.width(text) : x;
    this.rows.push(`1 0 0 1 ${+at.toFixed(2)} ${+this.y.toFixed(2)} Tm ${this.hex(text)} Tj`);
  }

  flushRows() {
    if (this.rows.length) {
      const stream = this.doc.context.flateStream(`BT 0 g ${this.rowFont} ${SIZE} Tf\n${this.rows.join('\n')}\nET`);
      this.page.node.addContentStream(this.doc.context.register(stream));
    }
    this.rows = [];
    this.rowFont = null;
  }

  /** Room for `height` more points on this page, else a new page (answers whether one was added). */
  room(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  text(text: string, x: number, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; right?: number } = {}) {
    const font = opts.bold ? this.bold : this.font;
    const size = opts.size ?? SIZE;
    const at = opts.right !== undefined ? opts.right - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: at, y: this.y, size, font, color: opts.color ?? rgb(0, 0, 0) });
  }

  line(text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {}) {
    const size = opts.size ?? 9;
    for (const part of this.wrap(text, WIDTH - (opts.indent ?? 0), size)) {
      this.room(size + 4);
      this.text(part, MARGIN + (opts.indent ?? 0), { ...opts, size });
      this.y -= size + 4;
    }
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + ROW - 3 }, end: { x: MARGIN + WIDTH, y: this.y + ROW - 3 }, thickness: 0.5, color: RULE });
  }
}

function tableHeader(w: Writer) {
  let x = MARGIN;
  for (const c of COLUMNS) {
    w.text(c.title, x, { bold: true, right: c.right ? x + c.width - 4 : undefined });
    x += c.width;
  }
  w.y -= ROW;
  w.rule();
}

function itemsTable(w: Writer, lines: ItemLine[]) {
  w.room(ROW * 3);
  tableHeader(w);
  for (const l of lines) {
    if (w.room(ROW)) tableHeader(w);
    const cells = [
      l.itemName + (l.description ? ` (${l.description})` : ''),
      l.itemCode ?? '',
      l.unit ?? '',
      groupDigits(l.quantity),
      formatMoney(l.priceCents),
      formatMoney(l.amountCents),
    ];
    let x = MARGIN;
    COLUMNS.forEach((c, i) => {
      if (cells[i]) w.rowCell(w.fit(w.clean(cells[i]!), c.width - 6), x, c.right ? x + c.width - 4 : undefined);
      x += c.width;
    });
    w.y -= ROW;
  }
  w.flushRows();
}

function totals(w: Writer, b: SignedBudget) {
  w.room(ROW * 5);
  w.y -= 4;
  w.rule();
  const rows: Array<[string, string]> = [
    ['Total', formatMoney(b.figures.totalCents)],
    [`Retainage (${b.retainagePercent} %)`, formatMoney(b.figures.retainageCents)],
    [`Profitability (${b.profitabilityPercent} %)`, formatMoney(b.figures.profitCents)],
  ];
  for (const [label, value] of rows) {
    w.text(label, MARGIN + 300, { bold: label === 'Total' });
    w.text(value, 0, { bold: label === 'Total', right: MARGIN + WIDTH - 4 });
    w.y -= ROW;
  }
}

async function signatures(w: Writer, b: SignedBudget) {
  const tz = b.project.timezone;
  w.y -= 10;
  w.room(60);
  w.line('Approvals', { size: 13, bold: true });
  for (const r of b.reviews.filter((x) => x.status === 'approved')) {
    w.room(r.signature ? 120 : 60);
    w.y -= 4;
    if (r.signature) {
      const image = await w.doc.embedPng(r.signature);
      const scale = Math.min(1, 220 / image.width, 60 / image.height);
      const h = Math.max(1, image.height * scale);
      w.page.drawImage(image, { x: MARGIN, y: w.y - h, width: Math.max(1, image.width * scale), height: h });
      w.y -= h + 6;
    }
    const reviewer = `${r.reviewerName} <${r.reviewerEmail}>, ${r.reviewerCompany}`;
    const who = !r.signerName ? `Approved by ${reviewer}` : r.signerName === r.reviewerName ? `Signed by ${reviewer}` : `Signed by ${r.signerName} for ${reviewer}`;
    w.line(who, { bold: true });
    w.line(`Reason: ${r.statusReason ?? SIGNED_APPROVAL_REASON}`);
    if (r.signedAt) w.line(`Signed: ${bothTimes(r.signedAt, tz)}`);
    else if (r.decidedAt) w.line(`Approved signed in, without a drawn signature: ${bothTimes(r.decidedAt, tz)}`);
    if (r.signatureSha256) w.line(`Signature image SHA-256: ${r.signatureSha256}`, { size: 8 });
  }
}

/** The e-signature certificate: each review's events, who asked, where the link went, who decided, from where. */
function auditTrail(w: Writer, b: SignedBudget) {
  const tz = b.project.timezone;
  w.newPage();
  w.line('Audit trail', { size: 14, bold: true });
  w.line(`Budget of ${b.project.name} (${b.project.code}), ${b.ownerName}. Certificate generated ${bothTimes(b.generatedAt, tz)}.`, { color: GREY });
  if (b.submittedAt) w.line(`Submitted for review: ${bothTimes(b.submittedAt, tz)}`);
  for (const r of b.reviews) {
    w.y -= 6;
    w.room(70);
    w.line(`Review ${r.id}: ${r.reviewerName} <${r.reviewerEmail}>, ${r.reviewerCompany}`, { bold: true, size: 10 });
    w.line(`Requested${r.requestedBy ? ` by ${r.requestedBy}` : ''}: ${bothTimes(r.requestedAt, tz)}`, { indent: 10 });
    w.line(`Review link e-mailed to: ${r.reviewerEmail}`, { indent: 10 });
    if (r.status === 'approved') {
      w.line(`Approved${r.signerName ? ` and signed by ${r.signerName}` : ''}: ${bothTimes(r.signedAt ?? r.decidedAt!, tz)}`, { indent: 10 });
      w.line(`Reason: ${r.statusReason ?? SIGNED_APPROVAL_REASON}`, { indent: 10 });
    } else if (r.decidedAt) {
      w.line(`${r.status[0]!.toUpperCase()}${r.status.slice(1)}: ${bothTimes(r.decidedAt, tz)}${r.statusReason ? `, reason: ${r.statusReason}` : ''}`, { indent: 10 });
    }
    if (r.signerIp) w.line(`IP address: ${r.signerIp}`, { indent: 10 });
    if (r.signerUserAgent) w.line(`User agent: ${r.signerUserAgent}`, { indent: 10, size: 8 });
    if (r.signatureSha256) w.line(`Signature image SHA-256: ${r.signatureSha256}`, { indent: 10, size: 8 });
  }
}

function footers(w: Writer, b: SignedBudget) {
  const pages = w.doc.getPages();
  pages.forEach((page, i) => {
    const label = w.clean(`${b.project.code} · Signed budget · Page ${i + 1} of ${pages.length}`);
    page.drawText(label, { x: MARGIN, y: 28, size: 7, font: w.font, color: GREY });
  });
}

/** The signed budget as a PDF: title, project, items over as many pages as they take, totals, signatures, audit trail. */
export async function signedBudgetPdf(b: SignedBudget): Promise<Uint8Array> {
  const w = new Writer();
  await w.open();
  w.doc.setTitle(w.clean(`Budget ${b.project.code}: ${b.project.name}`));
  w.doc.setSubject('Signed budget');
  w.doc.setProducer('Fieldwork');
  w.doc.setCreationDate(new Date(b.generatedAt));
  w.newPage();
  w.line('Signed budget', { size: 18, bold: true });
  w.line(b.project.name, { size: 13, bold: true });
  w.line(`Project code: ${b.project.code}${b.project.number ? ` · Project number: ${b.project.number}` : ''}`);
  w.line(`Company: ${b.ownerName}`);
  w.line(`Client: ${b.clientName ?? '-'}`);
  w.line(`Approved: ${bothTimes(b.approvedAt, b.project.timezone)}`);
  w.line(`${groupDigits(b.figures.itemCount)} items, total ${formatMoney(b.figures.totalCents)}`);
  w.y -= 8;
  itemsTable(w, b.lines);
  totals(w, b);
  await signatures(w, b);
  auditTrail(w, b);
  footers(w, b);
  return w.doc.save({ objectsPerTick: 1000 });
}
