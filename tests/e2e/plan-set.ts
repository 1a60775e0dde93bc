import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A 36 × 24 in sheet in PDF points. */
export const SHEET = { width: 36 * 72, height: 24 * 72 };

/**
 * A plan set as a drawing office sends it: `pages` sheets of 36 × 24 in, each with a border, a title
 * block, a street grid of lines, a run of utility polylines and labels, so that pdf.js has real vector
 * work on every page (made with pdf-lib; about 4 kB a sheet).
 */
export async function planSet(pages: number, title = 'Main Street Fiber'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = SHEET;
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([width, height]);
    const line = (x1: number, y1: number, x2: number, y2: number, thickness = 1, gray = 0) =>
      page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(gray, gray, gray) });
    // Border and title block.
    page.drawRectangle({ x: 36, y: 36, width: width - 72, height: height - 72, borderWidth: 3, borderColor: rgb(0, 0, 0) });
    page.drawRectangle({ x: width - 432, y: 36, width: 396, height: 144, borderWidth: 2, borderColor: rgb(0, 0, 0) });
    page.drawText(title, { x: width - 420, y: 140, size: 22, font: bold });
    page.drawText(`Sheet C-${String(n).padStart(3, '0')} of ${pages}`, { x: width - 420, y: 110, size: 16, font });
    page.drawText('Scale: 1 in = 40 ft', { x: width - 420, y: 84, size: 14, font });
    // A street grid every 2 in, light grey.
    for (let x = 144; x < width - 36; x += 144) line(x, 36, x, height - 36, 0.5, 0.75);
    for (let y = 144; y < height - 36; y += 144) line(36, y, width - 36, y, 0.5, 0.75);
    // Utility runs with stations every inch.
    for (let r = 0; r < 6; r++) {
      const y = 250 + r * 220 + (n % 7) * 3;
      line(100, y, width - 500, y + 40, 2);
      for (let x = 100; x < width - 500; x += 72) {
        line(x, y - 6 + ((x - 100) / (width - 600)) * 40, x, y + 6 + ((x - 100) / (width - 600)) * 40, 1);
        if ((x - 100) % 288 === 0) page.drawText(`${r + 1}+${String((x - 100) / 72).padStart(2, '0')}`, { x: x + 4, y: y + 12 + ((x - 100) / (width - 600)) * 40, size: 9, font });
      }
    }
  }
  return Buffer.from(await doc.save());
}
