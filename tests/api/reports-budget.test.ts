import { beforeAll, expect, it } from 'vitest';
import type { ReportDocument } from '../../resources/report.js';
import { BUDGET_FACTS } from '../../server/modules/reports/builders/budget.js';
import { reportWorld, type ReportWorld } from './budget-report-helpers.js';
import { member } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { pdfText } from './pdf-text.js';
import { callAs, createProject } from './project-helpers.js';

/** Figures worked out by hand from budget-report-helpers.ts's world. */
describeEachDatabase('reports: budget', (server) => {
  let w: ReportWorld;
  beforeAll(async () => {
    w = await reportWorld(server());
  });
  const path = (query: string) => `/reports/budget?${query}`;
  const read = async (query: string, who = w.owner): Promise<ReportDocument> => {
    const res = await callAs(server(), who, 'GET', path(query));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const table = (doc: ReportDocument, id: string) => doc.tables.find((t) => t.id === id)!;
  const fact = (doc: ReportDocument, label: string) => doc.facts.find((f) => f.label === label)?.value;
  const chart = (doc: ReportDocument, id: string) => doc.charts.find((c) => c.id === id)!;
  const project = () => `projectId=${w.projectId}`;

  it('sets planned against produced against billed per item, change orders included, exactly', async () => {
    const doc = await read(`${project()}&companyId=${w.owner.companyId}`);
    expect(doc.range).toBeUndefined();
    expect(table(doc, 'items').rows).toEqual([
      { item: 'Asphalt', unit: 'ton', category: 'Materials', quantity: '10', price: '12.50', plannedAmount: '125.00', changeOrderAmount: '0.00', pendingChangeOrderAmount: '0.00', producedQuantity: '0.3', producedAmount: '3.75', billedAmount: '2.50', remainingAmount: '121.25', complete: 3 },
      { item: 'Labor', unit: 'h', category: 'No category', quantity: '8', price: '45.00', plannedAmount: '360.00', changeOrderAmount: '0.00', pendingChangeOrderAmount: '90.00', producedQuantity: '8', producedAmount: '360.00', billedAmount: '0.00', remainingAmount: '0.00', complete: 100 },
      { item: 'Pipe', unit: 'ft', category: 'Pipes', quantity: '120', price: '3.50', plannedAmount: '420.00', changeOrderAmount: '87.00', pendingChangeOrderAmount: '0.00', producedQuantity: '100.5', producedAmount: '351.75', billedAmount: '334.67', remainingAmount: '68.25', complete: 83.75 },
      { item: 'Vault', unit: 'ea', category: 'No category', quantity: '3', price: '999999.99', plannedAmount: '2999999.97', changeOrderAmount: '0.00', pendingChangeOrderAmount: '0.00', producedQuantity: '0.333', producedAmount: '333000.00', billedAmount: '0.00', remainingAmount: '2666999.97', complete: 11.1 },
    ]);
    // Produced: 375,000 + 35,175,000 + 36,000,000 + 33,299,999,667 thousandths of a cent, rounded once.
    expect(table(doc, 'items').totals).toEqual({
      plannedAmount: '3000904.97',
      changeOrderAmount: '87.00',
      pendingChangeOrderAmount: '90.00',
      producedAmount: '333715.50',
      billedAmount: '337.17',
      remainingAmount: '2667189.47',
      complete: 11.12,
    });
    expect(fact(doc, BUDGET_FACTS.planned)).toBe('3000904.97');
    expect(fact(doc, BUDGET_FACTS.changeOrders)).toBe('87.00');
    expect(fact(doc, BUDGET_FACTS.pending)).toBe('90.00');
    expect(fact(doc, BUDGET_FACTS.produced)).toBe('333715.50');
    expect(fact(doc, BUDGET_FACTS.billed)).toBe('337.17');
    // With no range, spent is every production day's.
    expect(fact(doc, BUDGET_FACTS.spent)).toBe('333715.50');
    // The owner's company alone: no company column, one company row.
    expect(table(doc, 'items').columns.map((c) => c.key)).not.toContain('company');
    expect(table(doc, 'companies').rows).toEqual([
      { company: 'Owner Paving', items: 4, plannedAmount: '3000904.97', producedAmount: '333715.50', billedAmount: '337.17', spentAmount: '333715.50', spentBilledAmount: '337.17', percentSpent: 11.12 },
    ]);
    // Every day as a range reads the production rows; left out, the items' running sums: the same figures.
    const wide = await read(`${project()}&companyId=${w.owner.companyId}&from=2026-01-01&to=2026-12-31`);
    expect(table(wide, 'companies').rows).toEqual(table(doc, 'companies').rows);
    expect(table(wide, 'categories').rows).toEqual(table(doc, 'categories').rows);
    expect(fact(wide, BUDGET_FACTS.spent)).toBe(fact(doc, BUDGET_FACTS.spent));
  });

  it('sums per category and company, the sub-project’s budget included, and what was spent in the range, both ends included', async () => {
    const doc = await read(`${project()}&from=2026-03-03&to=2026-03-04`);
    expect(doc.range).toEqual({ from: '2026-03-03', to: '2026-03-04' });
    // 03-03: 2.50 + 351.75; 03-04: the subcontractor's 360.00 on the owner's Labor.
    expect(chart(doc, 'spent-per-day')).toMatchObject({ kind: 'line', categories: ['2026-03-03', '2026-03-04'], series: [{ values: ['354.25', '360.00'] }] });
    expect(fact(doc, BUDGET_FACTS.spent)).toBe('714.25');
    // 714.25 / 3,000,905.27 = 0.0238 %.
    expect(fact(doc, BUDGET_FACTS.percentSpent)).toBe(0.02);
    expect(fact(doc, BUDGET_FACTS.planned)).toBe('3000905.27');
    // No category: Labor 360.00 + Vault 2,999,999.97 + Bore 0.30; produced 36,000,000 + 33,299,999,667 + 20,000 thousandths.
    expect(table(doc, 'categories').rows).toEqual([
      { category: 'No category', items: 3, plannedAmount: '3000360.27', share: 99.98, changeOrderAmount: '0.00', producedAmount: '333360.20', billedAmount: '0.00', remainingAmount: '2667000.07', spentAmount: '360.00', percentSpent: 0.01 },
      { category: 'Pipes', items: 1, plannedAmount: '420.00', share: 0.01, changeOrderAmount: '87.00', producedAmount: '351.75', billedAmount: '334.67', remainingAmount: '68.25', spentAmount: '351.75', percentSpent: 83.75 },
      { category: 'Materials', items: 1, plannedAmount: '125.00', share: 0, changeOrderAmount: '0.00', producedAmount: '3.75', billedAmount: '2.50', remainingAmount: '121.25', spentAmount: '2.50', percentSpent: 2 },
    ]);
    expect(table(doc, 'categories').totals).toEqual({
      items: 5,
      plannedAmount: '3000905.27',
      share: 100,
      changeOrderAmount: '87.00',
      producedAmount: '333715.70',
      billedAmount: '337.17',
      remainingAmount: '2667189.57',
      spentAmount: '714.25',
      percentSpent: 0.02,
    });
    expect(chart(doc, 'by-category')).toMatchObject({
      kind: 'bar',
      categories: ['No category', 'Pipes', 'Materials'],
      series: [
        { label: 'Planned', values: ['3000360.27', '420.00', '125.00'] },
        { label: 'Produced', values: ['333360.20', '351.75', '3.75'] },
        { label: 'Billed', values: ['0.00', '334.67', '2.50'] },
      ],
    });
    expect(chart(doc, 'plan-distribution')).toMatchObject({ kind: 'pie', categories: ['No category', 'Pipes', 'Materials'], series: [{ values: ['3000360.27', '420.00', '125.00'] }] });
    // The project's company first; what each spent in the range and was billed of it (03-03's two lines).
    expect(table(doc, 'companies').rows).toEqual([
      { company: 'Owner Paving', items: 4, plannedAmount: '3000904.97', producedAmount: '333715.50', billedAmount: '337.17', spentAmount: '714.25', spentBilledAmount: '337.17', percentSpent: 0.02 },
      { company: 'Sub Boring', items: 1, plannedAmount: '0.30', producedAmount: '0.20', billedAmount: '0.00', spentAmount: '0.00', spentBilledAmount: '0.00', percentSpent: 0 },
    ]);
    const items = table(doc, 'items');
    expect(items.columns.map((c) => c.key)).toContain('company');
    expect(items.rows.map((r) => `${r.item} ${r.company}`)).toEqual(['Asphalt Owner Paving', 'Bore Sub Boring', 'Labor Owner Paving', 'Pipe Owner Paving', 'Vault Owner Paving']);

    // Each end on its own: 03-02 holds Asphalt's 0.1; 03-31 only the sub-project's Bore; 04-01 on, nothing.
    expect(fact(await read(`${project()}&from=2026-03-02&to=2026-03-02`), BUDGET_FACTS.spent)).toBe('1.25');
    expect(chart(await read(`${project()}&from=2026-03-05&to=2026-03-31`), 'spent-per-day').series[0]!.values).toEqual(['333000.00', '0.20']);
    expect(fact(await read(`${project()}&from=2026-03-31&to=2026-03-31`), BUDGET_FACTS.spent)).toBe('0.20');
    const after = await read(`${project()}&from=2026-04-01`);
    expect(fact(after, BUDGET_FACTS.spent)).toBe('0.00');
    expect(chart(after, 'spent-per-day').categories).toEqual([]);
    expect(fact(await read(`${project()}&to=2026-03-02`), BUDGET_FACTS.spent)).toBe('1.25');
  });

  it('narrows to a company’s budgets and to a category with those under it', async () => {
    const sub = await read(`${project()}&companyId=${w.sub.companyId}`);
    expect(table(sub, 'items').rows.map((r) => r.item)).toEqual(['Bore']);
    expect(table(sub, 'items').totals).toMatchObject({ plannedAmount: '0.30', producedAmount: '0.20' });
    expect(table(sub, 'companies').rows.map((r) => r.company)).toEqual(['Sub Boring']);

    const materials = await read(`${project()}&categoryId=${w.categories.materials}&from=2026-03-03&to=2026-03-04`);
    expect(table(materials, 'items').rows.map((r) => r.item)).toEqual(['Asphalt', 'Pipe']);
    expect(table(materials, 'categories').rows.map((r) => r.category)).toEqual(['Pipes', 'Materials']);
    // The subcontractor has no item of the category: no row of zeros for it.
    expect(table(materials, 'companies').rows.map((r) => r.company)).toEqual(['Owner Paving']);
    expect(table(materials, 'items').totals).toMatchObject({ plannedAmount: '545.00', changeOrderAmount: '87.00', producedAmount: '355.50', billedAmount: '337.17' });
    expect(fact(materials, BUDGET_FACTS.spent)).toBe('354.25');
    // 354.25 / 545.00 = 65.0 %.
    expect(fact(materials, BUDGET_FACTS.percentSpent)).toBe(65);
    const pipes = await read(`${project()}&companyId=${w.owner.companyId}&categoryId=${w.categories.pipes}`);
    expect(table(pipes, 'items').rows.map((r) => r.item)).toEqual(['Pipe']);
  });

  it('agrees with the figures model: the plan with the budget source, produced with the production source and the subcontractor’s share', async () => {
    const s = server();
    const ask = (who: typeof w.owner, source: string, projectId: number, approved: boolean) =>
      callAs(s, who, 'POST', '/advanced-filter/data', {
        source,
        measure: { fn: 'sum', field: 'amount' },
        filters: [{ field: 'project', operator: 'eq', value: projectId }, ...(approved ? [{ field: 'status', operator: 'eq', value: 'approved' }] : [])],
      });
    const own = await read(`${project()}&companyId=${w.owner.companyId}`);
    const plan = await ask(w.owner, 'budget', w.projectId, false);
    expect(plan.status).toBe(200);
    expect(fact(own, BUDGET_FACTS.planned)).toBe(plan.body.total);
    // The figures model's production is the asking company's: the owner's 333,355.50; the report's
    // produced also holds the subcontractor's 360.00 on the owner's budget (docs/decisions.md, Reports).
    const ownersProduction = await ask(w.owner, 'production', w.projectId, true);
    const subsProduction = await ask(w.sub, 'production', w.projectId, true);
    expect([ownersProduction.body.total, subsProduction.body.total]).toEqual(['333355.50', '360.00']);
    expect(fact(own, BUDGET_FACTS.produced)).toBe('333715.50');
    // With every company, the plan holds the sub-project's budget as its own company reads it.
    const all = await read(project());
    expect(fact(all, BUDGET_FACTS.planned)).toBe('3000905.27');
    expect((await ask(w.sub, 'budget', w.subProjectId, false)).body.total).toBe('0.30');

    // Where only the owner's crews produced, the two agree outright.
    const harbour = await read(`projectId=${w.harbour.id}`);
    expect(fact(harbour, BUDGET_FACTS.planned)).toBe((await ask(w.owner, 'budget', w.harbour.id, false)).body.total);
    expect(fact(harbour, BUDGET_FACTS.produced)).toBe((await ask(w.owner, 'production', w.harbour.id, true)).body.total);
    expect(fact(harbour, BUDGET_FACTS.produced)).toBe('15.00');
  });

  it('reads production days as the project’s own, in its time zone', async () => {
    // Harbour is in Auckland: its 1.5 of 03-31 is spent on 03-31 there, though that day began on 03-30 in UTC.
    const doc = await read(`projectId=${w.harbour.id}&from=2026-03-31&to=2026-03-31`);
    expect(doc.timeZone).toBe('Pacific/Auckland');
    expect(fact(doc, BUDGET_FACTS.spent)).toBe('15.00');
    expect(chart(doc, 'spent-per-day').categories).toEqual(['2026-03-31']);
    expect(fact(await read(`projectId=${w.harbour.id}&from=2026-03-30&to=2026-03-30`), BUDGET_FACTS.spent)).toBe('0.00');
    expect(fact(await read(`projectId=${w.harbour.id}&from=2026-04-01&to=2026-04-01`), BUDGET_FACTS.spent)).toBe('0.00');
  });

  it('downloads the same figures as xlsx and as a PDF', async () => {
    const query = `${project()}&from=2026-03-03&to=2026-03-04`;
    const xlsx = await callAs(server(), w.owner, 'GET', `/reports/budget/download/xlsx?${query}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/Budget_.*_2026-03-03_2026-03-04\.xlsx/);
    const pdf = await server().app.inject({ method: 'GET', url: `/api/v1/reports/budget/download/pdf?${query}`, headers: { authorization: `Bearer ${w.owner.token}`, ...w.owner.headers } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('$3,000,905.27');
    expect(text).toContain('$714.25');
    expect(text).toContain('Sub Boring');
  });

  it('refuses plain members, claims and human resources, and bad queries', async () => {
    const s = server();
    for (const role of ['Member', 'Claims', 'HumanResources']) {
      const m = await member(s, w.owner, role);
      expect((await callAs(s, m, 'GET', path(project()))).status, role).toBe(403);
      expect((await callAs(s, m, 'GET', `/reports/budget/download/xlsx?${project()}`)).status, role).toBe(403);
    }
    const pm = await member(s, w.owner, 'ProjectManager');
    expect((await callAs(s, pm, 'GET', path(project()))).status).toBe(200);
    const strangerCategory = (await callAs(s, w.stranger, 'POST', `/companies/${w.stranger.companyId}/item-categories`, { name: 'Elsewhere' })).body.id;
    for (const [query, field] of [
      [`${project()}&from=2026-03-31&to=2026-03-01`, 'to'],
      [`${project()}&from=2026-02-30`, 'from'],
      [`${project()}&companyId=${w.stranger.companyId}`, 'companyId'],
      [`${project()}&categoryId=${strangerCategory}`, 'categoryId'],
      [`${project()}&companyId=mine`, 'companyId'],
      [`${project()}&crewId=1`, null],
      ['', 'projectId'],
    ] as const) {
      const res = await callAs(s, w.owner, 'GET', path(query));
      expect(res.status, query).toBe(400);
      if (field) expect(res.body.error.details.map((d: { field: string }) => d.field), query).toContain(field);
    }
    expect((await callAs(s, w.owner, 'GET', `/reports/budget/download/csv?${project()}`)).status).toBe(400);
  });

  it("never shows another company's project", async () => {
    const s = server();
    expect((await callAs(s, w.stranger, 'GET', path(project()))).status).toBe(404);
    expect((await callAs(s, w.stranger, 'GET', `/reports/budget/download/pdf?${project()}`)).status).toBe(404);
    const strangers = await createProject(s, w.stranger.token, w.stranger.companyId, { projectName: 'Elsewhere' });
    expect((await callAs(s, w.owner, 'GET', path(`projectId=${strangers.id}`))).status).toBe(404);
  });
});
