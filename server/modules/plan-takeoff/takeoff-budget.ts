import { parseScaled, QUANTITY_SCALE } from '../../../resources/money.js';
import { quantityText, type TakeoffRow } from '../../../resources/plan-takeoff.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { addBudgetItemsIn, updateBudgetItemIn } from '../budgets/budget-item-service.js';
import { budgetScope, managedBudget } from '../budgets/budget-scope.js';
import { sheetScope } from './sheet-scope.js';
import { auditDrawing } from './takeoff-audit.js';

/** Budget quantities are whole units: a measured 12.001 LF is budgeted as 13, never less than was measured. */
export const wholeUnits = (e3: bigint) => Number((e3 + 999n) / 1000n);

/**
 * The prompt-to-add-budget dialog's rows: per catalog item drawn on the file (every page) for the
 * budget, Σ of its drawings, and the budget item it goes to: the one its drawings were added to, else
 * the budget's first item of that catalog item, else none yet.
 */
export async function takeoffRows(db: Executor, fileId: number, budgetId: number): Promise<TakeoffRow[]> {
  const drawings = await db
    .selectFrom('plan_layer_items as li')
    .innerJoin('items as i', 'i.id', 'li.item_id')
    .select(['li.item_id', 'li.budget_item_id', 'li.quantity_e3', 'i.name', 'i.code', 'i.unit'])
    .where('li.file_id', '=', fileId)
    .where('li.budget_id', '=', budgetId)
    .orderBy('li.id')
    .execute();
  const byItem = new Map<number, { row: TakeoffRow; e3: bigint; linked: number | null }>();
  for (const d of drawings) {
    const entry = byItem.get(d.item_id) ?? {
      row: { itemId: d.item_id, itemName: d.name, itemCode: d.code, unit: d.unit, measured: '0', drawings: 0, budgetItemId: null, inBudget: null },
      e3: 0n,
      linked: null,
    };
    entry.e3 += BigInt(d.quantity_e3);
    entry.row.drawings += 1;
    entry.linked ??= d.budget_item_id;
    byItem.set(d.item_id, entry);
  }
  if (!byItem.size) return [];
  const budgetItems = await db
    .selectFrom('budget_items')
    .select(['id', 'item_id', 'quantity'])
    .where('budget_id', '=', budgetId)
    .where('item_id', 'in', [...byItem.keys()])
    .orderBy('id')
    .execute();
  return [...byItem.values()].map(({ row, e3, linked }) => {
    const target = budgetItems.find((b) => b.id === linked) ?? budgetItems.find((b) => b.item_id === row.itemId);
    return { ...row, measured: quantityText(e3), budgetItemId: target?.id ?? null, inBudget: target ? String(target.quantity) : null };
  });
}

/** GET /layerItems/{fileId}/takeoff?budgetId=: the dialog's preview, for whoever reads the project's budget. */
export async function takeoffPreview(services: Services, actor: Actor, fileId: number, budgetId: number): Promise<TakeoffRow[]> {
  const scope = await sheetScope(services.db, actor, fileId);
  await budgetScope(services.db, actor, { id: scope.project.id, budgetId });
  return takeoffRows(services.db, fileId, budgetId);
}

/**
 * POST /layerItems/{fileId}/add-to-budget: each chosen catalog item's measured total becomes a new
 * budget item (at the price a new budget item gets: the catalog holds none, so 0) or the quantity of
 * the one it goes to, through the budget screens' own service (its checks, 409 when the budget no
 * longer takes items, its trail and notices), and the drawings are linked to their budget item; all
 * in one transaction. Answers the dialog's rows as they now stand.
 */
export async function addTakeoffToBudget(services: Services, actor: Actor, fileId: number, body: { budgetId: number; itemIds: number[] }): Promise<TakeoffRow[]> {
  return services.db.transaction().execute(async (trx) => {
    const sheet = await sheetScope(trx, actor, fileId, 'edit');
    const scope = await managedBudget(trx, actor, { id: sheet.project.id, budgetId: body.budgetId }).catch((err) =>
      Promise.reject(err?.statusCode === 404 ? notFound('Budget') : err),
    );
    const rows = await takeoffRows(trx, fileId, body.budgetId);
    const chosen = [...new Set(body.itemIds)].map((itemId, index) => {
      const row = rows.find((r) => r.itemId === itemId);
      if (!row) throw badRequest(`itemIds.${index}: Draw this item on the plan first`, [{ field: `itemIds.${index}`, message: 'Draw this item on the plan first' }]);
      return row;
    });
    const quantityOf = (row: TakeoffRow) => wholeUnits(parseScaled(row.measured, QUANTITY_SCALE)!);
    const links = new Map<number, number>();
    const fresh = chosen.filter((r) => r.budgetItemId === null);
    if (fresh.length) {
      const created = await addBudgetItemsIn(
        services,
        trx,
        scope,
        fresh.map((r) => ({ itemId: r.itemId, reportWeight: false, quantity: quantityOf(r), price: 0n, description: null })),
      );
      fresh.forEach((r, i) => links.set(r.itemId, created[i]!.id));
    }
    for (const r of chosen.filter((c) => c.budgetItemId !== null)) {
      await updateBudgetItemIn(services, trx, scope, r.budgetItemId!, { quantity: quantityOf(r) });
      links.set(r.itemId, r.budgetItemId!);
    }
    for (const [itemId, budgetItemId] of links) {
      await trx.updateTable('plan_layer_items').set({ budget_item_id: budgetItemId }).where('file_id', '=', fileId).where('budget_id', '=', body.budgetId).where('item_id', '=', itemId).execute();
    }
    await auditDrawing(trx, sheet, body.budgetId, 'takeoff added to budget', null, {
      fileId,
      items: chosen.map((r) => ({ itemName: r.itemName, measured: r.measured, budgetItemId: links.get(r.itemId), quantity: quantityOf(r) })),
    });
    return takeoffRows(trx, fileId, body.budgetId);
  });
}
