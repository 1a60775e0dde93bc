import { addMember, type TestServer } from './harness.js';
import { insertTask } from './calendar-rows.js';
import { productionRow } from './production-rows.js';
import { API, callAs, companySide, createProject, partner, type CompanySide } from './project-helpers.js';

/**
 * A company with a little of every source, written straight into the tables (the figures only read
 * them), beside another company whose rows must never count. Figures the tests expect are worked out
 * by hand in figures.test.ts from the values here.
 */
const now = () => new Date().toISOString();

/** The largest unit price (999,999,999.99): with a quantity of 1,000,000 the amount passes 2^53 cents. */
export const MAX_PRICE = 99_999_999_999;

async function item(s: TestServer, companyId: number, name: string, categoryId: number | null) {
  const row = await s.services.db
    .insertInto('items')
    .values({ company_id: companyId, category_id: categoryId, name, production_is_allowed: 1, photos_number: 0, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function budgetItem(s: TestServer, budgetId: number, itemId: number, quantity: number, priceCents: number) {
  const row = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: budgetId, item_id: itemId, report_weight: 0, quantity, price_cents: priceCents, created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function crew(s: TestServer, companyId: number, name: string) {
  return (await s.services.db.insertInto('crews').values({ company_id: companyId, name, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
}

let numbers = 0;
async function invoice(s: TestServer, companyId: number, projectId: number, status: string, subtotalCents: number, createdAt: string, billed?: { clientId: number }) {
  const row = await s.services.db
    .insertInto('invoices')
    .values({
      company_id: companyId,
      project_id: projectId,
      number: `F-${++numbers}`,
      status,
      retainage_e3: 0,
      subtotal_cents: subtotalCents,
      retainage_cents: 0,
      released_cents: 0,
      paid_cents: 0,
      single_part: 0,
      client_id: billed?.clientId ?? null,
      sent_at: billed ? createdAt : null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function payment(s: TestServer, invoiceId: number, kind: string, amountCents: number, paidOn: string) {
  await s.services.db.insertInto('invoice_transactions').values({ invoice_id: invoiceId, kind, amount_cents: amountCents, paid_on: paidOn, created_at: now() }).execute();
}

async function changeOrder(s: TestServer, companyId: number, budgetId: number, budgetItemId: number, status: string, quantity: number, priceCents: number, createdAt: string) {
  await s.services.db
    .insertInto('change_orders')
    .values({ budget_id: budgetId, budget_item_id: budgetItemId, company_id: companyId, number: ++numbers, status, quantity, price_cents: priceCents, report_weight: 0, request_from_parent: 0, created_at: createdAt, updated_at: createdAt })
    .execute();
}

async function damage(s: TestServer, companyId: number, projectId: number, date: string, amountCents: number | null, typeId: number | null) {
  await s.services.db
    .insertInto('damages')
    .values({ company_id: companyId, project_id: projectId, damage_date: date, amount_cents: amountCents, damage_type_id: typeId, status: 'reported', created_at: now(), updated_at: now() })
    .execute();
}

async function log(s: TestServer, companyId: number, projectId: number | null, crewId: number | null, date: string, status = 'open') {
  await s.services.db.insertInto('logs').values({ company_id: companyId, project_id: projectId, crew_id: crewId, date, status, created_at: now(), updated_at: now() }).execute();
}

async function locate(s: TestServer, companyId: number, projectId: number, ticket: string, createdAt: string, status = 'open') {
  await s.services.db
    .insertInto('locates')
    .values({ company_id: companyId, project_id: projectId, ticket_number: ticket, dig_start_date: '2026-03-01', expires_on: '2026-03-20', status, created_at: createdAt, updated_at: createdAt })
    .execute();
}

export async function figuresWorld(s: TestServer) {
  const owner = await companySide(s, 'Figures Paving');
  const client = await companySide(s, 'Figures Client Utility');
  const other = await companySide(s, 'Other Paving');
  const sub = await companySide(s, 'Figures Trenching');
  await partner(s, owner, client, 'client');
  await partner(s, owner, sub, 'subcontractor');
  const north = await createProject(s, owner.token, owner.companyId, { projectName: 'North Loop', clientId: client.companyId });
  const south = await createProject(s, owner.token, owner.companyId, { projectName: 'South Yard' });
  const elsewhere = await createProject(s, other.token, other.companyId, { projectName: 'Elsewhere' });
  const db = s.services.db;
  const category = (await db.insertInto('item_categories').values({ company_id: owner.companyId, name: 'Conduit work', created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
  const conduit = await item(s, owner.companyId, 'Conduit 2in', category);
  const handhole = await item(s, owner.companyId, 'Handhole', null);
  const otherItem = await item(s, other.companyId, 'Other conduit', null);
  // North: 1,000 × 0.10 = 100.00 and 3 × 1,234.56 = 3,703.68; South: 2 × 999,999,999.99 = 1,999,999,999.98.
  const dime = await budgetItem(s, north.budgetId!, conduit, 1000, 10);
  const hole = await budgetItem(s, north.budgetId!, handhole, 3, 123_456);
  const huge = await budgetItem(s, south.budgetId!, conduit, 2, MAX_PRICE);
  const otherBudgetItem = await budgetItem(s, elsewhere.budgetId!, otherItem, 5, 500);
  const alpha = await crew(s, owner.companyId, 'Alpha');
  const bravo = await crew(s, owner.companyId, 'Bravo');
  const otherCrew = await crew(s, other.companyId, 'Other crew');

  // Production: 30 items of 1 × 0.10 (3.00 exactly; a float sum gives 3.0000000000000013) on Monday 2 March,
  // 2.5 × 1,234.56 = 3,086.40 on Sunday 15 March, 1,000,000 × 999,999,999.99 on 1 April.
  const dimes = await productionRow(s, { projectId: north.id, companyId: owner.companyId, crewId: alpha, date: '2026-03-02', status: 'approved', items: Array.from({ length: 30 }, () => ({ budgetItemId: dime, quantityE3: 1000 })) });
  await productionRow(s, { projectId: north.id, companyId: owner.companyId, crewId: bravo, date: '2026-03-15', status: 'submitted', items: [{ budgetItemId: hole, quantityE3: 2500 }] });
  await productionRow(s, { projectId: south.id, companyId: owner.companyId, crewId: alpha, date: '2026-04-01', status: 'approved', items: [{ budgetItemId: huge, quantityE3: 1_000_000_000 }] });
  await productionRow(s, { projectId: elsewhere.id, companyId: other.companyId, crewId: otherCrew, date: '2026-03-05', status: 'approved', items: [{ budgetItemId: otherBudgetItem, quantityE3: 7_000_000 }] });

  await changeOrder(s, owner.companyId, north.budgetId!, dime, 'sent', 1200, 10, '2026-03-03T10:00:00.000Z');
  await changeOrder(s, owner.companyId, south.budgetId!, huge, 'accepted', 3, 100, '2026-03-10T10:00:00.000Z');
  await changeOrder(s, other.companyId, elsewhere.budgetId!, otherBudgetItem, 'sent', 9, 9_999, '2026-03-03T10:00:00.000Z');

  const inv1 = await invoice(s, owner.companyId, north.id, 'unpaid', 100_000, '2026-03-05T12:00:00.000Z');
  await invoice(s, owner.companyId, south.id, 'draft', 10, '2026-03-20T12:00:00.000Z');
  const otherInv = await invoice(s, other.companyId, elsewhere.id, 'unpaid', 777_777, '2026-03-05T12:00:00.000Z');
  // Received: the subcontractor billed the company 55.55 on North.
  await invoice(s, sub.companyId, north.id, 'submit', 5_555, '2026-03-06T12:00:00.000Z', { clientId: owner.companyId });
  await payment(s, inv1, 'payment', 25_000, '2026-03-20');
  await payment(s, inv1, 'payment', 10, '2026-03-21');
  await payment(s, inv1, 'retainage_release', 5_000, '2026-03-22');
  await payment(s, otherInv, 'payment', 1_000, '2026-03-20');

  const taskType = (await db.insertInto('task_types').values({ company_id: owner.companyId, name: 'Boring', created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
  await insertTask(s, { companyId: owner.companyId, projectId: north.id, crewId: alpha, start: '2026-03-03', end: '2026-03-04', status: 'open' });
  await insertTask(s, { companyId: owner.companyId, projectId: north.id, crewId: bravo, start: '2026-03-10', end: null, status: 'completed' });
  await insertTask(s, { companyId: owner.companyId, projectId: south.id, crewId: null, start: null, end: null, status: 'open' });
  await insertTask(s, { companyId: other.companyId, projectId: elsewhere.id, crewId: otherCrew, start: '2026-03-03', end: null, status: 'open' });
  await db.updateTable('tasks').set({ type_id: taskType }).where('crew_id', '=', alpha).execute();

  const damageType = (await db.insertInto('damage_types').values({ company_id: owner.companyId, name: 'Gas line', created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
  await damage(s, owner.companyId, north.id, '2026-03-04', 10, damageType);
  await damage(s, owner.companyId, north.id, '2026-03-05', 25, null);
  await damage(s, owner.companyId, south.id, '2026-03-05', null, null);
  await damage(s, other.companyId, elsewhere.id, '2026-03-04', 99_999, null);

  await log(s, owner.companyId, north.id, alpha, '2026-03-02');
  await log(s, owner.companyId, north.id, bravo, '2026-03-02', 'submitted');
  await log(s, owner.companyId, null, null, '2026-03-03');
  await log(s, other.companyId, elsewhere.id, otherCrew, '2026-03-02');

  await locate(s, owner.companyId, north.id, 'T-1', '2026-03-01T09:00:00.000Z');
  await locate(s, owner.companyId, south.id, 'T-2', '2026-03-09T09:00:00.000Z', 'closed');
  await locate(s, other.companyId, elsewhere.id, 'T-3', '2026-03-01T09:00:00.000Z');

  return { owner, client, sub, other, north, south, elsewhere, category, conduit, handhole, dime, hole, huge, alpha, bravo, otherCrew, dimes, taskType, damageType };
}
export type FiguresWorld = Awaited<ReturnType<typeof figuresWorld>>;

/** A member of the world's company with a role, and as a crew leader of `crews`. */
export async function memberOf(s: TestServer, w: Pick<FiguresWorld, 'owner'>, role: string, crews: number[] = []): Promise<CompanySide> {
  const m = await addMember(s, w.owner.companyId, role);
  const membership = await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', m.user.id).where('company_id', '=', w.owner.companyId).executeTakeFirstOrThrow();
  for (const crewId of crews) await s.services.db.insertInto('crew_members').values({ crew_id: crewId, membership_id: membership.id, is_leader: 1 }).execute();
  return { token: m.token, user: m.user, email: m.email, companyId: w.owner.companyId, companyName: w.owner.companyName, headers: { 'x-company-id': String(w.owner.companyId) } };
}

export const ask = (s: TestServer, side: Pick<CompanySide, 'token' | 'headers'>, query: unknown) => callAs(s, side, 'POST', '/advanced-filter/data', query);
export { API };
