import type { ChangeOrder, ChangeOrderStatus } from '../../../resources/budget.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { mayDecide, type BudgetScope } from './change-order-scope.js';

/** Change orders with their item's name, as the list and every answer read them (alias co). */
export const changeOrderRows = (db: Executor) =>
  db
    .selectFrom('change_orders as co')
    .innerJoin('budget_items as bi', 'bi.id', 'co.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .select([
      'co.id',
      'co.number',
      'co.budget_id',
      'co.budget_item_id',
      'co.status',
      'co.quantity',
      'co.price_cents',
      'co.report_weight',
      'co.description',
      'co.request_from_parent',
      'co.message',
      'co.previous_quantity',
      'co.previous_price_cents',
      'co.sent_at',
      'co.decided_at',
      'co.created_at',
      'co.updated_at',
      'i.name as item_name',
    ]);

type ViewRow = Awaited<ReturnType<ReturnType<typeof changeOrderRows>['executeTakeFirstOrThrow']>>;

/** quantity × unit price in cents, exactly (the product can pass 2^53, so never as a float). */
export const amountCents = (quantity: number | bigint, priceCents: number | bigint) => BigInt(quantity) * BigInt(priceCents);

/** The answer for one row; canDecide only while it waits for a decision the caller's company may give. */
export function changeOrderView(row: ViewRow, scope: Pick<BudgetScope, 'access' | 'parentOwnerId'>): ChangeOrder {
  const status = row.status as ChangeOrderStatus;
  return {
    id: row.id,
    number: row.number,
    budgetId: row.budget_id,
    budgetItemId: row.budget_item_id,
    itemName: row.item_name,
    status,
    quantity: Number(row.quantity),
    price: centsToMoney(row.price_cents),
    amount: centsToMoney(amountCents(row.quantity, row.price_cents)),
    reportWeight: !!row.report_weight,
    description: row.description,
    requestFromParent: !!row.request_from_parent,
    message: row.message,
    previousQuantity: row.previous_quantity === null ? null : Number(row.previous_quantity),
    previousPrice: row.previous_price_cents === null ? null : centsToMoney(row.previous_price_cents),
    sentAt: row.sent_at,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    canDecide: status === 'sent' && mayDecide(scope, row.request_from_parent),
  };
}

export async function loadChangeOrder(db: Executor, scope: BudgetScope, id: number): Promise<ChangeOrder> {
  const row = await changeOrderRows(db).where('co.id', '=', id).where('co.budget_id', '=', scope.budget.id).executeTakeFirst();
  if (!row) throw notFound('Change order');
  return changeOrderView(row, scope);
}

/** What the audit trail keeps of a change order: readable values, money as decimal text. */
export const changeOrderSnapshot = (co: ChangeOrder) => ({
  number: co.number,
  item: co.itemName,
  status: co.status,
  quantity: co.quantity,
  price: co.price,
  reportWeight: co.reportWeight,
  description: co.description,
  requestFromParent: co.requestFromParent,
  message: co.message,
});
