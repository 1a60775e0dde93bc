import { sql } from 'kysely';
import type { BudgetItem } from '../../../resources/budget.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import type { ListSpec } from '../../lib/list-query.js';
import { withDrawings } from '../plan-takeoff/item-drawings.js';

/**
 * Budget items (`bi`) with their catalog item (`i`) and its category (`c`), and their change orders
 * counted in SQL. `amount_order` is quantity × price as a double, only to sort by (the exact amount
 * is computed per row in BigInt): the integer product can pass 64 bits.
 */
export const budgetItemRows = (db: Executor) =>
  db
    .selectFrom('budget_items as bi')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .leftJoin('item_categories as c', 'c.id', 'i.category_id')
    .select([
      'bi.id',
      'bi.budget_id',
      'bi.item_id',
      'bi.report_weight',
      'bi.quantity',
      'bi.price_cents',
      'bi.description',
      'bi.created_at',
      'bi.updated_at',
      'i.name as item_name',
      'i.code as item_code',
      'i.unit',
      'i.category_id',
      'c.name as category_name',
    ])
    .select(sql<number>`(select count(*) from change_orders co where co.budget_item_id = bi.id)`.as('change_order_count'))
    .select(sql<number>`(select count(*) from change_orders co where co.budget_item_id = bi.id and co.status <> 'accepted')`.as('pending_change_orders'))
    .select(sql<number>`cast(bi.quantity as double precision) * bi.price_cents`.as('amount_order'));

type ItemRow = Awaited<ReturnType<ReturnType<typeof budgetItemRows>['executeTakeFirstOrThrow']>>;

/** The filters and sorts of every budget item list; price and amount sort only (a filter would need money, not whole numbers). */
export const BUDGET_ITEM_FIELDS: ListSpec['fields'] = {
  id: { column: 'bi.id', type: 'number', filter: true, sort: true },
  itemId: { column: 'bi.item_id', type: 'number', filter: true, sort: true },
  itemName: { column: 'i.name', type: 'text', filter: true, sort: true },
  itemCode: { column: 'i.code', type: 'text', filter: true, sort: true, nullable: true },
  unit: { column: 'i.unit', type: 'text', filter: true, sort: true, nullable: true },
  categoryId: { column: 'i.category_id', type: 'number', filter: true, sort: true, nullable: true },
  categoryName: { column: 'c.name', type: 'text', filter: true, sort: true, nullable: true },
  quantity: { column: 'bi.quantity', type: 'number', filter: true, sort: true },
  price: { column: 'bi.price_cents', type: 'number', sort: true },
  amount: { column: 'amount_order', type: 'number', sort: true },
  reportWeight: { column: 'bi.report_weight', type: 'boolean', filter: true, sort: true },
  description: { column: 'bi.description', type: 'text', filter: true, sort: true, nullable: true },
  createdAt: { column: 'bi.created_at', type: 'date', filter: true, sort: true },
  updatedAt: { column: 'bi.updated_at', type: 'date', filter: true, sort: true },
};

/** In the order they were added unless sorted otherwise. */
export const BUDGET_ITEM_LIST: ListSpec = { fields: BUDGET_ITEM_FIELDS, defaultSort: [{ field: 'id', order: 'asc' }], tiebreaker: 'bi.id' };

function budgetItemView(row: ItemRow): Omit<BudgetItem, 'drawings' | 'planEvidence'> {
  return {
    id: row.id,
    budgetId: row.budget_id,
    itemId: row.item_id,
    itemName: row.item_name,
    itemCode: row.item_code,
    unit: row.unit,
    categoryId: row.category_id,
    categoryName: row.category_name,
    reportWeight: !!row.report_weight,
    quantity: Number(row.quantity),
    price: centsToMoney(row.price_cents),
    amount: centsToMoney(BigInt(row.quantity) * BigInt(row.price_cents)),
    description: row.description,
    changeOrderCount: Number(row.change_order_count),
    pendingChangeOrders: Number(row.pending_change_orders),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The items as answers carry them, with their plan drawings as the reading company may open them. */
export const budgetItemViews = (db: Executor, rows: ItemRow[], opensPlans: boolean): Promise<BudgetItem[]> => withDrawings(db, rows.map(budgetItemView), opensPlans);

/** One budget item as its editor sees it (whoever changes a budget sees its project, and so its plans). */
export async function loadBudgetItem(db: Executor, budgetId: number, id: number): Promise<BudgetItem> {
  const row = await budgetItemRows(db).where('bi.id', '=', id).where('bi.budget_id', '=', budgetId).executeTakeFirst();
  if (!row) throw notFound('Budget item');
  return (await budgetItemViews(db, [row], true))[0]!;
}

/** What the audit trail keeps of a budget item: readable values, money as decimal text. */
export const budgetItemSnapshot = (item: BudgetItem) => ({
  budgetId: item.budgetId,
  itemId: item.itemId,
  item: item.itemName,
  quantity: item.quantity,
  price: item.price,
  amount: item.amount,
  reportWeight: item.reportWeight,
  description: item.description,
});
