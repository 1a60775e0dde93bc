import { beforeAll, expect, it } from 'vitest';
import type { ReportDocument } from '../../resources/report.js';
import { describeEachDatabase } from './harness.js';
import { figuresWorld, memberOf, type FiguresWorld } from './figures-helpers.js';
import { pdfText } from './pdf-text.js';
import { callAs } from './project-helpers.js';

/** Figures worked out by hand from figures-helpers.ts: North Loop's budget and its March production. */
describeEachDatabase('reports: project production', (server) => {
  let w: FiguresWorld;
  beforeAll(async () => {
    w = await figuresWorld(server());
  });
  const path = (query: string) => `/reports/project-production?${query}`;
  const read = async (query: string): Promise<ReportDocument> => {
    const res = await callAs(server(), w.owner, 'GET', path(query));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const table = (doc: ReportDocument, id: string) => doc.tables.find((t) => t.id === id)!;

  it('sums approved production per item, crew and day against the plan, exactly', async () => {
    const doc = await read(`projectId=${w.north.id}&from=2026-03-01&to=2026-03-31`);
    expect(doc.range).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    // Planned: 1,000 × 0.10 = 100.00 and 3 × 1,234.56 = 3,703.68. Produced (approved only): 30 × 1 × 0.10 = 3.00;
    // Bravo's 2.5 handholes are only submitted.
    expect(table(doc, 'items').rows).toEqual([
      { item: 'Conduit 2in', unit: null, plannedQuantity: '1000', plannedAmount: '100.00', producedQuantity: '30', producedAmount: '3.00', complete: 3 },
      { item: 'Handhole', unit: null, plannedQuantity: '3', plannedAmount: '3703.68', producedQuantity: '0', producedAmount: '0.00', complete: 0 },
    ]);
    // 3.00 / 3,803.68 = 0.0789 %: 0.08 rounded half up.
    expect(table(doc, 'items').totals).toEqual({ plannedAmount: '3803.68', producedAmount: '3.00', complete: 0.08 });
    expect(table(doc, 'crews').rows).toEqual([{ crew: 'Alpha', producedAmount: '3.00', share: 100 }]);
    expect(table(doc, 'days').rows).toEqual([{ day: '2026-03-02', producedAmount: '3.00' }]);
    expect(doc.facts.find((f) => f.label === 'Produced in range')?.value).toBe('3.00');
  });

  it('counts both ends of the range and nothing outside it', async () => {
    expect(table(await read(`projectId=${w.north.id}&from=2026-03-02&to=2026-03-02`), 'days').rows).toEqual([{ day: '2026-03-02', producedAmount: '3.00' }]);
    const after = await read(`projectId=${w.north.id}&from=2026-03-03&to=2026-03-31`);
    expect(table(after, 'days').rows).toEqual([]);
    expect(table(after, 'items').totals?.producedAmount).toBe('0.00');
  });

  it('agrees with the dashboard widget asking the same of the figures model', async () => {
    const widget = await callAs(server(), w.owner, 'POST', '/advanced-filter/data', {
      source: 'production',
      measure: { fn: 'sum', field: 'amount' },
      groupBy: 'item',
      filters: [{ field: 'project', operator: 'eq', value: w.north.id }, { field: 'status', operator: 'eq', value: 'approved' }],
      range: { from: '2026-03-01', to: '2026-03-31' },
    });
    const doc = await read(`projectId=${w.north.id}&from=2026-03-01&to=2026-03-31`);
    expect(table(doc, 'items').totals?.producedAmount).toBe(widget.body.total);
  });

  it('downloads the same figures as xlsx and as a PDF', async () => {
    const query = `projectId=${w.north.id}&from=2026-03-01&to=2026-03-31`;
    const xlsx = await callAs(server(), w.owner, 'GET', `/reports/project-production/download/xlsx?${query}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/Project_Production_.*_2026-03-01_2026-03-31\.xlsx/);
    const pdf = await server().app.inject({ method: 'GET', url: `/api/v1/reports/project-production/download/pdf?${query}`, headers: { authorization: `Bearer ${w.owner.token}`, ...w.owner.headers } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('$3,703.68');
    expect(text).toContain('Alpha');
  });

  it('refuses plain members, claims and human resources, and bad queries', async () => {
    for (const role of ['Member', 'Claims', 'HumanResources']) {
      const m = await memberOf(server(), w, role);
      const res = await callAs(server(), m, 'GET', path(`projectId=${w.north.id}`));
      expect(res.status, role).toBe(403);
      expect((await callAs(server(), m, 'GET', `/reports/project-production/download/pdf?projectId=${w.north.id}`)).status, role).toBe(403);
    }
    const pm = await memberOf(server(), w, 'ProjectManager');
    expect((await callAs(server(), pm, 'GET', path(`projectId=${w.north.id}`))).status).toBe(200);
    expect((await callAs(server(), w.owner, 'GET', path(`projectId=${w.north.id}&from=2026-03-31&to=2026-03-01`))).status).toBe(400);
    expect((await callAs(server(), w.owner, 'GET', path(`projectId=${w.north.id}&from=2026-02-30`))).status).toBe(400);
    expect((await callAs(server(), w.owner, 'GET', path(`projectId=${w.north.id}&crew=1`))).status).toBe(400);
    expect((await callAs(server(), w.owner, 'GET', `/reports/project-production/download/csv?projectId=${w.north.id}`)).status).toBe(400);
  });

  it("never shows another company's project", async () => {
    expect((await callAs(server(), w.owner, 'GET', path(`projectId=${w.elsewhere.id}`))).status).toBe(404);
    expect((await callAs(server(), w.other, 'GET', path(`projectId=${w.north.id}`))).status).toBe(404);
  });
});
