import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Size } from './viewport-math';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One pdf.js worker for every plan opened, started as soon as the editor's code loads: its download
 * and start-up (several hundred ms) overlap the file's link being fetched rather than follow it.
 */
let sharedWorker: PDFWorker | null = null;
const planWorker = () => (sharedWorker && !sharedWorker.destroyed ? sharedWorker : (sharedWorker = new PDFWorker()));
if (typeof Worker !== 'undefined') planWorker();

/** A render under way: its end, and a way to stop it when its tile scrolled away. */
export interface RenderJob {
  done: Promise<void>;
  cancel: () => void;
}

/** A plan file as the editor draws it: pages by number, each rendered into a canvas at a scale and offset. */
export interface PlanPdf {
  numPages: number;
  /** The page's size in PDF points at scale 1, its own rotation applied. */
  pageSize(pageNumber: number): Promise<Size>;
  /** Draws the part of the page starting at (`offsetX`, `offsetY`) device px at `scale` into the canvas. */
  render(pageNumber: number, canvas: HTMLCanvasElement, scale: number, offsetX?: number, offsetY?: number): RenderJob;
  destroy(): void;
}

/**
 * Opens the PDF at its signed link. Range requests and no auto-fetch: page 1 of a 100-page set is
 * drawn from the bytes it needs, not after the whole file arrives.
 */
export async function openPlanPdf(url: string): Promise<PlanPdf> {
  const doc: PDFDocumentProxy = await getDocument({ url, disableAutoFetch: true, isEvalSupported: false, worker: planWorker() }).promise;
  const pages = new Map<number, Promise<PDFPageProxy>>();
  const page = (n: number) => {
    let p = pages.get(n);
    if (!p) pages.set(n, (p = doc.getPage(n)));
    return p;
  };
  return {
    numPages: doc.numPages,
    async pageSize(n) {
      const vp = (await page(n)).getViewport({ scale: 1 });
      return { width: vp.width, height: vp.height };
    },
    render(n, canvas, scale, offsetX = 0, offsetY = 0) {
      let cancelled = false;
      let task: ReturnType<PDFPageProxy['render']> | null = null;
      const done = page(n).then(async (p) => {
        if (cancelled) return;
        task = p.render({ canvas, viewport: p.getViewport({ scale }), transform: [1, 0, 0, 1, -offsetX, -offsetY] });
        await task.promise;
      });
      return {
        done,
        cancel: () => {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    destroy: () => void doc.destroy(),
  };
}
