import { centsToMoney, e3ToPercent, percentOf } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import type { BudgetRow } from './review-scope.js';

/** One budget item as a reviewer reads it: amounts in cents, exactly. */
export interface ItemLine {
  id: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  description: string | null;
  quantity: number;
  priceCents: bigint;
  amountCents: bigint;
}

/** The budget's items in the order they were added, all of them or one page. */
export async function itemLines(db: Executor, budgetId: number, page?: { offset: number; limit: number }): Promise<ItemLine[]> {
  let query = db
    .selectFrom('budget_items as bi')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .select(['bi.id', 'i.name', 'i.code', 'i.unit', 'bi.description', 'bi.quantity', 'bi.price_cents'])
    .where('bi.budget_id', '=', budgetId)
    .orderBy('bi.id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((r) => {
    const priceCents = BigInt(r.price_cents);
    return {
      id: r.id,
      itemName: r.name,
      itemCode: r.code,
      unit: r.unit,
      description: r.description,
      quantity: Number(r.quantity),
      priceCents,
      amountCents: BigInt(r.quantity) * priceCents,
    };
  });
}

export interface Figures {
  itemCount: number;
  totalCents: bigint;
  retainageCents: bigint;
  profitCents: bigint;
}

/** The budget's count and exact total, summed by the database (server/lib/exact-sum.ts). */
export async function budgetFigures(db: Executor, budget: BudgetRow): Promise<Figures> {
  const row = await db
    .selectFrom('budget_items')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sumProduct('quantity', 'price_cents').as('total')])
    .where('budget_id', '=', budget.id)
    .executeTakeFirstOrThrow();
  const totalCents = readSum(row.total);
  return {
    itemCount: Number(row.n),
    totalCents,
    retainageCents: percentOf(totalCents, budget.retainage_e3),
    profitCents: percentOf(totalCents, budget.profitability_e3),
  };
}

/** The figures as answers carry them: money as decimal strings, percents as numbers. */
export function figuresView(budget: BudgetRow, f: Figures) {
  return {
    retainagePercent: e3ToPercent(budget.retainage_e3),
    profitabilityPercent: e3ToPercent(budget.profitability_e3),
    itemCount: f.itemCount,
    total: centsToMoney(f.totalCents),
    retainage: centsToMoney(f.retainageCents),
    profit: centsToMoney(f.profitCents),
  };
}
