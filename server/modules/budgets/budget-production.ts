import type { InvoiceStatus } from '../../../resources/invoice.js';
import { e3ToQuantity, mulDivRound } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';

/**
 * What production and billing add to the budget figures (budget-details, budget-spent, the project
 * overview and production report). Produced counts approved productions only, at the budget item's
 * current price: amount = Σ quantity_e3 × price_cents / 1000, summed exactly (sumProduct with the
 * quantity in two limbs) and rounded half up to cents once, per item or per total. Billed is what the
 * budget's company billed of it: active lines of its invoices that the billed company holds (sent and
 * not taken back: not draft, rejected or cancelled).
 */
export const BILLED_INVOICE_STATUSES: readonly InvoiceStatus[] = ['submit', 'unpaid', 'partially_paid', 'paid'];

/** An exact sum of thousandths of cents, as cents rounded half up. */
export const thousandthsToCents = (sum: bigint) => mulDivRound(sum, 1n, 1000n);

/** What approved production made of one budget item: Σ thousandths, the decimal written out, the amount, past the budget or not. */
export function producedOf(sumE3: string | number | bigint | null | undefined, priceCents: number | bigint, budgetedQuantity: number | bigint) {
  const e3 = BigInt(sumE3 ?? 0);
  return {
    e3,
    quantity: e3ToQuantity(e3),
    cents: mulDivRound(e3, BigInt(priceCents), 1000n),
    overBudget: e3 > BigInt(budgetedQuantity) * 1000n,
  };
}

/** Approved production items (`p`, `pi`) of the projects, through productions_project_status_idx. */
export function approvedItems(db: Executor, projectIds: number[]) {
  return db
    .selectFrom('productions as p')
    .innerJoin('production_items as pi', 'pi.production_id', 'p.id')
    .where('p.project_id', 'in', projectIds)
    .where('p.status', '=', 'approved');
}

/**
 * Active lines (`il`, `inv`) of invoices the budgets' companies issued on the projects and the billed
 * company holds, through invoices_project_idx and invoice_lines_invoice_idx; `lbi` is the line's budget item.
 */
export function billedLines(db: Executor, projectIds: number[], budgetIds: number[]) {
  return db
    .selectFrom('invoices as inv')
    .innerJoin('invoice_lines as il', 'il.invoice_id', 'inv.id')
    .innerJoin('budget_items as lbi', 'lbi.id', 'il.budget_item_id')
    .innerJoin('budgets as lb', 'lb.id', 'lbi.budget_id')
    .where('inv.project_id', 'in', projectIds)
    .where('inv.status', 'in', BILLED_INVOICE_STATUSES)
    .where('il.active', '=', 1)
    .where('lbi.budget_id', 'in', budgetIds)
    .whereRef('inv.company_id', '=', 'lb.company_id');
}

/** A bigint sum read as text, or nothing summed. */
export const readCents = (value: string | number | null | undefined) => BigInt(value ?? 0);
