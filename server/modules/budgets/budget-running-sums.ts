import { sql, type RawBuilder } from 'kysely';
import type { InvoiceStatus } from '../../../resources/invoice.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import { BILLED_INVOICE_STATUSES } from './budget-production.js';

/**
 * The running sums of each budget item (`budget_items.produced_e3`, `billed_cents`): what approved
 * production made of it and what its budget's company billed of it, moved by the production and
 * invoice state machines in the transaction of each move, so the budget figures read them instead of
 * grouping a project's whole history on every call (bench/README.md: 8 s at a million items).
 */

/**
 * On PostgreSQL, locks the budget items about to be updated in id order. An update locks its rows in
 * whatever order its plan reads them (the heap's order changes as rows get new versions), so two
 * moves over the same items (two invoices sent, a production approved while an invoice is sent) could
 * each hold one item the other waits for: a deadlock, answered 500 (seen by the soak, bench/soak.ts).
 * In one order, the second waits for the first. SQLite runs one write transaction at a time.
 */
async function lockInOrder(db: Executor, ids: RawBuilder<unknown>): Promise<void> {
  if (currentDialect() !== 'postgres') return;
  await sql`select id from budget_items where id in (${ids}) order by id for no key update`.execute(db);
}

/** A production enters (+1) or leaves (-1) the approved state: its quantities count, or stop counting. */
export async function countProduction(db: Executor, productionId: number, sign: 1 | -1): Promise<void> {
  await lockInOrder(db, sql`select budget_item_id from production_items where production_id = ${productionId}`);
  await sql`update budget_items set produced_e3 = produced_e3 + ${sign} * (
      select coalesce(sum(pi.quantity_e3), 0) from production_items pi where pi.production_id = ${productionId} and pi.budget_item_id = budget_items.id)
    where id in (select budget_item_id from production_items where production_id = ${productionId})`.execute(db);
}

const billed = (status: string) => (BILLED_INVOICE_STATUSES as readonly string[]).includes(status);

/**
 * An invoice moves from `from` to `to`: entering the billed statuses its lines count for the budget
 * items of its company's budgets, leaving them they stop counting; a move within or outside them changes nothing.
 */
export async function countBilling(db: Executor, invoiceId: number, from: string, to: InvoiceStatus): Promise<void> {
  if (billed(from) === billed(to)) return;
  const sign = billed(to) ? 1 : -1;
  await lockInOrder(db, sql`select budget_item_id from invoice_lines where invoice_id = ${invoiceId}`);
  await sql`update budget_items set billed_cents = billed_cents + ${sign} * (
      select coalesce(sum(il.amount_cents), 0) from invoice_lines il where il.invoice_id = ${invoiceId} and il.budget_item_id = budget_items.id)
    where id in (select budget_item_id from invoice_lines where invoice_id = ${invoiceId})
      and budget_id in (select b.id from budgets b join invoices inv on inv.company_id = b.company_id where inv.id = ${invoiceId})`.execute(db);
}
