import type { BudgetItemHistory, BudgetItemValues } from '../../../resources/budget.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { BudgetItemParams } from './change-order-params.js';
import { budgetScope } from './change-order-scope.js';
import { amountCents } from './change-order-view.js';

const values = (quantity: number, priceCents: number): BudgetItemValues => ({
  quantity: Number(quantity),
  price: centsToMoney(priceCents),
  amount: centsToMoney(amountCents(quantity, priceCents)),
});

/**
 * A budget item's readable history. Each accepted change order kept the values it replaced, so the
 * first one's previous values are the item as approved; an item no change order touched is as it
 * was approved. Amounts are exact (BigInt over integer cents).
 */
export async function budgetItemHistory(services: Services, actor: Actor, params: BudgetItemParams): Promise<BudgetItemHistory> {
  const db = services.db;
  const scope = await budgetScope(db, actor, params);
  const item = await db
    .selectFrom('budget_items as bi')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .select(['bi.id', 'bi.quantity', 'bi.price_cents', 'i.name'])
    .where('bi.id', '=', params.budgetItemId)
    .where('bi.budget_id', '=', scope.budget.id)
    .executeTakeFirst();
  if (!item) throw notFound('Budget item');
  const accepted = await db
    .selectFrom('change_orders as co')
    .leftJoin('users as u', 'u.id', 'co.decided_by')
    .select(['co.id', 'co.number', 'co.quantity', 'co.price_cents', 'co.previous_quantity', 'co.previous_price_cents', 'co.description', 'co.decided_at', 'co.decided_by', 'u.name as decider_name'])
    .where('co.budget_item_id', '=', item.id)
    .where('co.status', '=', 'accepted')
    .orderBy('co.decided_at')
    .orderBy('co.id')
    .execute();
  const changes = accepted.map((co) => {
    const from = values(co.previous_quantity ?? co.quantity, co.previous_price_cents ?? co.price_cents);
    const to = values(co.quantity, co.price_cents);
    return {
      changeOrderId: co.id,
      number: co.number,
      from,
      to,
      amountDelta: centsToMoney(amountCents(co.quantity, co.price_cents) - amountCents(co.previous_quantity ?? co.quantity, co.previous_price_cents ?? co.price_cents)),
      description: co.description,
      decidedBy: co.decided_by === null ? null : { id: co.decided_by, name: co.decider_name ?? '' },
      decidedAt: co.decided_at!,
    };
  });
  const current = values(item.quantity, item.price_cents);
  return { budgetItemId: item.id, itemName: item.name, original: changes[0]?.from ?? current, current, changes };
}
