import { describe, expect, it } from 'vitest';
import { fitPage, fitWidth, Lru, MAX_CANVAS_PIXELS, MAX_CANVAS_SIDE, tilePixelRatio, toPage, toScreen, visibleTiles, zoomAround } from '../../../src/pages/editor/viewport-math';
import { moved, reshaped } from '../../../src/pages/editor/DrawingLayer';

const IN = 72;

describe('plan editor viewport', () => {
  it('maps PDF points to the screen and back', () => {
    const view = { zoom: 2.5, x: -300, y: 40 };
    expect(toScreen(view, [100, 20])).toEqual([-50, 90]);
    expect(toPage(view, toScreen(view, [123.25, 456.5]))).toEqual([123.25, 456.5]);
  });

  it('keeps the spot under the pointer in place when zooming', () => {
    const view = { zoom: 1, x: 10, y: 20 };
    const at: [number, number] = [400, 300];
    const before = toPage(view, at);
    const after = zoomAround(view, 3, at);
    expect(after.zoom).toBe(3);
    expect(toPage(after, at)[0]).toBeCloseTo(before[0]);
    expect(toPage(after, at)[1]).toBeCloseTo(before[1]);
  });

  it('fits a 36 x 24 in sheet to the width or whole in the viewport', () => {
    const page = { width: 36 * IN, height: 24 * IN };
    const viewport = { width: 1200, height: 600 };
    const w = fitWidth(page, viewport);
    expect(page.width * w.zoom).toBeCloseTo(1200 - 32);
    const p = fitPage(page, viewport);
    expect(page.height * p.zoom).toBeCloseTo(600 - 32);
    expect(p.x).toBeGreaterThan(0);
  });

  it('lists only the tiles that intersect the viewport, clipped to the page', () => {
    const page = { width: 1000, height: 800 };
    // At zoom 1 the page sits at (0, 0); a 600 x 400 viewport sees columns 0-1 and row 0.
    const tiles = visibleTiles(page, { zoom: 1, x: 0, y: 0 }, { width: 600, height: 400 }, 1);
    expect(tiles.map((t) => [t.col, t.row])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    // Panned so the page's bottom right corner is in view: the last tiles are cut at the page's edge.
    const corner = visibleTiles(page, { zoom: 1, x: -700, y: -600 }, { width: 600, height: 400 }, 1);
    expect(corner.map((t) => [t.col, t.row])).toEqual([[1, 1]]);
    expect(corner[0]).toMatchObject({ left: 512, top: 512, width: 488, height: 288 });
    // Scrolled off the page: nothing to draw.
    expect(visibleTiles(page, { zoom: 1, x: 2000, y: 0 }, { width: 600, height: 400 }, 1)).toEqual([]);
  });

  it('never asks for a canvas past the cap, even for a 200 x 200 in page at 800 %', () => {
    const page = { width: 200 * IN, height: 200 * IN };
    const viewport = { width: 2560, height: 1440 };
    for (const dpr of [1, 2, 3, 8, 16]) {
      const tiles = visibleTiles(page, { zoom: 8, x: -50_000, y: -40_000 }, viewport, dpr, 256);
      expect(tiles.length).toBeGreaterThan(0);
      // Only what the screen shows is drawn: a handful of tiles, not the 115,200-px page.
      expect(tiles.length).toBeLessThanOrEqual(Math.ceil((2560 + 512) / 512 + 1) * Math.ceil((1440 + 512) / 512 + 1));
      for (const t of tiles) {
        expect(t.pixelWidth).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
        expect(t.pixelHeight).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
        expect(t.pixelWidth * t.pixelHeight).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
      }
    }
    expect(tilePixelRatio(2)).toBe(2);
    expect(tilePixelRatio(16)).toBeLessThan(8);
  });

  it('keeps the most recently used tiles and hands the oldest back', () => {
    const dropped: string[] = [];
    const lru = new Lru<number>(2, (_, k) => dropped.push(k));
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(dropped).toEqual(['b']);
    expect(lru.has('a') && lru.has('c')).toBe(true);
  });

  it('moves and reshapes drawings in points, never off the sheet', () => {
    const g = { points: [[10, 10], [50, 10], [50, 40]] as [number, number][], openings: [[[20, 15], [30, 15], [30, 20]] as [number, number][]] };
    expect(moved(g, 5.555, -20)).toEqual({ points: [[15.56, 0], [55.56, 0], [55.56, 20]], openings: [[[25.56, 0], [35.56, 0], [35.56, 0]]] });
    expect(reshaped(g, 1, 2, [31, 22])).toEqual({ points: g.points, openings: [[[20, 15], [30, 15], [31, 22]]] });
  });
});
