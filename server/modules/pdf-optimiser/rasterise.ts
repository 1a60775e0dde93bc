import { Worker } from 'node:worker_threads';
import { MAX_PAGE_PIXELS, MAX_PAGES } from '../../../resources/pdf-conversion.js';

/** Why the worker gave up on a PDF; the job turns it into the message people read. */
export type RasteriseFailure =
  | { reason: 'encrypted' }
  | { reason: 'unreadable'; detail: string }
  | { reason: 'tooManyPages'; pages: number }
  | { reason: 'pageTooLarge'; page: number; width: number; height: number }
  | { reason: 'imageTooLarge'; page: number }
  | { reason: 'pageTimeout'; page: number; seconds: number }
  | { reason: 'outOfMemory'; page: number };

export interface RenderedPage {
  page: number;
  /** A JPEG file in the batch's folder, for the job to move into the store. */
  path: string;
  length: number;
  width: number;
  height: number;
}

export interface BatchOptions {
  sourcePath: string;
  ratio: number;
  firstPage: number;
  /** Pages rendered by this worker at most: a fresh worker for the next ones drops pdf.js's caches. */
  batchPages: number;
  /** Check the page count and every page's size first (the first run of a conversion). */
  inspect: boolean;
  outDir: string;
  pageTimeoutMs: number;
  /** JavaScript heap of the worker; canvases are native memory, held to MAX_PAGE_PIXELS per page. */
  heapMb: number;
}

export interface BatchHandlers {
  opened(pages: number): Promise<void>;
  /** Stores the page; the worker renders the next one only after it resolves. */
  page(page: RenderedPage): Promise<void>;
  /** Asked after each stored page: true ends the batch there (the server is stopping). */
  shouldStop(): boolean;
}

export type BatchOutcome = { kind: 'finished' } | { kind: 'stopped' } | { kind: 'failed'; failure: RasteriseFailure };

const WORKER_URL = new URL('./rasterise-worker.mjs', import.meta.url);

type WorkerMessage =
  | { type: 'opened'; pages: number }
  | { type: 'page-start'; page: number }
  | ({ type: 'page' } & RenderedPage)
  | { type: 'finished' }
  | ({ type: 'failed' } & RasteriseFailure);

/**
 * Renders up to `batchPages` pages from `firstPage` in a worker thread with a heap limit and a time
 * limit per page. Whatever the PDF does to the worker (throws, runs out of memory, hangs) ends as a
 * failure here, never in this thread.
 */
export function rasteriseBatch(opts: BatchOptions, handlers: BatchHandlers): Promise<BatchOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: {
        sourcePath: opts.sourcePath,
        ratio: opts.ratio,
        firstPage: opts.firstPage,
        batchPages: opts.batchPages,
        inspect: opts.inspect,
        maxPages: MAX_PAGES,
        maxPixels: MAX_PAGE_PIXELS,
        outDir: opts.outDir,
      },
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    let page = opts.firstPage;
    let timer: NodeJS.Timeout | null = null;
    // Messages are handled one after another: a page is stored before the next message is looked at.
    let chain = Promise.resolve();
    const clearTimer = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const settle = (outcome: BatchOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimer();
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const handle = async (m: WorkerMessage) => {
      if (settled) return;
      switch (m.type) {
        case 'opened':
          return handlers.opened(m.pages);
        case 'page-start':
          page = m.page;
          clearTimer();
          timer = setTimeout(() => settle({ kind: 'failed', failure: { reason: 'pageTimeout', page: m.page, seconds: Math.round(opts.pageTimeoutMs / 1000) } }), opts.pageTimeoutMs);
          return;
        case 'page':
          clearTimer();
          await handlers.page({ page: m.page, path: m.path, length: m.length, width: m.width, height: m.height });
          if (handlers.shouldStop()) return settle({ kind: 'stopped' });
          worker.postMessage('next');
          return;
        case 'finished':
          return settle({ kind: 'finished' });
        case 'failed': {
          const { type: _type, ...failure } = m;
          return settle({ kind: 'failed', failure });
        }
      }
    };
    worker.on('message', (m: WorkerMessage) => {
      chain = chain.then(() => handle(m)).catch((err: unknown) => settle(err instanceof Error ? err : new Error(String(err))));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      void chain.then(() =>
        settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'failed', failure: { reason: 'outOfMemory', page } } : { kind: 'failed', failure: { reason: 'unreadable', detail: err.message } }),
      );
    });
    worker.on('exit', () => {
      void chain.then(() => settle({ kind: 'failed', failure: { reason: 'unreadable', detail: 'the converter stopped unexpectedly' } }));
    });
  });
}
