import { beforeAll, expect, it } from 'vitest';
import type { ReportDocument } from '../../resources/report.js';
import { describeEachDatabase } from './harness.js';
import { memberOf } from './figures-helpers.js';
import { pdfText } from './pdf-text.js';
import { callAs } from './project-helpers.js';
import { invoicesWorld } from './report-rows.js';

describeEachDatabase('reports: invoices', (server) => {
  let w: Awaited<ReturnType<typeof invoicesWorld>>;
  beforeAll(async () => {
    w = await invoicesWorld(server());
  });
  const MARCH = 'from=2026-03-01&to=2026-03-31';
  const read = async (query: string, as = w.owner): Promise<ReportDocument> => {
    const res = await callAs(server(), as, 'GET', `/reports/invoices?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const table = (doc: ReportDocument, id: string) => doc.tables.find((t) => t.id === id)!;
  const fact = (doc: ReportDocument, label: string) => doc.facts.find((f) => f.label === label)?.value;

  it('sums billed, paid, retainage held and outstanding per project, exactly, counting sent invoices only', async () => {
    const doc = await read(`${MARCH}&groupBy=project`);
    expect(doc.range).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(table(doc, 'groups').rows).toEqual([
      // Outstanding: 900.00 + (2,000.10 − 200.01 + 50.00 − 1,000.00 = 850.09) + 300.03 + 0.30 + 0; overdue all but the 0.30.
      { group: 'North Loop', invoices: 5, billed: '4300.43', paid: '2000.00', retainage: '250.01', outstanding: '2050.42', overdue: '2050.12' },
      { group: 'South Yard', invoices: 5, billed: '3000.00', paid: '0.00', retainage: '0.00', outstanding: '3000.00', overdue: '2200.00' },
    ]);
    expect(table(doc, 'groups').totals).toEqual({ invoices: 10, billed: '7300.43', paid: '2000.00', retainage: '250.01', outstanding: '5050.42', overdue: '4250.12' });
    expect(fact(doc, 'Billed')).toBe('7300.43');
    expect(fact(doc, 'Outstanding')).toBe('5050.42');
    expect(fact(doc, 'Retainage held')).toBe('250.01');
    expect(fact(doc, 'Overdue')).toBe('4250.12');
  });

  it('ages what is outstanding on both sides of every bucket edge, as of the company’s today', async () => {
    const doc = await read(`${MARCH}&groupBy=project`);
    // North: 0.30 without a due day is current; due yesterday and 30 days ago are 1–30; 31 days ago 31–60; the paid one adds 0.00 over 90.
    // South: due today is current; 60 days ago 31–60; 61 and 90 days ago 61–90; 91 days ago over 90.
    expect(table(doc, 'ageing').rows).toEqual([
      { group: 'North Loop', current: '0.30', days1to30: '1750.09', days31to60: '300.03', days61to90: '0.00', over90: '0.00', outstanding: '2050.42' },
      { group: 'South Yard', current: '800.00', days1to30: '0.00', days31to60: '400.00', days61to90: '1100.00', over90: '700.00', outstanding: '3000.00' },
    ]);
    expect(table(doc, 'ageing').totals).toEqual({ current: '800.30', days1to30: '1750.09', days31to60: '700.03', days61to90: '1100.00', over90: '700.00', outstanding: '5050.42' });
    expect(doc.charts.find((c) => c.id === 'ageing')?.series[0]?.values).toEqual(['800.30', '1750.09', '700.03', '1100.00', '700.00']);
  });

  it('lists every invoice of the range by status, the unbilled ones apart', async () => {
    const doc = await read(MARCH);
    expect(table(doc, 'statuses').rows).toEqual([
      { status: 'Approved, unpaid', billed: 'Yes', invoices: 7, amount: '4000.30' },
      { status: 'Partially paid', billed: 'Yes', invoices: 1, amount: '2000.10' },
      { status: 'Paid', billed: 'Yes', invoices: 1, amount: '1000.00' },
      { status: 'Sent', billed: 'Yes', invoices: 1, amount: '300.03' },
      { status: 'Draft', billed: 'No', invoices: 1, amount: '99.00' },
      { status: 'Cancelled', billed: 'No', invoices: 1, amount: '77.00' },
      { status: 'Rejected', billed: 'No', invoices: 1, amount: '55.00' },
    ]);
  });

  it('counts both ends of the range and nothing outside it, on the created day or the due day', async () => {
    expect(fact(await read('from=2026-03-01&to=2026-03-01'), 'Billed')).toBe('1000.00');
    expect(fact(await read('from=2026-03-31&to=2026-03-31'), 'Billed')).toBe('2000.10');
    expect(fact(await read('from=2026-02-28&to=2026-02-28'), 'Billed')).toBe('11.00');
    expect(fact(await read('from=2026-04-01&to=2026-04-30'), 'Billed')).toBe('13.00');
    // Due from 31 days ago to yesterday, both included, whenever created: 1,000.00 + 2,000.10 + 300.03, and 11.00 and 13.00
    // created outside March, due 5 days ago.
    const due = await read(`dates=due&from=${w.day(-31)}&to=${w.day(-1)}`);
    expect(fact(due, 'Billed')).toBe('3324.13');
    expect(due.subtitle).toContain('due from');
    // Due from 91 to 60 days ago: 400.00 + 500.00 + 600.00 + 700.00.
    expect(fact(await read(`dates=due&from=${w.day(-91)}&to=${w.day(-60)}`), 'Billed')).toBe('2200.00');
  });

  it('groups per client, a project without one apart', async () => {
    const doc = await read(`${MARCH}&groupBy=client`);
    expect(table(doc, 'groups').rows.map((r) => [r.group, r.billed])).toEqual([
      ['Ledger Client Utility', '4300.43'],
      ['No client', '3000.00'],
    ]);
  });

  it('with a subcontractor, reads the invoices it sent the company instead, never its drafts', async () => {
    const doc = await read(`${MARCH}&subcontractorId=${w.sub.companyId}`);
    expect(doc.title).toBe('Invoices from Ledger Trenching');
    expect(table(doc, 'groups').rows).toEqual([{ group: 'North Loop', invoices: 1, billed: '250.00', paid: '0.00', retainage: '25.00', outstanding: '225.00', overdue: '225.00' }]);
    expect(table(doc, 'ageing').totals).toMatchObject({ current: '0.00', days31to60: '225.00', outstanding: '225.00' });
    // The same company as a client, or a company that is no subcontractor of it: not found.
    expect((await callAs(server(), w.owner, 'GET', `/reports/invoices?subcontractorId=${w.client.companyId}`)).status).toBe(404);
    expect((await callAs(server(), w.owner, 'GET', `/reports/invoices?subcontractorId=${w.other.companyId}`)).status).toBe(404);
  });

  it('agrees with the dashboard widget asking the same of the figures model', async () => {
    const doc = await read(MARCH);
    const billed = { field: 'status', operator: 'in', value: ['submit', 'unpaid', 'partially_paid', 'paid'] };
    const ask = (field: string, filters: unknown[] = []) =>
      callAs(server(), w.owner, 'POST', '/advanced-filter/data', { source: 'invoice', measure: { fn: 'sum', field }, groupBy: 'project', filters: [billed, ...filters], range: { from: '2026-03-01', to: '2026-03-31' } });
    expect((await ask('amount')).body.total).toBe(fact(doc, 'Billed'));
    expect((await ask('paid')).body.total).toBe(fact(doc, 'Paid'));
    expect((await ask('retainage')).body.total).toBe(fact(doc, 'Retainage held'));
    expect((await ask('outstanding')).body.total).toBe(fact(doc, 'Outstanding'));
    const overdue = await ask('outstanding', [{ field: 'due', operator: 'lt', value: w.day(0) }]);
    expect(overdue.body.unit).toBe('money');
    expect(overdue.body.total).toBe(fact(doc, 'Overdue'));
    const received = await callAs(server(), w.owner, 'POST', '/advanced-filter/data', {
      source: 'invoice_received',
      measure: { fn: 'sum', field: 'outstanding' },
      filters: [billed, { field: 'subcontractor', operator: 'eq', value: w.sub.companyId }],
      range: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(received.body.total).toBe('225.00');
  });

  it('downloads the same figures as xlsx and as a PDF', async () => {
    const xlsx = await callAs(server(), w.owner, 'GET', `/reports/invoices/download/xlsx?${MARCH}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('Invoices_2026-03-01_2026-03-31.xlsx');
    const pdf = await server().app.inject({ method: 'GET', url: `/api/v1/reports/invoices/download/pdf?${MARCH}`, headers: { authorization: `Bearer ${w.owner.token}`, ...w.owner.headers } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('$5,050.42');
    expect(text).toContain('$1,750.09');
    expect(text).toContain('South Yard');
  });

  it('refuses plain members, claims and human resources, and bad queries', async () => {
    for (const role of ['Member', 'Claims', 'HumanResources']) {
      const m = await memberOf(server(), w, role);
      expect((await callAs(server(), m, 'GET', `/reports/invoices?${MARCH}`)).status, role).toBe(403);
      expect((await callAs(server(), m, 'GET', `/reports/invoices/download/xlsx?${MARCH}`)).status, role).toBe(403);
    }
    const pm = await memberOf(server(), w, 'ProjectManager');
    expect(fact(await read(MARCH, pm), 'Billed')).toBe('7300.43');
    for (const bad of ['from=2026-03-31&to=2026-03-01', 'from=2026-02-30', 'groupBy=status', 'dates=paid', 'subcontractorId=abc', 'projectId=1']) {
      expect((await callAs(server(), w.owner, 'GET', `/reports/invoices?${bad}`)).status, bad).toBe(400);
    }
  });

  it("never counts another company's invoices", async () => {
    const mine = await read(MARCH, w.other);
    expect(fact(mine, 'Billed')).toBe('777.77');
    expect(table(mine, 'groups').rows.map((r) => r.group)).toEqual(['Elsewhere']);
    expect((await callAs(server(), w.other, 'GET', `/reports/invoices?subcontractorId=${w.sub.companyId}`)).status).toBe(404);
  });
});
