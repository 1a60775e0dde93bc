import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { MAP_POINT_LIMIT, MAP_SHAPE_ZOOM, type MapBox, type MapLayer, type MapPoint } from '../../../resources/map.js';
import type { Executor } from '../../db/index.js';
import type { DB } from '../../db/schema.js';
import { parseJson } from '../../lib/json.js';
import { visibleToCompany } from '../projects/project-access.js';

/** What every layer reads: the acting company, the box and the project filter. */
export interface MapWindow {
  companyId: number;
  box: MapBox;
  zoom: number;
  projectId?: number;
}

/**
 * One layer: its rows the company may see inside the box, as a query whose `lat`, `lng` and `id`
 * the clustering reads (map-service.ts), and how a row becomes a point.
 */
export interface MapLayerSource {
  layer: MapLayer;
  /** The layer's rows in the box, selecting id, lat and lng at least. */
  rows: (db: Executor, w: MapWindow) => SelectQueryBuilder<DB, any, { id: number; lat: number; lng: number }>;
  /** The same rows with what a point shows; `ids` narrows them to single-member clusters. */
  points: (db: Executor, w: MapWindow, ids?: number[]) => Promise<MapPoint[]>;
}

/** lat/lng inside the box, on whatever expression holds the position. */
export function inBox(lat: RawBuilder<unknown> | string, lng: RawBuilder<unknown> | string, box: MapBox) {
  const la = typeof lat === 'string' ? sql.ref(lat) : lat;
  const ln = typeof lng === 'string' ? sql.ref(lng) : lng;
  return sql<boolean>`(${la} >= ${box.south} and ${la} <= ${box.north} and ${ln} >= ${box.west} and ${ln} <= ${box.east})`;
}

/**
 * The projects the company runs, is the client of or works on (project-access.ts), at their own
 * position or, without one, at the mean of their check-ins (logs_project_position_idx).
 */
function projectRows(db: Executor, w: MapWindow) {
  const mean = (column: 'lat' | 'lng') =>
    sql<number | null>`coalesce(${sql.ref(`pr.${column}`)}, (select avg(${sql.ref(`l.${column}`)}) from logs l where l.project_id = pr.id and l.lat is not null and l.lng is not null))`;
  let inner = db
    .selectFrom('projects as pr')
    .select(['pr.id', 'pr.code', 'pr.project_name', mean('lat').as('lat'), mean('lng').as('lng')])
    .where(visibleToCompany('pr', w.companyId));
  if (w.projectId) inner = inner.where('pr.id', '=', w.projectId);
  return db
    .selectFrom(inner.as('p'))
    .select(['p.id', sql<number>`p.lat`.as('lat'), sql<number>`p.lng`.as('lng'), 'p.code', 'p.project_name'])
    .where('p.lat', 'is not', null)
    .where(inBox('p.lat', 'p.lng', w.box));
}

const projects: MapLayerSource = {
  layer: 'projects',
  rows: projectRows,
  async points(db, w, ids) {
    let q = projectRows(db, w);
    if (ids) q = q.where('p.id', 'in', ids);
    const rows = await q.orderBy('p.id').execute();
    return rows.map((r) => ({ layer: 'projects', id: r.id, lat: Number(r.lat), lng: Number(r.lng), title: `${r.code} ${r.project_name}`, url: `/app/projects/${r.id}` }));
  },
};

/** The company's daily logs that carry a position (check-ins): logs_company_position_idx, or by project. */
function checkinRows(db: Executor, w: MapWindow) {
  let q = db
    .selectFrom('logs as l')
    .select(['l.id', sql<number>`l.lat`.as('lat'), sql<number>`l.lng`.as('lng')])
    .where('l.company_id', '=', w.companyId)
    .where('l.lat', 'is not', null)
    .where('l.lng', 'is not', null)
    .where(inBox('l.lat', 'l.lng', w.box));
  if (w.projectId) q = q.where('l.project_id', '=', w.projectId);
  return q;
}

const checkins: MapLayerSource = {
  layer: 'checkins',
  rows: checkinRows,
  async points(db, w, ids) {
    let q = checkinRows(db, w)
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('projects as pr', 'pr.id', 'l.project_id')
      .select(['l.date', 'u.name as userName', 'pr.code']);
    if (ids) q = q.where('l.id', 'in', ids);
    const rows = await q.orderBy('l.id').limit(MAP_POINT_LIMIT).execute();
    return rows.map((r) => ({
      layer: 'checkins',
      id: r.id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      title: `Check-in ${r.date}${r.userName ? ` · ${r.userName}` : ''}${r.code ? ` · ${r.code}` : ''}`,
      url: `/app/logs/${r.id}`,
    }));
  },
};

/** The company's damages that carry a position: damages_company_position_idx. */
function damageRows(db: Executor, w: MapWindow) {
  let q = db
    .selectFrom('damages as d')
    .select(['d.id', sql<number>`d.lat`.as('lat'), sql<number>`d.lng`.as('lng')])
    .where('d.company_id', '=', w.companyId)
    .where('d.lat', 'is not', null)
    .where('d.lng', 'is not', null)
    .where(inBox('d.lat', 'd.lng', w.box));
  if (w.projectId) q = q.where('d.project_id', '=', w.projectId);
  return q;
}

const damages: MapLayerSource = {
  layer: 'damages',
  rows: damageRows,
  async points(db, w, ids) {
    let q = damageRows(db, w)
      .innerJoin('projects as pr', 'pr.id', 'd.project_id')
      .leftJoin('damage_types as dt', 'dt.id', 'd.damage_type_id')
      .select(['d.damage_date', 'dt.name as typeName', 'pr.code']);
    if (ids) q = q.where('d.id', 'in', ids);
    const rows = await q.orderBy('d.id').limit(MAP_POINT_LIMIT).execute();
    return rows.map((r) => ({
      layer: 'damages',
      id: r.id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      title: `Damage ${r.damage_date}${r.typeName ? ` · ${r.typeName}` : ''} · ${r.code}`,
      url: `/app/damages/${r.id}`,
    }));
  },
};

/** The company's footprints at their centre (footprints_company_center_idx); their drawn shape from MAP_SHAPE_ZOOM on. */
function footprintRows(db: Executor, w: MapWindow) {
  let q = db
    .selectFrom('footprints as f')
    .select(['f.id', sql<number>`f.center_lat`.as('lat'), sql<number>`f.center_lng`.as('lng')])
    .where('f.company_id', '=', w.companyId)
    .where(inBox('f.center_lat', 'f.center_lng', w.box));
  if (w.projectId) q = q.where('f.project_id', '=', w.projectId);
  return q;
}

const footprints: MapLayerSource = {
  layer: 'footprints',
  rows: footprintRows,
  async points(db, w, ids) {
    let q = footprintRows(db, w)
      .innerJoin('projects as pr', 'pr.id', 'f.project_id')
      .leftJoin('footprint_types as ft', 'ft.id', 'f.type_id')
      .select(['f.date', 'f.kind', 'f.points', 'ft.name as typeName', 'pr.code']);
    if (ids) q = q.where('f.id', 'in', ids);
    const rows = await q.orderBy('f.id').limit(MAP_POINT_LIMIT).execute();
    const withShape = w.zoom >= MAP_SHAPE_ZOOM;
    return rows.map((r) => ({
      layer: 'footprints',
      id: r.id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      title: `Footprint ${r.date}${r.typeName ? ` · ${r.typeName}` : ''} · ${r.code}`,
      url: `/app/footprints/${r.id}`,
      ...(withShape ? { shape: { kind: r.kind === 'line' ? 'line' : 'polygon', points: parseJson<Array<[number, number]>>(r.points, []) } } : {}),
    }));
  },
};

export const MAP_LAYER_SOURCES: Record<MapLayer, MapLayerSource> = { projects, checkins, damages, footprints };
