import { z } from 'zod';
import { idParam } from './id.js';
import { text } from './text.js';

/**
 * The map (spec 02 §2 `map`): projects, check-ins, damages and footprints as layers over the tiles
 * of MAP_TILE_URL. The server answers the points in the box, or grid clusters counted in SQL when a
 * layer holds more than MAP_POINT_LIMIT there, so no answer grows with the data.
 */

export const MAP_LAYERS = [
  { value: 'projects', label: 'Projects', color: '#6a1b9a', permission: 'projects:view' },
  { value: 'checkins', label: 'Check-ins', color: '#ef6c00', permission: 'logs:view' },
  { value: 'damages', label: 'Damages', color: '#c62828', permission: 'damages:view' },
  { value: 'footprints', label: 'Footprints', color: '#2e7d32', permission: 'footprints:view' },
] as const;
export type MapLayer = (typeof MAP_LAYERS)[number]['value'];
const LAYER_VALUES = MAP_LAYERS.map((l) => l.value) as [MapLayer, ...MapLayer[]];

/** Above this many points of one layer in the box, the layer comes back as clusters. */
export const MAP_POINT_LIMIT = 500;
/** A cluster cell is about this many screen pixels wide at the asked zoom (256 px tiles). */
export const MAP_CELL_PIXELS = 64;
/** At most this many cells across the box on each axis, whatever zoom is asked: the cluster answer is bounded too. */
export const MAP_MAX_CELLS_PER_AXIS = 64;
/** From this zoom on, footprints come with their drawn shape. */
export const MAP_SHAPE_ZOOM = 15;

export const MAP_MESSAGES = {
  bbox: 'bbox must be west,south,east,north in degrees: longitudes from -180 to 180, latitudes from -90 to 90, west ≤ east and south ≤ north',
  zoom: 'zoom must be a whole number from 0 to 22',
  layer: `Must be one of: ${LAYER_VALUES.join(', ')}`,
};

const NUMBER = /^-?\d+(\.\d+)?$/;

/** west,south,east,north: the box the map shows; the whole world when not sent. */
const bbox = text({ error: MAP_MESSAGES.bbox })
  .transform((v, ctx) => {
    const parts = v.split(',');
    const nums = parts.map((p) => (NUMBER.test(p.trim()) ? Number(p) : NaN));
    const [west, south, east, north] = nums as [number, number, number, number];
    const ok =
      parts.length === 4 &&
      nums.every(Number.isFinite) &&
      west >= -180 && east <= 180 && west <= east &&
      south >= -90 && north <= 90 && south <= north;
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.bbox });
      return z.NEVER;
    }
    return { west, south, east, north };
  });
export type MapBox = z.output<typeof bbox>;
export const WORLD: MapBox = { west: -180, south: -90, east: 180, north: 90 };

/** GET /map/markers. */
export const mapQuery = z
  .object({
    layers: z
      .preprocess(
        (v) => (v === undefined || v === '' ? LAYER_VALUES : (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',').filter(Boolean) : [x]))),
        z.array(z.enum(LAYER_VALUES, { error: MAP_MESSAGES.layer })).max(10),
      )
      .transform((v) => [...new Set(v)]),
    bbox: bbox.optional().transform((v) => v ?? WORLD),
    zoom: text({ error: MAP_MESSAGES.zoom })
      .regex(/^\d{1,2}$/, MAP_MESSAGES.zoom)
      .transform(Number)
      .pipe(z.number().int().min(0, MAP_MESSAGES.zoom).max(22, MAP_MESSAGES.zoom))
      .optional()
      .transform((v) => v ?? 2),
    projectId: idParam('projectId must be a project id').optional(),
  })
  .strict();
export type MapQuery = z.output<typeof mapQuery>;

/** One record on the map; `url` is the page it opens, under /app/. */
export interface MapPoint {
  layer: MapLayer;
  id: number;
  lat: number;
  lng: number;
  title: string;
  url: string;
  /** A footprint's drawn polygon or line, [[lat, lng], …], from MAP_SHAPE_ZOOM on. */
  shape?: { kind: 'polygon' | 'line'; points: Array<[number, number]> };
}

/** Several records of one layer in one grid cell: their count and mean position. */
export interface MapCluster {
  layer: MapLayer;
  lat: number;
  lng: number;
  count: number;
}

export interface MapMarkers {
  points: MapPoint[];
  clusters: MapCluster[];
  /** The layers answered as clusters (more than MAP_POINT_LIMIT points in the box). */
  clustered: MapLayer[];
}

/** The grid cell size in degrees for a zoom, never so small that the box holds more than MAP_MAX_CELLS_PER_AXIS cells across. */
export function cellSize(zoom: number, box: MapBox): number {
  const byZoom = (360 / 2 ** zoom) * (MAP_CELL_PIXELS / 256);
  const byBox = Math.max(box.east - box.west, box.north - box.south) / MAP_MAX_CELLS_PER_AXIS;
  return Math.max(byZoom, byBox, 1e-6);
}
