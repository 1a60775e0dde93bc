import type { CreateChangeOrderInput, UpdateChangeOrderInput } from '../../../resources/budget.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { BudgetParams, ChangeOrderParams } from './change-order-params.js';
import { managedBudget, managedChangeOrder, type BudgetScope } from './change-order-scope.js';
import { assertMove, moveChangeOrder, type ChangeOrderColumns } from './change-order-state.js';
import { changeOrderSnapshot, loadChangeOrder, type ChangeOrderBase } from './change-order-view.js';

export const CHANGE_ORDER_MESSAGES = {
  notApproved: 'Change orders are made on an approved budget: until it is approved, edit the item itself',
  item: 'Choose an item of this budget',
  noParent: 'This project has no parent project to ask',
} as const;

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** The audit trail of a change order is the budget's, in the trail of the company that runs the project. */
export const auditActor = (scope: BudgetScope) => ({ userId: scope.access.userId, companyId: scope.access.companyId });

export async function auditChangeOrder(trx: Trx, scope: BudgetScope, id: number, action: string, before: ChangeOrderBase | null, after: ChangeOrderBase | null, extra: Record<string, unknown> = {}) {
  await recordAudit(trx, auditActor(scope), {
    entityType: 'change_order',
    entityId: id,
    action,
    before: before && changeOrderSnapshot(before),
    after: after && { ...changeOrderSnapshot(after), ...extra },
    companyId: scope.budget.company_id,
  });
}

function assertParent(scope: BudgetScope, requestFromParent: boolean | undefined) {
  if (requestFromParent && scope.parentOwnerId === null) throw fieldError('requestFromParent', CHANGE_ORDER_MESSAGES.noParent);
}

/**
 * The next number of the budget's sequence. The budget row is taken first (a row lock on PostgreSQL;
 * SQLite runs one write transaction at a time anyway), so two creates never read the same maximum.
 */
async function nextNumber(services: Services, trx: Trx, budgetId: number): Promise<number> {
  if (services.dialect === 'postgres') await trx.selectFrom('budgets').select('id').where('id', '=', budgetId).forUpdate().execute();
  const row = await trx
    .selectFrom('change_orders')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('budget_id', '=', budgetId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** A draft change order from a budget item of an approved budget; quantity, price and weight default to the item's. */
export async function createChangeOrder(services: Services, actor: Actor, params: BudgetParams, body: CreateChangeOrderInput) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    const item = await trx
      .selectFrom('budget_items')
      .select(['id', 'quantity', 'price_cents', 'report_weight'])
      .where('id', '=', body.itemId)
      .where('budget_id', '=', scope.budget.id)
      .executeTakeFirst();
    if (!item) throw fieldError('itemId', CHANGE_ORDER_MESSAGES.item);
    assertParent(scope, body.requestFromParent);
    if (scope.budget.status !== 'approved') throw conflict(CHANGE_ORDER_MESSAGES.notApproved, 'BUDGET_NOT_APPROVED');
    const now = nowIso();
    const { id } = await trx
      .insertInto('change_orders')
      .values({
        budget_id: scope.budget.id,
        budget_item_id: item.id,
        company_id: scope.budget.company_id,
        number: await nextNumber(services, trx, scope.budget.id),
        status: 'draft',
        quantity: body.quantity ?? item.quantity,
        price_cents: body.price === undefined ? item.price_cents : Number(body.price),
        report_weight: body.reportWeight === undefined ? item.report_weight : body.reportWeight ? 1 : 0,
        description: body.description,
        request_from_parent: body.requestFromParent ? 1 : 0,
        created_by: scope.access.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await loadChangeOrder(services, trx, scope, id);
    await auditChangeOrder(trx, scope, id, 'created', null, created);
    return created;
  });
}

/** Edits a draft or sent-back change order; only the fields sent change. */
export async function updateChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams, body: UpdateChangeOrderInput) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
    assertParent(scope, body.requestFromParent);
    const set: ChangeOrderColumns = {};
    if (body.quantity !== undefined) set.quantity = body.quantity;
    if (body.price !== undefined) set.price_cents = Number(body.price);
    if (body.reportWeight !== undefined) set.report_weight = body.reportWeight ? 1 : 0;
    if (body.description !== undefined) set.description = body.description;
    if (body.requestFromParent !== undefined) set.request_from_parent = body.requestFromParent ? 1 : 0;
    const before = await loadChangeOrder(services, trx, scope, changeOrder.id);
    if (!Object.keys(set).length) {
      assertMove(changeOrder.status, 'edit');
      return before;
    }
    await moveChangeOrder(trx, changeOrder, 'edit', set);
    const after = await loadChangeOrder(services, trx, scope, changeOrder.id);
    await auditChangeOrder(trx, scope, changeOrder.id, 'updated', before, after);
    return after;
  });
}

/** Deletes a draft or sent-back change order; the numbers of the others stay as they are. */
export async function deleteChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
    const before = await loadChangeOrder(services, trx, scope, changeOrder.id);
    await moveChangeOrder(trx, changeOrder, 'delete');
    await auditChangeOrder(trx, scope, changeOrder.id, 'deleted', before, null);
  });
}
