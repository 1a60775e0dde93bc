import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { PlanPdf, RenderJob } from './pdf-document';
import { Lru, previewScale, visibleTiles, type Size, type View } from './viewport-math';

/** Tiles kept rendered beyond those on screen, so panning back finds them drawn. */
const KEPT_TILES = 40;
/** New tiles render once the view has been still this long: moving only shifts drawn canvases. */
const SETTLE_MS = 120;
/** Tiles just outside the viewport are drawn too, so a short pan shows no gap. */
const TILE_MARGIN = 256;
/** The mark set when a page's first tile is on screen: the measure of how soon a sheet shows (issue 20's 2 s). */
export const PAGE_PAINTED_MARK = 'plan-editor:page-painted';

interface DrawnTile {
  canvas: HTMLCanvasElement;
  job: RenderJob | null;
}

const release = (t: DrawnTile) => {
  t.job?.cancel();
  t.canvas.remove();
  // Frees the bitmap at once (Safari keeps detached canvases' memory otherwise).
  t.canvas.width = 0;
  t.canvas.height = 0;
};

/**
 * The page as pixels: a low-resolution picture of the whole page, and over it tiles at the settled
 * zoom for the visible part only. While the view moves, both are moved and scaled by a CSS transform;
 * when it settles, missing tiles render and tiles no longer wanted stop rendering.
 */
export function TileLayer({ pdf, pageNumber, page, view, viewport, onPainted }: { pdf: PlanPdf; pageNumber: number; page: Size; view: View; viewport: Size; onPainted?: (pageNumber: number) => void }) {
  const previewRef = useRef<HTMLCanvasElement>(null);
  const tilesRef = useRef<HTMLDivElement>(null);
  const [settled, setSettled] = useState(view);
  const cache = useRef<Lru<DrawnTile> | null>(null);
  cache.current ??= new Lru<DrawnTile>(KEPT_TILES, release);
  const pScale = previewScale(page);

  useEffect(() => {
    const timer = setTimeout(() => setSettled(view), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [view]);

  // The page's first tiles have been painted: only then do the low-resolution page and the page list
  // take pdf.js's time, which would otherwise hold back what is on screen.
  const [painted, setPainted] = useState<number | null>(null);

  // The low-resolution page, drawn once per page.
  useEffect(() => {
    const canvas = previewRef.current;
    if (!canvas || painted !== pageNumber) return;
    const job = pdf.render(pageNumber, canvas, pScale);
    job.done.catch(() => undefined);
    return () => job.cancel();
  }, [pdf, pageNumber, pScale, painted]);

  // Another page or document: nothing drawn before is of use.
  useEffect(() => {
    const lru = cache.current!;
    delete tilesRef.current?.dataset.rendered;
    return () => lru.clear();
  }, [pdf, pageNumber]);

  const onPaintedRef = useRef(onPainted);
  onPaintedRef.current = onPainted;
  const firstPaint = (host: HTMLElement) => {
    if (host.dataset.rendered === String(pageNumber)) return;
    host.dataset.rendered = String(pageNumber);
    performance.mark(PAGE_PAINTED_MARK, { detail: { pageNumber } });
    setPainted(pageNumber);
    onPaintedRef.current?.(pageNumber);
  };

  useEffect(() => {
    const host = tilesRef.current;
    const lru = cache.current!;
    if (!host) return;
    const wanted = visibleTiles(page, settled, viewport, window.devicePixelRatio, TILE_MARGIN);
    const keys = new Set(wanted.map((t) => t.key));
    // Tiles of another zoom or scrolled away leave the screen; their renders stop.
    for (const el of Array.from(host.children) as HTMLCanvasElement[]) {
      if (!keys.has(el.dataset.key ?? '')) {
        const drawn = lru.get(el.dataset.key ?? '');
        drawn?.job?.cancel();
        if (drawn) drawn.job = null;
        el.remove();
      }
    }
    for (const t of wanted) {
      let drawn = lru.get(t.key);
      if (drawn && drawn.canvas.dataset.done !== '1' && !drawn.job) {
        release(drawn);
        drawn = undefined;
      }
      if (!drawn) {
        const canvas = document.createElement('canvas');
        canvas.dataset.key = t.key;
        canvas.width = t.pixelWidth;
        canvas.height = t.pixelHeight;
        Object.assign(canvas.style, { position: 'absolute', left: `${t.left}px`, top: `${t.top}px`, width: `${t.width}px`, height: `${t.height}px` });
        const job = pdf.render(pageNumber, canvas, settled.zoom * t.pixelRatio, t.left * t.pixelRatio, t.top * t.pixelRatio);
        const entry: DrawnTile = { canvas, job };
        job.done.then(
          () => {
            canvas.dataset.done = '1';
            entry.job = null;
            firstPaint(host);
          },
          () => undefined,
        );
        drawn = entry;
        lru.set(t.key, drawn);
      }
      if (drawn.canvas.parentElement !== host) host.appendChild(drawn.canvas);
    }
  }, [pdf, pageNumber, page, settled, viewport]);

  const k = view.zoom / settled.zoom;
  return (
    <>
      <Box
        component="canvas"
        ref={previewRef}
        aria-hidden
        data-testid="sheet-preview"
        // Sized at once, so the sheet takes its place before its picture is drawn.
        width={Math.ceil(page.width * pScale)}
        height={Math.ceil(page.height * pScale)}
        sx={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', bgcolor: 'common.white', boxShadow: 3 }}
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom / pScale})` }}
      />
      <Box
        ref={tilesRef}
        data-testid="sheet-tiles"
        sx={{ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', willChange: 'transform' }}
        style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${k})` }}
      />
    </>
  );
}
