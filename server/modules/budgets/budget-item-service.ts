import type { BudgetItem, BudgetItemInput, UpdateBudgetItemInput } from '../../../resources/budget.js';
import type { Executor, Trx } from '../../db/index.js';
import type { BudgetItemsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { budgetItemRows, budgetItemSnapshot, budgetItemViews, loadBudgetItem } from './budget-item-view.js';
import { notifyItemsChanged } from './budget-notify.js';
import type { BudgetItemParams, BudgetParams } from './budget-params.js';
import { assertEditable, lockBudget, managedBudget, type BudgetScope } from './budget-scope.js';

export const BUDGET_ITEM_MESSAGES = {
  catalogItem: "Choose an item of your company's catalog",
  produced: 'Production has been recorded against this item: it cannot be deleted',
} as const;

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/**
 * Every itemId must name a catalog item of the company that runs the project: its own items and those
 * it made for one of its partnerships (items belong to the company that made them; a partner's items
 * are never seen). The first one that does not is a 400 naming its field.
 */
async function assertCatalogItems(db: Executor, companyId: number, itemIds: number[], fieldOf: (index: number) => string) {
  const unique = [...new Set(itemIds)];
  const found = new Set<number>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('items').select('id').where('company_id', '=', companyId).where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.id);
  }
  const bad = itemIds.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldError(fieldOf(bad), BUDGET_ITEM_MESSAGES.catalogItem);
}

/** The budget, locked, with its items still editable (409 otherwise). */
async function editableBudget(trx: Trx, scope: BudgetScope) {
  assertEditable(await lockBudget(trx, scope.budget.id));
}

/** Item changes are the budget's trail, in the company that runs the project. */
async function auditItem(trx: Trx, scope: BudgetScope, id: number, action: string, before: BudgetItem | null, after: BudgetItem | null) {
  await recordAudit(trx, { userId: scope.access.userId, companyId: scope.access.companyId }, {
    entityType: 'budget_item',
    entityId: id,
    action,
    before: before && budgetItemSnapshot(before),
    after: after && budgetItemSnapshot(after),
    companyId: scope.budget.company_id,
  });
}

const insertValues = (scope: BudgetScope, item: BudgetItemInput, now: string) => ({
  budget_id: scope.budget.id,
  item_id: item.itemId,
  report_weight: item.reportWeight ? 1 : 0,
  quantity: item.quantity,
  price_cents: Number(item.price),
  description: item.description,
  created_by: scope.access.userId,
  created_at: now,
  updated_at: now,
});

/** POST …/items: one item added to a draft or rejected budget. */
export async function addBudgetItem(services: Services, actor: Actor, params: BudgetParams, body: BudgetItemInput): Promise<BudgetItem> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    await assertCatalogItems(trx, scope.budget.company_id, [body.itemId], () => 'itemId');
    await editableBudget(trx, scope);
    const { id } = await trx.insertInto('budget_items').values(insertValues(scope, body, nowIso())).returning('id').executeTakeFirstOrThrow();
    const created = await loadBudgetItem(trx, scope.budget.id, id);
    await auditItem(trx, scope, id, 'created', null, created);
    await notifyItemsChanged(services, trx, scope, `${created.itemName} added`);
    return created;
  });
}

/** POST …/items/multiple: several items in one transaction; one bad item refuses them all (400 naming items.N.itemId). */
export async function addBudgetItems(services: Services, actor: Actor, params: BudgetParams, body: { items: BudgetItemInput[] }): Promise<BudgetItem[]> {
  return services.db.transaction().execute(async (trx) => addBudgetItemsIn(services, trx, await managedBudget(trx, actor, params), body.items));
}

/**
 * The same inside the caller's transaction, for a budget already scoped and managed (the plan
 * takeoff's add-to-budget): the same checks, 409 when the budget no longer takes items, trail and notices.
 */
export async function addBudgetItemsIn(services: Services, trx: Trx, scope: BudgetScope, items: BudgetItemInput[]): Promise<BudgetItem[]> {
  await assertCatalogItems(
    trx,
    scope.budget.company_id,
    items.map((i) => i.itemId),
    (index) => `items.${index}.itemId`,
  );
  await editableBudget(trx, scope);
  const now = nowIso();
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += 200) {
    const rows = await trx
      .insertInto('budget_items')
      .values(items.slice(i, i + 200).map((item) => insertValues(scope, item, now)))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  const created: BudgetItem[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await budgetItemRows(trx).where('bi.id', 'in', ids.slice(i, i + 500)).orderBy('bi.id').execute();
    created.push(...(await budgetItemViews(trx, rows, true)));
  }
  for (const item of created) await auditItem(trx, scope, item.id, 'created', null, item);
  await notifyItemsChanged(services, trx, scope, created.length === 1 ? `${created[0]!.itemName} added` : `${created.length} items added`);
  return created;
}

type ItemColumns = Partial<Pick<BudgetItemsTable, 'item_id' | 'report_weight' | 'quantity' | 'price_cents' | 'description'>>;

/** PATCH …/items/{id}: the fields sent change (a quantity or price sent empty is 0); the others stay. */
export async function updateBudgetItem(services: Services, actor: Actor, params: BudgetItemParams, body: UpdateBudgetItemInput): Promise<BudgetItem> {
  return services.db.transaction().execute(async (trx) => updateBudgetItemIn(services, trx, await managedBudget(trx, actor, params), params.budgetItemId, body));
}

/** The same inside the caller's transaction, for a budget already scoped and managed (404 for an item of another budget). */
export async function updateBudgetItemIn(services: Services, trx: Trx, scope: BudgetScope, budgetItemId: number, body: UpdateBudgetItemInput): Promise<BudgetItem> {
  const before = await loadBudgetItem(trx, scope.budget.id, budgetItemId);
  if (body.itemId !== undefined) await assertCatalogItems(trx, scope.budget.company_id, [body.itemId], () => 'itemId');
  await editableBudget(trx, scope);
  const sent: ItemColumns = {};
  if (body.itemId !== undefined) sent.item_id = body.itemId;
  if (body.reportWeight !== undefined) sent.report_weight = body.reportWeight ? 1 : 0;
  if (body.quantity !== undefined) sent.quantity = body.quantity;
  if (body.price !== undefined) sent.price_cents = Number(body.price);
  if (body.description !== undefined) sent.description = body.description;
  // A value sent as it already is changes nothing, so it is neither written, recorded nor told.
  const row = await trx.selectFrom('budget_items').select(['item_id', 'report_weight', 'quantity', 'price_cents', 'description']).where('id', '=', before.id).executeTakeFirstOrThrow();
  const set = Object.fromEntries(Object.entries(sent).filter(([column, value]) => row[column as keyof ItemColumns] !== value)) as ItemColumns;
  if (!Object.keys(set).length) return before;
  await trx.updateTable('budget_items').set({ ...set, updated_at: nowIso() }).where('id', '=', before.id).execute();
  const after = await loadBudgetItem(trx, scope.budget.id, before.id);
  await auditItem(trx, scope, before.id, 'updated', before, after);
  await notifyItemsChanged(services, trx, scope, `${after.itemName} changed`);
  return after;
}

/**
 * DELETE …/items/{id}. The deletion is recorded on the budget itself ('item deleted', with the item's
 * last values): the budget's activity finds item events through the items it still has.
 */
export async function deleteBudgetItem(services: Services, actor: Actor, params: BudgetItemParams): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    const before = await loadBudgetItem(trx, scope.budget.id, params.budgetItemId);
    await editableBudget(trx, scope);
    const result = await trx
      .deleteFrom('budget_items')
      .where('id', '=', before.id)
      .where('budget_id', '=', scope.budget.id)
      .executeTakeFirst()
      // Production recorded against it keeps it (production_items' foreign key refuses).
      .catch((err: unknown) => Promise.reject(isForeignKeyViolation(err) ? conflict(BUDGET_ITEM_MESSAGES.produced, 'IN_USE') : err));
    if (Number(result.numDeletedRows) !== 1) throw notFound('Budget item');
    await recordAudit(trx, { userId: scope.access.userId, companyId: scope.access.companyId }, {
      entityType: 'budget',
      entityId: scope.budget.id,
      action: 'item deleted',
      before: { budgetItemId: before.id, ...budgetItemSnapshot(before) },
      companyId: scope.budget.company_id,
    });
    await notifyItemsChanged(services, trx, scope, `${before.itemName} removed`);
  });
}
