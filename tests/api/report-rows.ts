import { todayIn } from '../../resources/time-zone.js';
import { shiftDay } from '../../server/modules/figures/source-sql.js';
import { mondayOf } from '../../server/modules/reports/builders/flight-board.js';
import { insertTask } from './calendar-rows.js';
import type { TestServer } from './harness.js';
import { companySide, createProject, partner } from './project-helpers.js';
import { crewOf, productionRow } from './production-rows.js';

/** Rows the reports read, written straight into the tables with every money column given (the reports only read them), and the worlds of their tests. */

let numbers = 0;

export interface InvoiceSeed {
  companyId: number;
  projectId: number;
  clientId?: number | null;
  status: string;
  /** Dollars in cents. */
  subtotal: number;
  retainage?: number;
  released?: number;
  paid?: number;
  createdAt: string;
  due?: string | null;
  /** Sent (to its client): received invoices count only once sent. */
  sent?: boolean;
}

export async function insertInvoice(s: TestServer, inv: InvoiceSeed) {
  const row = await s.services.db
    .insertInto('invoices')
    .values({
      company_id: inv.companyId,
      project_id: inv.projectId,
      client_id: inv.clientId ?? null,
      number: `R-${++numbers}`,
      status: inv.status,
      due_date: inv.due ?? null,
      retainage_e3: 0,
      subtotal_cents: inv.subtotal,
      retainage_cents: inv.retainage ?? 0,
      released_cents: inv.released ?? 0,
      paid_cents: inv.paid ?? 0,
      single_part: 0,
      sent_at: inv.sent === false || inv.status === 'draft' ? null : inv.createdAt,
      created_at: inv.createdAt,
      updated_at: inv.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The company's today (its time zone) and a day `days` from it. */
export async function companyToday(s: TestServer, companyId: number) {
  const { timezone } = await s.services.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  const today = todayIn(timezone);
  return { today, day: (days: number) => shiftDay(today, days) };
}

/**
 * A company's invoices of March 2026 with every money column set, due on both sides of each ageing
 * edge as of the company's today, a subcontractor's invoices to it, and another company's; the
 * figures below are worked out by hand from these rows.
 */
export async function invoicesWorld(s: TestServer) {
  const owner = await companySide(s, 'Ledger Paving');
  const client = await companySide(s, 'Ledger Client Utility');
  const sub = await companySide(s, 'Ledger Trenching');
  const other = await companySide(s, 'Other Ledger');
  await partner(s, owner, client, 'client');
  await partner(s, owner, sub, 'subcontractor');
  const north = await createProject(s, owner.token, owner.companyId, { projectName: 'North Loop', clientId: client.companyId });
  const south = await createProject(s, owner.token, owner.companyId, { projectName: 'South Yard' });
  const elsewhere = await createProject(s, other.token, other.companyId, { projectName: 'Elsewhere' });
  const { day } = await companyToday(s, owner.companyId);
  const issued = (projectId: number, status: string, createdAt: string, subtotal: number, rest: { retainage?: number; released?: number; paid?: number; due?: string | null } = {}) =>
    insertInvoice(s, { companyId: owner.companyId, projectId, clientId: projectId === north.id ? client.companyId : null, status, subtotal, createdAt, ...rest });
  // North, billed 4,300.43: 1,000.00 (100.00 retainage) due yesterday; 2,000.10 (200.01 retainage, 50.00 released, 1,000.00 paid) due 30
  // days ago; 300.03 due 31 days ago; 0.30 with no due day; 1,000.00 paid in full, due 100 days ago. Both ends of March, in UTC days.
  await issued(north.id, 'unpaid', '2026-03-01T00:00:00.000Z', 100_000, { retainage: 10_000, due: day(-1) });
  await issued(north.id, 'partially_paid', '2026-03-31T23:59:59.000Z', 200_010, { retainage: 20_001, released: 5_000, paid: 100_000, due: day(-30) });
  await issued(north.id, 'submit', '2026-03-15T12:00:00.000Z', 30_003, { due: day(-31) });
  await issued(north.id, 'unpaid', '2026-03-16T12:00:00.000Z', 30, { due: null });
  await issued(north.id, 'paid', '2026-03-17T12:00:00.000Z', 100_000, { paid: 100_000, due: day(-100) });
  // Not billed: a draft, a cancelled and a rejected invoice; and two just outside March.
  await issued(north.id, 'draft', '2026-03-18T12:00:00.000Z', 9_900, { due: day(-5) });
  await issued(north.id, 'cancelled', '2026-03-19T12:00:00.000Z', 7_700, { due: day(-5) });
  await issued(north.id, 'rejected', '2026-03-20T12:00:00.000Z', 5_500, { due: day(-5) });
  await issued(north.id, 'unpaid', '2026-02-28T23:59:59.000Z', 1_100, { due: day(-5) });
  await issued(north.id, 'unpaid', '2026-04-01T00:00:00.000Z', 1_300, { due: day(-5) });
  // South, billed 3,000.00, nothing paid: due 60, 61, 90 and 91 days ago, and today.
  await issued(south.id, 'unpaid', '2026-03-10T12:00:00.000Z', 40_000, { due: day(-60) });
  await issued(south.id, 'unpaid', '2026-03-11T12:00:00.000Z', 50_000, { due: day(-61) });
  await issued(south.id, 'unpaid', '2026-03-12T12:00:00.000Z', 60_000, { due: day(-90) });
  await issued(south.id, 'unpaid', '2026-03-13T12:00:00.000Z', 70_000, { due: day(-91) });
  await issued(south.id, 'unpaid', '2026-03-14T12:00:00.000Z', 80_000, { due: day(0) });
  // The subcontractor billed 250.00 (25.00 retainage) on North, due 45 days ago; its draft is its own.
  await insertInvoice(s, { companyId: sub.companyId, projectId: north.id, clientId: owner.companyId, status: 'unpaid', subtotal: 25_000, retainage: 2_500, createdAt: '2026-03-05T12:00:00.000Z', due: day(-45) });
  await insertInvoice(s, { companyId: sub.companyId, projectId: north.id, clientId: owner.companyId, status: 'draft', subtotal: 99_900, createdAt: '2026-03-06T12:00:00.000Z', due: day(-45) });
  await insertInvoice(s, { companyId: other.companyId, projectId: elsewhere.id, status: 'unpaid', subtotal: 77_777, createdAt: '2026-03-05T12:00:00.000Z', due: day(-45) });
  return { owner, client, sub, other, north, south, elsewhere, day };
}

const now = () => new Date().toISOString();

/**
 * Two active projects of a company (one 50 days into its 100, one with nothing yet), one only planned
 * and another company's; production this week, last week and before, open and closed work, locates
 * on both sides of the 7 days and of today, and invoices. Figures below are worked out by hand.
 */
export async function boardWorld(s: TestServer, moreProjects = 0) {
  const owner = await companySide(s, 'Board Paving');
  const other = await companySide(s, 'Other Board');
  const { today, day } = await companyToday(s, owner.companyId);
  const db = s.services.db;
  const main = await createProject(s, owner.token, owner.companyId, { projectName: 'Main Street', startDate: day(-49), endDate: day(50) });
  const quiet = await createProject(s, owner.token, owner.companyId, { projectName: 'Quiet Lane' });
  const planned = await createProject(s, owner.token, owner.companyId, { projectName: 'Not Yet' });
  const elsewhere = await createProject(s, other.token, other.companyId, { projectName: 'Elsewhere' });
  await db.updateTable('projects').set({ status: 'active' }).where('id', 'in', [main.id, quiet.id, elsewhere.id]).execute();
  await db.updateTable('projects').set({ status: 'planned' }).where('id', '=', planned.id).execute();
  const item = (await db.insertInto('items').values({ company_id: owner.companyId, name: 'Conduit', production_is_allowed: 1, photos_number: 0, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
  // Planned: 100 × 10.00 = 1,000.00.
  const bi = (await db.insertInto('budget_items').values({ budget_id: main.budgetId!, item_id: item, report_weight: 0, quantity: 100, price_cents: 1_000, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
  // A crew of its own for each: a crew has one production per project and day.
  const made = async (date: string, status: 'draft' | 'submitted' | 'approved', units: number) =>
    productionRow(s, { projectId: main.id, companyId: owner.companyId, crewId: await crewOf(s, owner.companyId), date, status, items: [{ budgetItemId: bi, quantityE3: units * 1000 }] });
  const monday = mondayOf(today);
  // This week: 100.00 approved on Monday, 50.00 submitted today, a 70.00 draft. Last week: 30.00 approved on its Sunday,
  // 20.00 submitted on its Monday. Before it: 200.00 approved. Approved to date: 330.00, 33 % of the plan.
  await made(monday, 'approved', 10);
  await made(today, 'submitted', 5);
  await made(today, 'draft', 7);
  await made(shiftDay(monday, -1), 'approved', 3);
  await made(shiftDay(monday, -7), 'submitted', 2);
  await made(shiftDay(monday, -8), 'approved', 20);
  for (const status of ['open', 'progress', 'completed', 'discarded']) await insertTask(s, { companyId: owner.companyId, projectId: main.id, start: null, end: null, status });
  for (const status of ['reported', 'in_repair', 'closed'])
    await db.insertInto('damages').values({ company_id: owner.companyId, project_id: main.id, damage_date: today, status, created_at: now(), updated_at: now() }).execute();
  const locate = (ticket: string, expires: string, status = 'open') =>
    db.insertInto('locates').values({ company_id: owner.companyId, project_id: main.id, ticket_number: ticket, dig_start_date: day(-20), expires_on: expires, status, created_at: now(), updated_at: now() }).execute();
  // Expiring within 7 days (today to 6 days on): today's and the ready one in 6 days; 7 days on is not. Expired, still open: yesterday's.
  await locate('L-1', today);
  await locate('L-2', day(6), 'ready');
  await locate('L-3', day(7));
  await locate('L-4', day(-1));
  await locate('L-5', day(-1), 'closed');
  await locate('L-6', day(2), 'closed');
  // Billed 1,500.00: 1,000.00 due yesterday (400.00 paid: 600.00 overdue), 500.00 due today; a draft is not billed.
  await insertInvoice(s, { companyId: owner.companyId, projectId: main.id, status: 'partially_paid', subtotal: 100_000, paid: 40_000, createdAt: now(), due: day(-1) });
  await insertInvoice(s, { companyId: owner.companyId, projectId: main.id, status: 'unpaid', subtotal: 50_000, createdAt: now(), due: today });
  await insertInvoice(s, { companyId: owner.companyId, projectId: main.id, status: 'draft', subtotal: 9_999, createdAt: now(), due: day(-1) });
  await insertInvoice(s, { companyId: other.companyId, projectId: elsewhere.id, status: 'unpaid', subtotal: 77_777, createdAt: now(), due: day(-1) });
  // More active projects, for a full wall: each with a little approved production this week.
  for (let i = 1; i <= moreProjects; i++) {
    const p = await createProject(s, owner.token, owner.companyId, { projectName: `Extra ${String(i).padStart(2, '0')}`, startDate: day(-10 * i), endDate: day(30) });
    await db.updateTable('projects').set({ status: 'active' }).where('id', '=', p.id).execute();
    const b = (await db.insertInto('budget_items').values({ budget_id: p.budgetId!, item_id: item, report_weight: 0, quantity: 100, price_cents: 1_000 * i, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
    await productionRow(s, { projectId: p.id, companyId: owner.companyId, crewId: await crewOf(s, owner.companyId), date: monday, status: 'approved', items: [{ budgetItemId: b, quantityE3: 40_000 }] });
  }
  return { owner, other, main, quiet, today, monday };
}
