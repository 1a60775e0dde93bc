import type { Invoice } from '../../resources/invoice.js';
import { countProduction } from '../../server/modules/budgets/budget-running-sums.js';
import type { TestServer } from './harness.js';
import { addItems, budgetWorld, call, type Caller } from './budgets-helpers.js';

/**
 * Invoices are billed from approved production. Productions are another area's: here they are
 * written straight into the database (a production approved by every review, its items against the
 * project's budget items, made through the budget API).
 */

const now = () => new Date().toISOString();

async function crew(s: TestServer, companyId: number, name: string) {
  const at = now();
  const row = await s.services.db.insertInto('crews').values({ company_id: companyId, name, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The budget world (budgets-helpers.ts: the owner runs a project for its client, the subcontractor
 * works on it, the stranger has nothing to do with it) with three budget items of awkward prices
 * and a crew for the owner and one for the subcontractor.
 */
export async function invoiceWorld(s: TestServer) {
  const w = await budgetWorld(s);
  const [asphalt, pipe, labor] = await addItems(s, w, [
    { itemId: w.items.asphalt, quantity: 1000, price: '12.50' },
    { itemId: w.items.pipe, quantity: 1000, price: '999999.99' },
    { itemId: w.items.labor, quantity: 1000, price: '0.10' },
  ]);
  const crews = { owner: await crew(s, w.owner.companyId, 'Owner crew'), sub: await crew(s, w.sub.companyId, 'Sub crew') };
  return { ...w, budgetItems: { asphalt: asphalt!.id, pipe: pipe!.id, labor: labor!.id }, crews };
}
export type InvoiceWorld = Awaited<ReturnType<typeof invoiceWorld>>;

let days = 0;
/** A distinct production day, so crews' sheets never collide. */
const nextDay = () => new Date(Date.UTC(2026, 0, 1) + ++days * 86_400_000).toISOString().slice(0, 10);

/**
 * A production of the owner's or the subcontractor's crew with the given items (budget item id,
 * quantity in thousandths), approved by every review unless another status is asked for.
 */
export async function production(s: TestServer, w: InvoiceWorld, by: 'owner' | 'sub', items: Array<[number, number]>, status = 'approved') {
  const db = s.services.db;
  const at = now();
  const companyId = by === 'owner' ? w.owner.companyId : w.sub.companyId;
  const { id } = await db
    .insertInto('productions')
    .values({ project_id: w.projectId, company_id: companyId, crew_id: w.crews[by], task_id: null, date: nextDay(), status, texts: '{}', reject_reason: null, submitted_at: at, submitted_by: null, approved_at: status === 'approved' ? at : null, created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reviewers = by === 'owner' ? [w.owner.companyId] : [w.sub.companyId, w.owner.companyId];
  for (const reviewer of reviewers) {
    await db
      .insertInto('production_reviews')
      .values({ production_id: id, company_id: reviewer, status: status === 'approved' ? 'approved' : 'pending', reason: null, decided_by: null, decided_at: null, created_at: at, updated_at: at })
      .execute();
  }
  const itemIds: number[] = [];
  for (const [budgetItemId, quantityE3] of items) {
    const row = await db
      .insertInto('production_items')
      .values({ production_id: id, budget_item_id: budgetItemId, quantity_e3: quantityE3, photos_number: 0, description: null, station_id: null, source: 'manual', created_by: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(row.id);
  }
  if (status === 'approved') await countProduction(db, id, 1);
  return { id, itemIds };
}

/** The body's productions: every item of each production at its produced quantity. */
export const billing = (...productions: Array<{ id: number; itemIds: number[] }>) => productions.map((p) => ({ id: p.id, items: p.itemIds.map((id) => ({ id })) }));

/** Creates an invoice as `who` in `company`; throws unless it answers 201. */
export async function createInvoice(s: TestServer, who: Caller, companyId: number, body: Record<string, unknown>): Promise<Invoice> {
  const res = await call(s, who)('POST', `/invoices/${companyId}`, body);
  if (res.status !== 201) throw new Error(`create invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Everything stored about invoices, with the trail and notifications: a refused request changes none of it. */
export async function storedInvoices(s: TestServer) {
  const db = s.services.db;
  return {
    invoices: await db.selectFrom('invoices').selectAll().orderBy('id').execute(),
    lines: await db.selectFrom('invoice_lines').selectAll().orderBy('id').execute(),
    transactions: await db.selectFrom('invoice_transactions').selectAll().orderBy('id').execute(),
    comments: await db.selectFrom('invoice_comments').selectAll().orderBy('id').execute(),
    settings: await db.selectFrom('companies').select(['id', 'invoice_settings']).orderBy('id').execute(),
    audits: (await db.selectFrom('audit_events').select('id').execute()).length,
    notifications: (await db.selectFrom('notifications').select('id').execute()).length,
  };
}

