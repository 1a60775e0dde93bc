import { measure, referencePoints, type DrawKind, type Geometry, type LayerItemsAnswer, type Point, type ScaleUnit } from '../../../resources/plan-takeoff.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { parseJson, nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { readSheet } from './layer-item-service.js';
import { fieldError, pageScale } from './sheet-measure.js';
import { sheetScope, type SheetScope } from './sheet-scope.js';
import { auditCalibration } from './takeoff-audit.js';

export interface ScaleInput {
  pageNumber: number;
  reference: Point[] | null;
  distance: string | null;
  unit: ScaleUnit;
}

/**
 * The page's measured lines and areas at its scale as it now stands; typed quantities and counts do
 * not depend on it. A page left with no scale at all (its calibration cleared, no project factor)
 * would leave measured drawings meaningless: that is a 400 and nothing changes.
 */
async function remeasurePage(trx: Trx, scope: SheetScope, pageNumber: number, userId: number) {
  const scale = await pageScale(trx, scope.project, scope.file.id, pageNumber);
  const rows = await trx
    .selectFrom('plan_layer_items as li')
    .innerJoin('items as i', 'i.id', 'li.item_id')
    .select(['li.id', 'li.kind', 'li.geometry', 'li.quantity_e3', 'i.unit'])
    .where('li.file_id', '=', scope.file.id)
    .where('li.page_number', '=', pageNumber)
    .where('li.quantity_typed', '=', 0)
    .where('li.kind', 'in', ['line', 'area'])
    .execute();
  const now = nowIso();
  for (const r of rows) {
    const m = measure(r.kind as DrawKind, parseJson<Geometry>(r.geometry, { points: [] }), r.unit, scale);
    if (!m.ok) throw fieldError('distance', m.message);
    if (BigInt(r.quantity_e3) === m.quantityE3) continue;
    await trx
      .updateTable('plan_layer_items')
      .set((eb) => ({ quantity_e3: Number(m.quantityE3), version: eb('version', '+', 1), updated_by: userId, updated_at: now }))
      .where('id', '=', r.id)
      .execute();
  }
  return rows.length;
}

/**
 * PUT /layerItems/{fileId}/scale: a page's calibration from a reference line and the distance it
 * stands for (null clears it), stored once per file and page (an upsert: two people calibrating at
 * once leave one row, the last one's), and the page's measured drawings measured again, in one
 * transaction. Answers the page's takeoff.
 */
export async function calibrateSheet(services: Services, actor: Actor, fileId: number, body: ScaleInput): Promise<LayerItemsAnswer> {
  await services.db.transaction().execute(async (trx) => {
    const scope = await sheetScope(trx, actor, fileId, 'edit');
    const clear = body.reference === null || body.distance === null;
    const points = clear ? null : referencePoints(body.reference!);
    if (points !== null && Number(points) === 0) throw fieldError('reference', 'Draw the reference line between two points');
    const before = await trx.selectFrom('plan_sheets').select(['scale_points', 'scale_distance', 'scale_unit']).where('file_id', '=', fileId).where('page_number', '=', body.pageNumber).executeTakeFirst();
    const now = nowIso();
    const scale = { scale_points: points, scale_distance: clear ? null : body.distance, scale_unit: clear ? null : body.unit, calibrated_by: actor.user.id, calibrated_at: now, updated_at: now };
    await trx
      .insertInto('plan_sheets')
      .values({ company_id: scope.project.company_id, file_id: fileId, page_number: body.pageNumber, created_at: now, ...scale })
      .onConflict((oc) => oc.columns(['file_id', 'page_number']).doUpdateSet(scale))
      .execute();
    await remeasurePage(trx, scope, body.pageNumber, actor.user.id);
    const shown = (s: { scale_points: string | null; scale_distance: string | null; scale_unit: string | null } | undefined) =>
      s?.scale_points ? { points: s.scale_points, distance: s.scale_distance, unit: s.scale_unit } : null;
    await auditCalibration(trx, scope, body.pageNumber, shown(before), shown(scale));
  });
  return readSheet(services, actor, fileId, body.pageNumber);
}
