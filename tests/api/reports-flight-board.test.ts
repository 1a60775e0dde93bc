import { beforeAll, expect, it } from 'vitest';
import type { ReportDocument, ReportRow } from '../../resources/report.js';
import { shiftDay } from '../../server/modules/figures/source-sql.js';
import { describeEachDatabase } from './harness.js';
import { memberOf } from './figures-helpers.js';
import { pdfText } from './pdf-text.js';
import { callAs } from './project-helpers.js';
import { boardWorld } from './report-rows.js';

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
