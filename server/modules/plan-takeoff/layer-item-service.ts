import { TAKEOFF_MESSAGES, type CreateLayerItemInput, type Geometry, type LayerItem, type LayerItemsAnswer, type PlanFileAnswer } from '../../../resources/plan-takeoff.js';
import { parseScaled, QUANTITY_SCALE } from '../../../resources/money.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { signedFileUrl } from '../../storage/signed-links.js';
import { layerItem, layerItems, sheetCalibrations, sheetMarks } from './layer-item-view.js';
import { drawingQuantity, drawnItem, fieldError, pageScale } from './sheet-measure.js';
import { sheetScope, type SheetScope } from './sheet-scope.js';
import { auditDrawing, drawingSnapshot } from './takeoff-audit.js';

/** The plan PDF behind a sheet, as a signed link, for whoever may see the sheet. */
export async function planFile(services: Services, actor: Actor, fileId: number): Promise<PlanFileAnswer> {
  const { file } = await sheetScope(services.db, actor, fileId);
  return { fileId: file.id, name: file.name, url: signedFileUrl(services, file.publicId, { version: file.objectName }) };
}

/** GET /layerItems/{fileId}: the sheet's drawings, calibrations and the production marks the caller may see. */
export async function readSheet(services: Services, actor: Actor, fileId: number, pageNumber?: number): Promise<LayerItemsAnswer> {
  const db = services.db;
  const scope = await sheetScope(db, actor, fileId);
  return {
    fileId,
    projectId: scope.project.id,
    fileName: scope.file.name,
    pdfScaleFactor: scope.project.pdf_scale_factor,
    requireQuantityOnPDFDraw: scope.project.require_quantity_on_pdf_draw === 1,
    calibrations: await sheetCalibrations(db, fileId, pageNumber),
    items: await layerItems(db, fileId, pageNumber),
    marks: await sheetMarks(db, fileId, scope.access.companyId, scope.project.company_id, pageNumber),
    canEdit: scope.canEdit,
  };
}

/** The project's budget by id (404 for another project's). */
async function projectBudget(db: Executor, scope: SheetScope, budgetId: number) {
  const budget = await db.selectFrom('budgets').select(['id']).where('id', '=', budgetId).where('project_id', '=', scope.project.id).executeTakeFirst();
  if (!budget) throw notFound('Budget');
  return budget;
}

/** POST /layerItems/{fileId}: a new drawing of a catalog item in one of the project's budgets. */
export async function createLayerItem(services: Services, actor: Actor, fileId: number, body: CreateLayerItemInput): Promise<LayerItem> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await sheetScope(trx, actor, fileId, 'edit');
    await projectBudget(trx, scope, body.budgetId);
    const item = await drawnItem(trx, scope.project.company_id, body.itemId);
    if (body.kind !== item.kind) throw fieldError('kind', TAKEOFF_MESSAGES.unitMismatch);
    const scale = await pageScale(trx, scope.project, fileId, body.pageNumber);
    const q = drawingQuantity(scope.project, body.kind, body.geometry, item.unit, scale, body.quantity);
    const now = nowIso();
    const { id } = await trx
      .insertInto('plan_layer_items')
      .values({
        company_id: scope.project.company_id,
        project_id: scope.project.id,
        file_id: fileId,
        page_number: body.pageNumber,
        budget_id: body.budgetId,
        item_id: item.id,
        budget_item_id: null,
        kind: body.kind,
        geometry: JSON.stringify(body.geometry),
        quantity_e3: Number(q.quantityE3),
        quantity_typed: q.typed ? 1 : 0,
        created_by: actor.user.id,
        created_at: now,
        updated_by: actor.user.id,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await layerItem(trx, fileId, id);
    await auditDrawing(trx, scope, body.budgetId, 'drawing added', null, drawingSnapshot(created));
    return created;
  });
}

/**
 * PATCH /item/{fileId}/4: a drawing moved or reshaped (measured again) or its typed quantity changed.
 * It must name the version it was made on: another's change since is a 409 and nothing changes.
 */
export async function updateLayerItem(
  services: Services,
  actor: Actor,
  fileId: number,
  body: { itemId: number; version: number; geometry?: Geometry; quantity?: bigint },
): Promise<LayerItem> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await sheetScope(trx, actor, fileId, 'edit');
    const before = await layerItem(trx, fileId, body.itemId);
    if (before.version !== body.version) throw conflict(TAKEOFF_MESSAGES.version, 'VERSION');
    const geometry = body.geometry ?? before.geometry;
    const typed = body.quantity ?? (before.quantityTyped ? (parseScaled(before.quantity, QUANTITY_SCALE) ?? undefined) : undefined);
    const scale = await pageScale(trx, scope.project, fileId, before.pageNumber);
    const q = drawingQuantity(scope.project, before.kind, geometry, before.unit, scale, typed);
    // The version moves only from the one read: a change committed meanwhile makes this one match no row.
    const result = await trx
      .updateTable('plan_layer_items')
      .set((eb) => ({
        geometry: JSON.stringify(geometry),
        quantity_e3: Number(q.quantityE3),
        quantity_typed: q.typed ? 1 : 0,
        version: eb('version', '+', 1),
        updated_by: actor.user.id,
        updated_at: nowIso(),
      }))
      .where('id', '=', before.id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict(TAKEOFF_MESSAGES.version, 'VERSION');
    const after = await layerItem(trx, fileId, before.id);
    await auditDrawing(trx, scope, before.budgetId, 'drawing changed', drawingSnapshot(before), drawingSnapshot(after));
    return after;
  });
}

/** Drawings a crew has marked production on are the evidence of that production: they stay (409). */
async function assertUnmarked(trx: Trx, ids: number[]) {
  if (!ids.length) return;
  const marked = await trx.selectFrom('production_plan_marks').select('layer_item_id').where('layer_item_id', 'in', ids).executeTakeFirst();
  if (marked) throw conflict('Production was marked on this drawing: it is kept as the evidence of that production', 'IN_USE');
}

async function deleteDrawings(trx: Trx, scope: SheetScope, drawings: LayerItem[]) {
  await assertUnmarked(trx, drawings.map((d) => d.id));
  for (let i = 0; i < drawings.length; i += 500) {
    await trx.deleteFrom('plan_layer_items').where('id', 'in', drawings.slice(i, i + 500).map((d) => d.id)).execute();
  }
  for (const d of drawings) await auditDrawing(trx, scope, d.budgetId, 'drawing deleted', drawingSnapshot(d), null);
}

/** DELETE /item/{fileId}/4?itemId=: one drawing. */
export async function deleteLayerItem(services: Services, actor: Actor, fileId: number, itemId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const scope = await sheetScope(trx, actor, fileId, 'edit');
    await deleteDrawings(trx, scope, [await layerItem(trx, fileId, itemId)]);
  });
}

/** DELETE /items/{fileId}/4: every drawing of these budgets (the project's, else 404) on one page. */
export async function deleteLayerItems(services: Services, actor: Actor, fileId: number, body: { budgetIds: number[]; pageNumber: number }): Promise<{ deleted: number }> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await sheetScope(trx, actor, fileId, 'edit');
    for (const budgetId of new Set(body.budgetIds)) await projectBudget(trx, scope, budgetId);
    const drawings = (await layerItems(trx, fileId, body.pageNumber)).filter((d) => body.budgetIds.includes(d.budgetId));
    await deleteDrawings(trx, scope, drawings);
    return { deleted: drawings.length };
  });
}
