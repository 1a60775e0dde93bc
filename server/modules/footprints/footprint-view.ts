import { RESTORATION_MOVES, type Footprint, type FootprintKind, type FootprintRow, type RestorationStatus } from '../../../resources/footprint.js';
import type { LatLng } from '../../../resources/geo.js';
import type { Executor } from '../../db/index.js';
import { parseJson } from '../../lib/json.js';

/** The footprint with the names it shows; the list leaves the points out. */
export function footprintRows(db: Executor) {
  return db
    .selectFrom('footprints as fp')
    .innerJoin('projects as pr', 'pr.id', 'fp.project_id')
    .innerJoin('footprint_types as ft', 'ft.id', 'fp.type_id')
    .leftJoin('crews as cr', 'cr.id', 'fp.crew_id')
    .leftJoin('users as u', 'u.id', 'fp.created_by')
    .select([
      'fp.id',
      'fp.company_id',
      'fp.project_id',
      'pr.code as project_code',
      'pr.project_name',
      'fp.type_id',
      'ft.name as type_name',
      'fp.crew_id',
      'cr.name as crew_name',
      'fp.date',
      'fp.kind',
      'fp.area_m2',
      'fp.length_m',
      'fp.center_lat',
      'fp.center_lng',
      'fp.restoration_status',
      'u.name as created_by_name',
      'fp.created_at',
      'fp.updated_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof footprintRows>['executeTakeFirstOrThrow']>>;

export function footprintRowView(r: Row): FootprintRow {
  return {
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectCode: r.project_code ?? '',
    projectName: r.project_name ?? '',
    typeId: r.type_id,
    typeName: r.type_name,
    crewId: r.crew_id,
    crewName: r.crew_name ?? null,
    date: r.date,
    kind: r.kind as FootprintKind,
    areaM2: r.area_m2 === null ? null : Number(r.area_m2),
    lengthM: Number(r.length_m),
    centerLat: Number(r.center_lat),
    centerLng: Number(r.center_lng),
    restorationStatus: r.restoration_status as RestorationStatus,
    createdByName: r.created_by_name ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** GET /footprints/{id}: the row, its points and notes, its photo count and where its restoration may go. */
export async function loadFootprint(db: Executor, id: number): Promise<Footprint> {
  const row = await footprintRows(db).select(['fp.points', 'fp.notes']).where('fp.id', '=', id).executeTakeFirstOrThrow();
  const photos = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('entity_type', '=', 'footprint')
    .where('entity_id', '=', String(id))
    .executeTakeFirstOrThrow();
  const view = footprintRowView(row);
  return {
    ...view,
    points: parseJson<LatLng[]>(row.points, []),
    notes: row.notes,
    photoCount: Number(photos.n),
    nextStatuses: [...RESTORATION_MOVES[view.restorationStatus]],
  };
}

/** What the trail keeps of a footprint: its own fields (the points as a count, not the list). */
export function footprintSnapshot(f: Footprint) {
  return {
    projectId: f.projectId,
    typeId: f.typeId,
    crewId: f.crewId,
    date: f.date,
    kind: f.kind,
    points: f.points.length,
    areaM2: f.areaM2,
    lengthM: f.lengthM,
    restorationStatus: f.restorationStatus,
    notes: f.notes,
  };
}
