import { beforeAll, expect, it } from 'vitest';
import type { ReportDocument, ReportRow } from '../../resources/report.js';
import { mondayOf } from '../../server/modules/reports/builders/flight-board.js';
import { shiftDay } from '../../server/modules/figures/source-sql.js';
import { insertTask } from './calendar-rows.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { memberOf } from './figures-helpers.js';
import { pdfText } from './pdf-text.js';
import { callAs, companySide, createProject } from './project-helpers.js';
import { crewOf, productionRow } from './production-rows.js';
import { companyToday, insertInvoice } from './report-rows.js';

const now = () => new Date().toISOString();

/**
 * Two active projects of a company (one 50 days into its 100, one with nothing yet), one only planned
 * and another company's; production this week, last week and before, open and closed work, locates
 * on both sides of the 7 days and of today, and invoices. Figures below are worked out by hand.
 */
async function boardWorld(s: TestServer) {
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
  return { owner, other, main, quiet, today, monday };
}

describeEachDatabase('reports: flight board', (server) => {
  let w: Awaited<ReturnType<typeof boardWorld>>;
  beforeAll(async () => {
    w = await boardWorld(server());
  });
  const read = async (as = w.owner): Promise<ReportDocument> => {
    const res = await callAs(server(), as, 'GET', '/reports/flight-board');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const rowOf = (doc: ReportDocument, project: string): ReportRow => doc.tables[0]!.rows.find((r) => r.project === project)!;

  it('shows every active project of the company with its figures, worked out by hand', async () => {
    const doc = await read();
    expect(doc.tables[0]!.rows.map((r) => r.project)).toEqual(['Main Street', 'Quiet Lane']);
    expect(rowOf(doc, 'Main Street')).toMatchObject({
      start: shiftDay(w.today, -49),
      daysElapsed: 50,
      daysTotal: 100,
      elapsed: 50,
      planned: '1000.00',
      produced: '330.00',
      complete: 33,
      schedule: 'Behind',
      thisWeek: '150.00',
      lastWeek: '50.00',
      weekChange: '100.00',
      openTasks: 2,
      openDamages: 2,
      locatesExpiring: 2,
      locatesExpired: 1,
      billed: '1500.00',
      outstanding: '1100.00',
      overdue: '600.00',
    });
    expect(rowOf(doc, 'Quiet Lane')).toMatchObject({ planned: '0.00', complete: null, schedule: null, thisWeek: '0.00', openTasks: 0, billed: '0.00' });
    expect(doc.facts.find((f) => f.label === 'Behind schedule')?.value).toBe(1);
    expect(doc.subtitle).toContain('this week from');
  });

  it('agrees with the dashboard widgets asking the same of the figures model', async () => {
    const doc = await read();
    const ask = (q: object) => callAs(server(), w.owner, 'POST', '/advanced-filter/data', q);
    const week = await ask({ source: 'production', measure: { fn: 'sum', field: 'amount' }, groupBy: 'project', filters: [{ field: 'status', operator: 'in', value: ['submitted', 'approved'] }], range: { from: w.monday, to: shiftDay(w.monday, 6) } });
    expect(week.body.total).toBe(rowOf(doc, 'Main Street').thisWeek);
    const outstanding = await ask({ source: 'invoice', measure: { fn: 'sum', field: 'outstanding' }, filters: [{ field: 'project', operator: 'eq', value: w.main.id }, { field: 'status', operator: 'in', value: ['submit', 'unpaid', 'partially_paid', 'paid'] }] });
    expect(outstanding.body.total).toBe(rowOf(doc, 'Main Street').outstanding);
  });

  it('downloads its tables as xlsx and as a PDF', async () => {
    const xlsx = await callAs(server(), w.owner, 'GET', '/reports/flight-board/download/xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Flight_Board.xlsx');
    const pdf = await server().app.inject({ method: 'GET', url: '/api/v1/reports/flight-board/download/pdf', headers: { authorization: `Bearer ${w.owner.token}`, ...w.owner.headers } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Main Street');
    expect(text).toContain('$1,100.00');
    expect(text).toContain('Behind');
  });

  it('refuses plain members, claims and human resources, and any query', async () => {
    for (const role of ['Member', 'Claims', 'HumanResources']) {
      const m = await memberOf(server(), w, role);
      expect((await callAs(server(), m, 'GET', '/reports/flight-board')).status, role).toBe(403);
    }
    expect((await read(await memberOf(server(), w, 'ProjectManager'))).tables[0]!.rows).toHaveLength(2);
    expect((await callAs(server(), w.owner, 'GET', '/reports/flight-board?from=2026-01-01')).status).toBe(400);
  });

  it("never shows another company's projects", async () => {
    const theirs = await read(w.other);
    expect(theirs.tables[0]!.rows.map((r) => r.project)).toEqual(['Elsewhere']);
    expect(rowOf(theirs, 'Elsewhere')).toMatchObject({ billed: '777.77', produced: '0.00', openTasks: 0 });
  });
});
