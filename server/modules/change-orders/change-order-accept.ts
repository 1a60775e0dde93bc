import { centsToMoney } from '../../../resources/money.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { ChangeOrderParams } from './change-order-params.js';
import { decidableChangeOrder } from './change-order-scope.js';
import { auditActor, auditChangeOrder } from './change-order-service.js';
import { moveChangeOrder } from './change-order-state.js';
import { notifyChangeOrder } from './change-order-notify.js';
import { loadChangeOrder } from './change-order-view.js';

/** The budget item's values as its audit trail keeps them. */
const itemSnapshot = (item: { quantity: number; price_cents: number; report_weight: number; description: string | null }) => ({
  quantity: Number(item.quantity),
  price: centsToMoney(item.price_cents),
  reportWeight: !!item.report_weight,
  description: item.description,
});

/** The item, taken for this transaction on PostgreSQL, so two change orders accepted at once each record the values they replaced. */
async function lockedItem(services: Services, trx: Trx, budgetItemId: number) {
  let query = trx.selectFrom('budget_items').select(['id', 'quantity', 'price_cents', 'report_weight', 'description']).where('id', '=', budgetItemId);
  if (services.dialect === 'postgres') query = query.forUpdate();
  const item = await query.executeTakeFirst();
  if (!item) throw notFound('Budget item');
  return item;
}

/**
 * Accepts a sent change order, in one transaction: the item's values just before are kept on the
 * change order (previous quantity and price), the item takes the change order's quantity, price and
 * report weight (and its description when it has one), and both are audited. The budget's figures
 * follow, being sums over its items.
 */
export async function acceptChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await decidableChangeOrder(trx, actor, params);
    const item = await lockedItem(services, trx, changeOrder.budget_item_id);
    const before = await loadChangeOrder(trx, scope, changeOrder.id);
    const now = nowIso();
    await moveChangeOrder(trx, changeOrder, 'accept', {
      previous_quantity: item.quantity,
      previous_price_cents: item.price_cents,
      decided_at: now,
      decided_by: scope.access.userId,
    });
    const changed = {
      quantity: changeOrder.quantity,
      price_cents: changeOrder.price_cents,
      report_weight: changeOrder.report_weight,
      description: changeOrder.description ?? item.description,
    };
    await trx
      .updateTable('budget_items')
      .set({ ...changed, updated_at: now })
      .where('id', '=', item.id)
      .execute();
    const after = await loadChangeOrder(trx, scope, changeOrder.id);
    await auditChangeOrder(trx, scope, changeOrder.id, 'accepted', before, after);
    await recordAudit(trx, auditActor(scope), {
      entityType: 'budget_item',
      entityId: item.id,
      action: `changed by change order #${changeOrder.number}`,
      before: itemSnapshot(item),
      after: itemSnapshot(changed),
      companyId: scope.budget.company_id,
    });
    await notifyChangeOrder(services, trx, scope, after, 'accept');
    return after;
  });
}
