import { drawingQuantity, pageScale } from '../plan-takeoff/sheet-measure.js';
import { e3ToQuantity } from '../../../resources/money.js';
import type { Geometry, DrawKind } from '../../../resources/plan-takeoff.js';
import type { Production } from '../../../resources/production.js';
import type { Actor } from '../../http/actor.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { editableProduction } from './production-access.js';
import { auditProduction } from './production-audit.js';
import { fieldError, insertItems } from './production-checks.js';
import { itemSnapshot, keptForRecord, notifyItemChange } from './production-items.js';
import { releasePhotos } from './production-photos.js';
import { loadProduction, productionItems } from './production-view.js';

export interface MarkInput {
  layerItemId: number;
  geometry: Geometry;
  quantity?: bigint;
}

/**
 * PATCH /production/{id}/pdf/items: what the crew marked as built on the plan replaces the
 * production's marks. Each mark is on a drawing of the production's project that was added to the
 * budget; its quantity is measured from the mark's geometry at the drawing's page scale (typed when
 * the project requires it). The production's items of source 'pdf' become Σ marks per budget item
 * (updated, created, or removed with their photos); manual items stay. One transaction; 409 unless
 * the production may be edited. Answers the production.
 */
export async function replacePlanMarks(services: Services, actor: Actor, id: number, marks: MarkInput[]): Promise<Production> {
  return fileTransaction(services, async (trx, files) => {
    const scope = await editableProduction(trx, actor, id, true);
    const ids = [...new Set(marks.map((m) => m.layerItemId))];
    const drawings = ids.length
      ? await trx
          .selectFrom('plan_layer_items as li')
          .innerJoin('items as i', 'i.id', 'li.item_id')
          .select(['li.id', 'li.project_id', 'li.file_id', 'li.page_number', 'li.kind', 'li.budget_item_id', 'i.unit'])
          .where('li.id', 'in', ids)
          .execute()
      : [];
    const measured: Array<{ mark: MarkInput; budgetItemId: number; quantityE3: bigint }> = [];
    for (const [index, mark] of marks.entries()) {
      const d = drawings.find((x) => x.id === mark.layerItemId);
      if (!d || d.project_id !== scope.project.id) throw fieldError(`marks.${index}.layerItemId`, "Choose a drawing of this project's plans");
      if (d.budget_item_id === null) throw fieldError(`marks.${index}.layerItemId`, 'Add this drawing to the budget before marking production on it');
      const scale = await pageScale(trx, scope.project, d.file_id, d.page_number);
      const q = drawingQuantity(scope.project, d.kind as DrawKind, mark.geometry, d.unit, scale, mark.quantity, `marks.${index}.geometry`);
      measured.push({ mark, budgetItemId: d.budget_item_id, quantityE3: q.quantityE3 });
    }
    const sums = new Map<number, bigint>();
    for (const m of measured) sums.set(m.budgetItemId, (sums.get(m.budgetItemId) ?? 0n) + m.quantityE3);

    const before = (await productionItems(trx, id, scope.production.status)).filter((i) => i.source === 'pdf');
    await trx.deleteFrom('production_plan_marks').where('production_id', '=', id).execute();
    const gone = before.filter((i) => !sums.has(i.budgetItemId));
    await releasePhotos(trx, files, id, gone.map((i) => i.id));
    if (gone.length) await trx.deleteFrom('production_items').where('id', 'in', gone.map((i) => i.id)).execute().catch(keptForRecord);
    const itemOf = new Map<number, number>();
    const now = nowIso();
    for (const [budgetItemId, e3] of sums) {
      const kept = before.find((i) => i.budgetItemId === budgetItemId);
      if (kept) {
        itemOf.set(budgetItemId, kept.id);
        if (kept.quantity !== e3ToQuantity(e3)) await trx.updateTable('production_items').set({ quantity_e3: Number(e3), updated_at: now }).where('id', '=', kept.id).execute();
      } else {
        const [newId] = await insertItems(trx, id, [{ budgetItemId, quantity: e3, photosNumber: 0, description: null, stationId: null, source: 'pdf' }], actor.user.id);
        itemOf.set(budgetItemId, newId!);
      }
    }
    for (let i = 0; i < measured.length; i += 200) {
      await trx
        .insertInto('production_plan_marks')
        .values(
          measured.slice(i, i + 200).map((m) => ({
            production_id: id,
            production_item_id: itemOf.get(m.budgetItemId)!,
            layer_item_id: m.mark.layerItemId,
            geometry: JSON.stringify(m.mark.geometry),
            quantity_e3: Number(m.quantityE3),
            created_at: now,
          })),
        )
        .execute();
    }
    const after = (await productionItems(trx, id, scope.production.status)).filter((i) => i.source === 'pdf');
    await auditProduction(trx, scope, 'plan marks replaced', { items: before.map(itemSnapshot) }, { items: after.map(itemSnapshot), marks: measured.length });
    if (before.length || after.length) await notifyItemChange(services, trx, scope, 'update', `Plan-measured items changed (${after.length} item${after.length === 1 ? '' : 's'})`);
    return loadProduction(trx, scope, id);
  });
}
