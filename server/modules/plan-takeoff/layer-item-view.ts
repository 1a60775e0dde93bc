import { sql } from 'kysely';
import { quantityText, type DrawKind, type Geometry, type LayerItem, type PlanMark, type SheetCalibration, type ScaleUnit } from '../../../resources/plan-takeoff.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';

/** Layer items with their catalog item (name, unit, colour, icon), who changed them last, and Σ approved marks on them. */
const layerItemRows = (db: Executor) =>
  db
    .selectFrom('plan_layer_items as li')
    .innerJoin('items as i', 'i.id', 'li.item_id')
    .leftJoin('users as u', 'u.id', 'li.updated_by')
    .select([
      'li.id',
      'li.file_id',
      'li.page_number',
      'li.budget_id',
      'li.item_id',
      'li.budget_item_id',
      'li.kind',
      'li.geometry',
      'li.quantity_e3',
      'li.quantity_typed',
      'li.version',
      'li.updated_at',
      'i.name as item_name',
      'i.code as item_code',
      'i.unit',
      'i.line_color',
      'i.icon_url',
      'u.name as updated_by',
    ])
    .select(
      sql<number>`coalesce((select sum(m.quantity_e3) from production_plan_marks m inner join productions p on p.id = m.production_id
        where m.layer_item_id = li.id and p.status = 'approved'), 0)`.as('built_e3'),
    );

type Row = Awaited<ReturnType<ReturnType<typeof layerItemRows>['executeTakeFirstOrThrow']>>;

const view = (r: Row): LayerItem => ({
  id: r.id,
  fileId: r.file_id,
  pageNumber: r.page_number,
  budgetId: r.budget_id,
  itemId: r.item_id,
  budgetItemId: r.budget_item_id,
  itemName: r.item_name,
  itemCode: r.item_code,
  unit: r.unit,
  color: r.line_color,
  iconUrl: r.icon_url,
  kind: r.kind as DrawKind,
  geometry: parseJson<Geometry>(r.geometry, { points: [] }),
  quantity: quantityText(BigInt(r.quantity_e3)),
  quantityTyped: r.quantity_typed === 1,
  built: quantityText(BigInt(r.built_e3)),
  version: r.version,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** A file's drawings (of one page, when given), in the order they were drawn. */
export async function layerItems(db: Executor, fileId: number, pageNumber?: number): Promise<LayerItem[]> {
  let q = layerItemRows(db).where('li.file_id', '=', fileId);
  if (pageNumber !== undefined) q = q.where('li.page_number', '=', pageNumber);
  return (await q.orderBy('li.id').execute()).map(view);
}

/** One drawing of the file, or 404 (a drawing of another file is not this sheet's). */
export async function layerItem(db: Executor, fileId: number, id: number): Promise<LayerItem> {
  const row = await layerItemRows(db).where('li.id', '=', id).where('li.file_id', '=', fileId).executeTakeFirst();
  if (!row) throw notFound('Drawing');
  return view(row);
}

/**
 * Production marks on the file's drawings that the acting company may see: its own productions, the
 * submitted ones of a project it runs, and approved ones (the client's view of production).
 */
export async function sheetMarks(db: Executor, fileId: number, companyId: number, projectOwnerId: number, pageNumber?: number): Promise<PlanMark[]> {
  let q = db
    .selectFrom('production_plan_marks as m')
    .innerJoin('plan_layer_items as li', 'li.id', 'm.layer_item_id')
    .innerJoin('productions as p', 'p.id', 'm.production_id')
    .innerJoin('crews as c', 'c.id', 'p.crew_id')
    .select(['m.id', 'm.production_id', 'm.layer_item_id', 'm.geometry', 'm.quantity_e3', 'p.status', 'p.date', 'c.name as crew_name'])
    .where('li.file_id', '=', fileId)
    .where((eb) =>
      eb.or([
        eb('p.company_id', '=', companyId),
        eb('p.status', '=', 'approved'),
        ...(companyId === projectOwnerId ? [eb('p.status', '<>', 'draft')] : []),
      ]),
    );
  if (pageNumber !== undefined) q = q.where('li.page_number', '=', pageNumber);
  const rows = await q.orderBy('m.id').execute();
  return rows.map((r) => ({
    id: r.id,
    productionId: r.production_id,
    productionStatus: r.status,
    productionDate: r.date,
    crewName: r.crew_name,
    layerItemId: r.layer_item_id,
    geometry: parseJson<Geometry>(r.geometry, { points: [] }),
    quantity: quantityText(BigInt(r.quantity_e3)),
  }));
}

/** The file's page calibrations (of one page, when given). */
export async function sheetCalibrations(db: Executor, fileId: number, pageNumber?: number): Promise<SheetCalibration[]> {
  let q = db
    .selectFrom('plan_sheets as s')
    .leftJoin('users as u', 'u.id', 's.calibrated_by')
    .select(['s.page_number', 's.scale_points', 's.scale_distance', 's.scale_unit', 's.calibrated_at', 'u.name as calibrated_by'])
    .where('s.file_id', '=', fileId)
    .where('s.scale_points', 'is not', null);
  if (pageNumber !== undefined) q = q.where('s.page_number', '=', pageNumber);
  const rows = await q.orderBy('s.page_number').execute();
  return rows.map((r) => ({
    pageNumber: r.page_number,
    points: r.scale_points!,
    distance: r.scale_distance!,
    unit: r.scale_unit as ScaleUnit,
    calibratedBy: r.calibrated_by,
    calibratedAt: r.calibrated_at!,
  }));
}
