// The PDF optimiser's worker thread (started by rasterise.ts): opens the PDF from its file with
// pdf.js, reading only the byte ranges it needs, and renders pages one at a time to JPEG files with
// @napi-rs/canvas. After each page it waits for the server to store it ('next') before rendering
// another, so one page at most is in memory. Plain JavaScript: a worker thread cannot load
// TypeScript without a loader, and this file must run the same under tsx, vitest and node.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { sourcePath, ratio, firstPage, batchPages, inspect, maxPages, maxPixels, outDir } = workerData;

// pdf.js reports an image over maxImageSize as a warning and draws the page without it; a plan
// sheet missing its drawing must not pass for converted, so the warning fails the page.
let oversizedImage = false;
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (String(args[0]).includes('Image exceeded maximum allowed size')) oversizedImage = true;
  else if (process.env.PDF_OPTIMISER_DEBUG) warn(...args);
};

const send = (message) => parentPort.postMessage(message);
let proceed = null;
parentPort.on('message', (m) => {
  if (m === 'next' && proceed) {
    const go = proceed;
    proceed = null;
    go();
  }
});
const waitForNext = () => new Promise((resolve) => (proceed = resolve));

const pixelSize = (viewport) => ({ width: Math.max(1, Math.round(viewport.width)), height: Math.max(1, Math.round(viewport.height)) });

async function main() {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;
  const task = pdfjs.getDocument({
    url: pathToFileURL(sourcePath),
    // Ranges on demand: a 200 MB plan set is never read whole into memory.
    disableAutoFetch: true,
    disableStream: true,
    standardFontDataUrl: fonts,
    isEvalSupported: false,
    maxImageSize: maxPixels,
    verbosity: 1,
  });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (err) {
    if (err?.name === 'PasswordException') return send({ type: 'failed', reason: 'encrypted' });
    return send({ type: 'failed', reason: 'unreadable', detail: err?.message ?? String(err) });
  }
  const pages = pdf.numPages;
  send({ type: 'opened', pages });
  if (pages > maxPages) return send({ type: 'failed', reason: 'tooManyPages', pages });
  if (inspect) {
    // Every page's size before any is written: a set refused for one sheet leaves nothing half done.
    for (let n = 1; n <= pages; n++) {
      const page = await pdf.getPage(n);
      const { width, height } = pixelSize(page.getViewport({ scale: ratio }));
      page.cleanup();
      if (width * height > maxPixels) return send({ type: 'failed', reason: 'pageTooLarge', page: n, width, height });
    }
  }
  const last = Math.min(pages, firstPage + batchPages - 1);
  for (let n = firstPage; n <= last; n++) {
    send({ type: 'page-start', page: n });
    oversizedImage = false;
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: ratio });
    const { width, height } = pixelSize(viewport);
    if (width * height > maxPixels) return send({ type: 'failed', reason: 'pageTooLarge', page: n, width, height });
    const { canvas, context } = pdf.canvasFactory.create(width, height);
    // JPEG has no transparency: white paper under the drawing.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: '#ffffff' }).promise;
    if (oversizedImage) return send({ type: 'failed', reason: 'imageTooLarge', page: n });
    const jpeg = await canvas.encode('jpeg', 85);
    pdf.canvasFactory.destroy({ canvas, context });
    page.cleanup();
    const file = path.join(outDir, `page-${n}.jpg`);
    await writeFile(file, jpeg);
    send({ type: 'page', page: n, path: file, length: jpeg.length, width, height });
    await waitForNext();
  }
  send({ type: 'finished' });
  await pdf.destroy();
}

// Closing the document aborts its pending range reads; pdf.js leaves those rejections unhandled.
process.on('unhandledRejection', (err) => {
  if (err?.name !== 'AbortException') send({ type: 'failed', reason: 'unreadable', detail: err?.message ?? String(err) });
});

main().catch((err) => send({ type: 'failed', reason: 'unreadable', detail: err?.message ?? String(err) }));
