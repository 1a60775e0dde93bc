import type { InvoiceStatus } from '../../resources/invoice.js';
import { lineAmountCents } from '../../resources/money.js';
import { countBilling, countProduction } from '../../server/modules/budgets/budget-running-sums.js';
import type { TestServer } from './harness.js';

/**
 * Productions and invoices written straight into the tables, for tests of what reads them (budget
 * figures, the overview, the reports): recording and approving production is the productions area's.
 * The budget items' running sums move as the state machines move them.
 */

let crews = 0;

/** A crew of the company. */
export async function crewOf(s: TestServer, companyId: number, name = `Crew ${++crews}`) {
  const now = new Date().toISOString();
  const row = await s.services.db.insertInto('crews').values({ company_id: companyId, name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface ProductionRow {
  projectId: number;
  /** The producing company: its crew made it. */
  companyId: number;
  crewId?: number;
  date: string;
  status?: 'draft' | 'submitted' | 'approved' | 'rejected';
  /** The project owner, when a subcontractor produced: it holds the client review. */
  ownerId?: number;
  texts?: Record<string, string>;
  /** Quantities as thousandths (12.5 is 12500). */
  items: Array<{ budgetItemId: number; quantityE3: number | bigint; description?: string; stationId?: number | null }>;
}

/** A production with its reviews (approved when it is, else pending; rejected ones rejected) and items; answers its id and its items' ids. */
export async function productionRow(s: TestServer, p: ProductionRow) {
  const db = s.services.db;
  const now = new Date().toISOString();
  const status = p.status ?? 'approved';
  const crewId = p.crewId ?? (await crewOf(s, p.companyId));
  const { id } = await db
    .insertInto('productions')
    .values({
      project_id: p.projectId,
      company_id: p.companyId,
      crew_id: crewId,
      task_id: null,
      date: p.date,
      status,
      texts: JSON.stringify(p.texts ?? {}),
      reject_reason: status === 'rejected' ? 'Wrong quantities' : null,
      submitted_at: status === 'draft' ? null : now,
      submitted_by: null,
      approved_at: status === 'approved' ? now : null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reviewStatus = status === 'approved' ? 'approved' : status === 'rejected' ? 'rejected' : 'pending';
  for (const companyId of [p.companyId, ...(p.ownerId && p.ownerId !== p.companyId ? [p.ownerId] : [])]) {
    await db
      .insertInto('production_reviews')
      .values({ production_id: id, company_id: companyId, status: reviewStatus, reason: reviewStatus === 'rejected' ? 'Wrong quantities' : null, decided_by: null, decided_at: reviewStatus === 'pending' ? null : now, created_at: now, updated_at: now })
      .execute();
  }
  const itemIds: number[] = [];
  for (const item of p.items) {
    const row = await db
      .insertInto('production_items')
      .values({
        production_id: id,
        budget_item_id: item.budgetItemId,
        quantity_e3: String(item.quantityE3) as unknown as number,
        photos_number: 0,
        description: item.description ?? null,
        station_id: item.stationId ?? null,
        source: 'manual',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(row.id);
  }
  // The running sums, as the state machine keeps them when a production is approved.
  if (status === 'approved') await countProduction(db, id, 1);
  return { id, crewId, itemIds };
}

let numbers = 0;

/** An invoice of `companyId` on the project in `status`, with a line per production item at the price given (amount rounded half up). */
export async function invoiceRow(
  s: TestServer,
  inv: { companyId: number; projectId: number; clientId?: number | null; status: string; lines: Array<{ productionId: number; productionItemId: number; budgetItemId: number; quantityE3: number | bigint; priceCents: number | bigint; active?: boolean }> },
) {
  const db = s.services.db;
  const now = new Date().toISOString();
  const amounts = inv.lines.map((l) => lineAmountCents(BigInt(l.quantityE3), BigInt(l.priceCents)));
  const subtotal = amounts.reduce((sum, a) => sum + a, 0n);
  const { id } = await db
    .insertInto('invoices')
    .values({
      company_id: inv.companyId,
      project_id: inv.projectId,
      client_id: inv.clientId ?? null,
      client_name: null,
      number: `T-${++numbers}`,
      status: inv.status,
      due_date: null,
      week_ending_date: null,
      retainage_e3: 0,
      notes: null,
      subtotal_cents: String(subtotal) as unknown as number,
      retainage_cents: 0,
      released_cents: 0,
      paid_cents: 0,
      single_part: 0,
      reject_reason: null,
      cancel_reason: null,
      sent_at: null,
      sent_by: null,
      approved_at: null,
      approved_by: null,
      paid_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, l] of inv.lines.entries()) {
    await db
      .insertInto('invoice_lines')
      .values({
        invoice_id: id,
        company_id: inv.companyId,
        production_id: l.productionId,
        production_item_id: l.productionItemId,
        budget_item_id: l.budgetItemId,
        quantity_e3: String(l.quantityE3) as unknown as number,
        price_cents: String(l.priceCents) as unknown as number,
        amount_cents: String(amounts[i]) as unknown as number,
        active: l.active === false || inv.status === 'cancelled' ? 0 : 1,
        created_at: now,
      })
      .execute();
  }
  // The running sums, as the state machine keeps them when an invoice is sent.
  await countBilling(db, id, 'draft', inv.status as InvoiceStatus);
  return id;
}
