import { deflateSync } from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** Points per inch: PDF page sizes are in points. */
export const INCH = 72;

/** A plan-like PDF: each page with a title block, a grid of lines and a label, so pages are not blank. */
export async function planPdf(pages: number, size: [number, number] = [612, 792], opts: { linesPerPage?: number } = {}) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [w, h] = size;
  const lines = opts.linesPerPage ?? 20;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage(size);
    for (let i = 0; i < lines; i++) {
      page.drawLine({ start: { x: (w * i) / lines, y: 0 }, end: { x: w - (w * i) / lines, y: h }, thickness: 1, color: rgb(0, 0, 0.6) });
    }
    page.drawRectangle({ x: w - 200, y: 10, width: 190, height: 60, borderColor: rgb(0, 0, 0), borderWidth: 2 });
    page.drawText(`Sheet ${n} of ${pages}`, { x: w - 190, y: 40, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

/** Many tiny blank pages, quickly. */
export async function manyPagesPdf(pages: number) {
  const doc = await PDFDocument.create();
  for (let n = 0; n < pages; n++) doc.addPage([72, 72]);
  return Buffer.from(await doc.save());
}

/** A PDF written object by object, with a correct cross-reference table (for what pdf-lib cannot write). */
export function rawPdf(objects: Array<string | Buffer>, trailerExtra = '') {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += chunk.length;
    parts.push(chunk);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

const onePage = (resources = '') => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << ${resources} >> /Contents 4 0 R >>`,
];

/** Encrypted with a user password (RC4, revision 2): no reader opens it without the password. */
export function encryptedPdf() {
  const hex = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  return rawPdf(
    [...onePage(), stream('', Buffer.from('BT /F1 12 Tf 72 712 Td (secret) Tj ET')), `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 7)}> /U <${hex(32, 91)}> /P -4 >>`],
    `/Encrypt 5 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>] `,
  );
}

/** An image bomb: a page drawing an image that declares 100,000 × 100,000 pixels, in a few kilobytes. */
export function imageBombPdf() {
  return rawPdf([
    ...onePage('/XObject << /Im1 5 0 R >>'),
    stream('', Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q')),
    stream('/Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', deflateSync(Buffer.alloc(1024 * 1024))),
  ]);
}

/** Width and height of a baseline or progressive JPEG, from its frame header. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG');
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('bad JPEG marker');
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  throw new Error('no JPEG frame header');
}
