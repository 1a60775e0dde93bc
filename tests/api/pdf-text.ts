import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text, in order, as pdf.js extracts it (what search, copy and screen readers get). */
export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: parts.join('\n') };
}
