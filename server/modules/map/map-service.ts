import { sql } from 'kysely';
import { holds } from '../../../permissions/index.js';
import { cellSize, MAP_LAYERS, MAP_POINT_LIMIT, type MapCluster, type MapMarkers, type MapPoint, type MapQuery } from '../../../resources/map.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { MAP_LAYER_SOURCES, type MapLayerSource, type MapWindow } from './map-layers.js';

interface LayerAnswer {
  points: MapPoint[];
  clusters: MapCluster[];
  clustered: boolean;
}

/**
 * One layer in the box: its points while it holds at most MAP_POINT_LIMIT there (probed with a
 * LIMIT, never counted in full), else its rows grouped in SQL by a grid cell of the zoom's size:
 * count and mean position per cell, and the record itself for a cell of one.
 */
export async function readLayer(db: Executor, source: MapLayerSource, w: MapWindow): Promise<LayerAnswer> {
  const probe = await source.rows(db, w).limit(MAP_POINT_LIMIT + 1).execute();
  if (probe.length <= MAP_POINT_LIMIT) return { points: await source.points(db, w), clusters: [], clustered: false };
  // A literal, not a parameter: PostgreSQL matches the GROUP BY to the selected cells by their text.
  const size = sql.lit(cellSize(w.zoom, w.box));
  const cells = await db
    .selectFrom(source.rows(db, w).as('r'))
    .select([
      sql<number>`floor(r.lng / ${size})`.as('cx'),
      sql<number>`floor(r.lat / ${size})`.as('cy'),
      sql<number>`count(*)`.as('n'),
      sql<number>`avg(r.lat)`.as('lat'),
      sql<number>`avg(r.lng)`.as('lng'),
      sql<number>`min(r.id)`.as('id'),
    ])
    .groupBy([sql`floor(r.lng / ${size})`, sql`floor(r.lat / ${size})`])
    .execute();
  // A cell of one shows its record, as many as a points answer holds; past that they stay counts of 1.
  const singles = cells.filter((c) => Number(c.n) === 1).slice(0, MAP_POINT_LIMIT);
  const shown = new Set(singles.map((c) => Number(c.id)));
  return {
    points: shown.size ? await source.points(db, w, [...shown]) : [],
    clusters: cells
      .filter((c) => !shown.has(Number(c.id)) || Number(c.n) > 1)
      .map((c) => ({ layer: source.layer, lat: Number(c.lat), lng: Number(c.lng), count: Number(c.n) })),
    clustered: true,
  };
}

/** GET /map/markers: each asked layer the caller may view, read side by side. */
export async function mapMarkers(services: Services, actor: Actor, query: MapQuery): Promise<MapMarkers> {
  const w: MapWindow = { companyId: actor.membership!.companyId, box: query.bbox, zoom: query.zoom, projectId: query.projectId };
  const layers = MAP_LAYERS.filter((l) => query.layers.includes(l.value) && holds(actor.profile, l.permission));
  const read = await Promise.all(layers.map(async (l) => ({ layer: l.value, ...(await readLayer(services.db, MAP_LAYER_SOURCES[l.value], w)) })));
  return {
    points: read.flatMap((a) => a.points),
    clusters: read.flatMap((a) => a.clusters),
    clustered: read.filter((a) => a.clustered).map((a) => a.layer),
  };
}
