/**
 * The sheet's viewport in numbers: where a page sits on screen at a zoom and pan, which tiles of it
 * are visible, and how many device pixels a tile may have. Pure, so the rules are tested on their own.
 *
 * Screen position (CSS px, from the viewport's top left) = PDF point × zoom + offset.
 */

export interface View {
  /** CSS pixels per PDF point. */
  zoom: number;
  /** Where the page's top left corner is on screen, in CSS px. */
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Tile {
  key: string;
  /** Column and row in the tile grid at this zoom. */
  col: number;
  row: number;
  /** The tile's box in CSS px of the page at `zoom` (from the page's top left). */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The canvas's pixel size: the box times the tile's pixel ratio. */
  pixelWidth: number;
  pixelHeight: number;
  pixelRatio: number;
}

export const TILE_CSS = 512;
/** No canvas side passes this, nor its area MAX_CANVAS_PIXELS: within what every browser allows, phones included. */
export const MAX_CANVAS_SIDE = 4096;
export const MAX_CANVAS_PIXELS = 16_000_000;
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

export const toScreen = (view: View, [px, py]: readonly [number, number]): [number, number] => [px * view.zoom + view.x, py * view.zoom + view.y];
export const toPage = (view: View, [sx, sy]: readonly [number, number]): [number, number] => [(sx - view.x) / view.zoom, (sy - view.y) / view.zoom];

/** The view after zooming to `zoom` around a screen point, which stays over the same spot of the page. */
export function zoomAround(view: View, zoom: number, at: readonly [number, number]): View {
  const next = clampZoom(zoom);
  const [px, py] = toPage(view, at);
  return { zoom: next, x: at[0] - px * next, y: at[1] - py * next };
}

/** The whole page's width in the viewport (with a margin), from the top. */
export function fitWidth(page: Size, viewport: Size, margin = 16): View {
  const zoom = clampZoom((viewport.width - 2 * margin) / page.width);
  return { zoom, x: (viewport.width - page.width * zoom) / 2, y: margin };
}

/** The whole page inside the viewport, centred. */
export function fitPage(page: Size, viewport: Size, margin = 16): View {
  const zoom = clampZoom(Math.min((viewport.width - 2 * margin) / page.width, (viewport.height - 2 * margin) / page.height));
  return { zoom, x: (viewport.width - page.width * zoom) / 2, y: (viewport.height - page.height * zoom) / 2 };
}

/** The pixel ratio a tile of `side` CSS px may use: the screen's, capped so the canvas stays within the limits. */
export function tilePixelRatio(devicePixelRatio: number, side = TILE_CSS): number {
  const bySide = MAX_CANVAS_SIDE / side;
  const byArea = Math.sqrt(MAX_CANVAS_PIXELS) / side;
  return Math.max(0.5, Math.min(devicePixelRatio || 1, bySide, byArea));
}

/**
 * The tiles of the page at the view's zoom that intersect the viewport (plus `margin` CSS px around
 * it, so a short pan finds them ready), each clipped to the page's edge.
 */
export function visibleTiles(page: Size, view: View, viewport: Size, devicePixelRatio: number, margin = 0, side = TILE_CSS): Tile[] {
  const pageW = page.width * view.zoom;
  const pageH = page.height * view.zoom;
  const left = Math.max(0, -view.x - margin);
  const top = Math.max(0, -view.y - margin);
  const right = Math.min(pageW, viewport.width - view.x + margin);
  const bottom = Math.min(pageH, viewport.height - view.y + margin);
  if (right <= left || bottom <= top) return [];
  const ratio = tilePixelRatio(devicePixelRatio, side);
  const tiles: Tile[] = [];
  for (let row = Math.floor(top / side); row * side < bottom; row++) {
    for (let col = Math.floor(left / side); col * side < right; col++) {
      const width = Math.min(side, pageW - col * side);
      const height = Math.min(side, pageH - row * side);
      tiles.push({
        key: `${view.zoom}:${col}:${row}`,
        col,
        row,
        left: col * side,
        top: row * side,
        width,
        height,
        pixelWidth: Math.ceil(width * ratio),
        pixelHeight: Math.ceil(height * ratio),
        pixelRatio: ratio,
      });
    }
  }
  return tiles;
}

/** The scale of the low-resolution whole page shown under the tiles: its longer side at most `maxSide` px. */
export function previewScale(page: Size, maxSide = 2048): number {
  return Math.min(2, maxSide / Math.max(page.width, page.height));
}

/** A small least-recently-used map: rendered tiles are kept up to a count, the oldest dropped (and handed to `onEvict`). */
export class Lru<V> {
  private map = new Map<string, V>();
  constructor(
    private limit: number,
    private onEvict: (value: V, key: string) => void = () => undefined,
  ) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.limit) {
      const [oldest, v] = this.map.entries().next().value as [string, V];
      this.map.delete(oldest);
      this.onEvict(v, oldest);
    }
  }
  has(key: string) {
    return this.map.has(key);
  }
  clear() {
    for (const [k, v] of this.map) this.onEvict(v, k);
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}
