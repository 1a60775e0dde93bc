import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** Page layout and text helpers shared by the PDFs the server renders (signed budgets, invoices). */

export const PAGE: [number, number] = [612, 792]; // US Letter, in points
export const MARGIN = 40;
export const WIDTH = PAGE[0] - 2 * MARGIN;
export const BOTTOM = 56;
export const ROW = 13;
export const SIZE = 8;
export const GREY = rgb(0.4, 0.4, 0.4);
export const RULE = rgb(0.8, 0.8, 0.8);

/**
 * Writes with the standard fonts, whose text stays extractable (search, copy, screen readers). They
 * encode WinAnsi only: other characters are shown as '?', and odd spaces and line breaks as spaces.
 */
export class Writer {
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
