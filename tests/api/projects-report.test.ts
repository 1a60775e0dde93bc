import ExcelJS from 'exceljs';
import { formatInstant, todayIn } from '../../resources/time-zone.js';
import { reportRange } from '../../server/modules/projects/project-production-report.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { productionRow } from './production-rows.js';
import { API, callAs, clientProject, projectFixture, type CompanySide } from './project-helpers.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function category(s: TestServer, side: CompanySide, name: string) {
  const res = await callAs(s, side, 'POST', `/companies/${side.companyId}/item-categories`, { name, color: '#336699' });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function item(s: TestServer, side: CompanySide, name: string, extra: Record<string, unknown> = {}) {
  const res = await callAs(s, side, 'POST', '/items', { name, code: name.toUpperCase(), ...extra });
  if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Budget lines written straight into the budget: the budget items API is its own area's. */
async function budgetItem(s: TestServer, budgetId: number, itemId: number, quantity: number, priceCents: number) {
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: budgetId, item_id: itemId, report_weight: 0, quantity, price_cents: priceCents, description: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST …/report/production as a company side, the answer's bytes kept. */
const report = (s: TestServer, side: CompanySide, projectId: number, body: unknown = {}) =>
  s.app.inject({
    method: 'POST',
    url: `${API}/projects/${projectId}/report/production`,
    headers: { authorization: `Bearer ${side.token}`, ...side.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function sheetOf(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** Rows as plain values, from `from` on (1-based), each trimmed of empty cells at its end. */
function values(sheet: ExcelJS.Worksheet, from: number) {
  const out: unknown[][] = [];
  for (let r = from; r <= sheet.rowCount; r++) {
    const row = Array.from((sheet.getRow(r).values as unknown[]).slice(1), (v) => (v === undefined ? null : v));
    while (row.length && row.at(-1) === null) row.pop();
    out.push(row);
  }
  return out;
}

const MONEY = '#,##0.00';
const HEADER_ROW = 9;

describeEachDatabase('projects: production report', (server) => {
  it('answers an xlsx with the header block, one row per budget item with exact money, and the totals', async () => {
    const s = server();
    const f = await projectFixture(s);
    const materials = await category(s, f.owner, 'Materials');
    const cable = await item(s, f.owner, 'cable', { unit: 'ft', categoryId: materials });
    const conduit = await item(s, f.owner, 'conduit', { unit: 'ea' });
    const p = await clientProject(s, f, { projectName: 'Main Street Fiber', code: 'MSF/7', timezone: 'America/Chicago', startDate: '2026-02-01' });
    await budgetItem(s, p.budgetId!, cable, 3, 10);
    await budgetItem(s, p.budgetId!, conduit, 1_000_000, 99_999_999);

    // The day as formatInstant writes it: 'Mar 5, 2026'.
    const usDay = () => formatInstant(`${todayIn('America/Chicago')}T12:00:00Z`, 'UTC').replace(/, \d{1,2}:.*$/, '');
    const dayBefore = usDay();
    const res = await report(s, f.owner, p.id, { from: '2026-03-01', to: '2026-03-31', type: 'xlsx' });
    const dayAfter = usDay();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Production_Report_MSF-7_03012026_03312026.xlsx"');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Production report');
    // The header block: a title across the sheet, then a label and its value (merged across B:F).
    const head = [1, 2, 3, 4, 5, 6, 7].map((r) => [sheet.getCell(`A${r}`).value, sheet.getCell(`B${r}`).value]);
    expect(sheet.getCell('A1').isMerged && sheet.getCell('J1').isMerged && sheet.getCell('F2').isMerged).toBe(true);
    expect(head[0]![0]).toBe('Production report');
    expect(head.slice(1, 6)).toEqual([
      ['Project', 'Main Street Fiber'],
      ['Code', 'MSF/7'],
      ['Company', f.owner.companyName],
      ['Client', f.client.companyName],
      ['Range', '03/01/2026 – 03/31/2026'],
    ]);
    expect(head[6]![0]).toBe('Generated');
    expect(head[6]![1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M C[SD]T$/);
    expect([dayBefore, dayAfter].some((d) => String(head[6]![1]).startsWith(d))).toBe(true);

    expect(values(sheet, HEADER_ROW)).toEqual([
      ['Item', 'Code', 'Unit', 'Category', 'Budgeted quantity', 'Unit price', 'Planned amount', 'Produced quantity', 'Produced amount', '% complete'],
      // 3 × 0.10 is 0.30, not 0.30000000000000004.
      ['cable', 'CABLE', 'ft', 'Materials', 3, 0.1, 0.3, 0, 0, 0],
      ['conduit', 'CONDUIT', 'ea', null, 1_000_000, 999_999.99, 999_999_990_000, 0, 0, 0],
      ['Totals', null, null, null, null, null, 999_999_990_000.3, null, 0, 0],
    ]);
    for (const cell of ['F10', 'G10', 'I10', 'G11', 'G12', 'I12']) expect(sheet.getCell(cell).numFmt, cell).toBe(MONEY);
    expect(sheet.getCell('J10').numFmt).toBe('0.00%');
    expect(sheet.getCell('E11').numFmt).toBe('#,##0');

    // Laid out to print: frozen under the column headers, landscape one page wide, headers on every page.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}` });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(30);
    expect(sheet.getColumn(7).width).toBeGreaterThanOrEqual(20);
  });

  it('fills the produced columns from approved production dated in the range, exactly, at the items’ prices', async () => {
    const s = server();
    const f = await projectFixture(s);
    const materials = await category(s, f.owner, 'Materials');
    const cable = await item(s, f.owner, 'cable', { unit: 'ft', categoryId: materials });
    const conduit = await item(s, f.owner, 'conduit', { unit: 'ea' });
    const p = await clientProject(s, f, { timezone: 'America/Chicago' });
    const cableLine = await budgetItem(s, p.budgetId!, cable, 3, 10);
    const conduitLine = await budgetItem(s, p.budgetId!, conduit, 1_000_000, 99_999_999);
    const own = { projectId: p.id, companyId: f.owner.companyId };
    // In the range: 0.1 + 0.2 of cable, 0.001 of conduit; outside it (a day before, a day after) and not approved: nothing.
    await productionRow(s, { ...own, date: '2026-03-01', items: [{ budgetItemId: cableLine, quantityE3: 100 }] });
    await productionRow(s, { ...own, date: '2026-03-31', items: [{ budgetItemId: cableLine, quantityE3: 200 }, { budgetItemId: conduitLine, quantityE3: 1 }] });
    await productionRow(s, { ...own, date: '2026-02-28', items: [{ budgetItemId: cableLine, quantityE3: 1000 }] });
    await productionRow(s, { ...own, date: '2026-04-01', items: [{ budgetItemId: cableLine, quantityE3: 1000 }] });
    for (const status of ['draft', 'submitted', 'rejected'] as const) {
      await productionRow(s, { ...own, date: '2026-03-15', status, items: [{ budgetItemId: cableLine, quantityE3: 5000 }, { budgetItemId: conduitLine, quantityE3: 5000 }] });
    }
    const sheet = await sheetOf((await report(s, f.client, p.id, { from: '2026-03-01', to: '2026-03-31' })).rawPayload);
    expect(values(sheet, HEADER_ROW + 1)).toEqual([
      // 0.3 of 3 ft at 0.10: 0.03, 10 % complete.
      ['cable', 'CABLE', 'ft', 'Materials', 3, 0.1, 0.3, 0.3, 0.03, 0.1],
      // 0.001 × 999,999.99 = 999.99999, rounded half up to 1,000.00.
      ['conduit', 'CONDUIT', 'ea', null, 1_000_000, 999_999.99, 999_999_990_000, 0.001, 1000, 0],
      // The exact sum rounded once: 100,002.999 cents.
      ['Totals', null, null, null, null, null, 999_999_990_000.3, null, 1000.03, 0],
    ]);
    expect([sheet.getCell('H10').numFmt, sheet.getCell('H11').numFmt]).toEqual(['#,##0.0', '#,##0.000']);
  });

  it('writes amounts past 15 digits as text with every digit, and an empty budget as its totals', async () => {
    const s = server();
    const f = await projectFixture(s);
    const cable = await item(s, f.owner, 'cable');
    const huge = await clientProject(s, f);
    await budgetItem(s, huge.budgetId!, cable, 10_000_000, 99_999_999_999);
    await budgetItem(s, huge.budgetId!, cable, 1, 1);
    const sheet = await sheetOf((await report(s, f.owner, huge.id, { from: '2026-01-01', to: '2026-01-31' })).rawPayload);
    expect(values(sheet, HEADER_ROW + 1)).toEqual([
      ['cable', 'CABLE', null, null, 10_000_000, 999_999_999.99, '9,999,999,999,900,000.00', 0, 0, 0],
      ['cable', 'CABLE', null, null, 1, 0.01, 0.01, 0, 0, 0],
      ['Totals', null, null, null, null, null, '9,999,999,999,900,000.01', null, 0, 0],
    ]);
    expect(sheet.getCell('G10').alignment).toMatchObject({ horizontal: 'right' });

    const empty = await clientProject(s, f);
    const emptySheet = await sheetOf((await report(s, f.owner, empty.id, { from: '2026-01-01', to: '2026-01-31' })).rawPayload);
    expect(values(emptySheet, HEADER_ROW + 1)).toEqual([['Totals', null, null, null, null, null, 0, null, 0]]);
  });

  it("defaults the range to the project's start date, or the first of the month, and today where the project is", async () => {
    const s = server();
    const f = await projectFixture(s);
    const started = await clientProject(s, f, { code: 'DEF-1', startDate: '2025-01-15', timezone: 'Asia/Tokyo' });
    const today = todayIn('Asia/Tokyo');
    const mmddyyyy = (d: string) => `${d.slice(5, 7)}${d.slice(8, 10)}${d.slice(0, 4)}`;
    const res = await report(s, f.owner, started.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Production_Report_DEF-1_01152025_${mmddyyyy(today)}.xlsx"`);
    const nulls = await report(s, f.owner, started.id, { from: null, to: '' });
    expect(nulls.headers['content-disposition']).toBe(res.headers['content-disposition']);

    expect(reportRange({ start_date: null, timezone: 'UTC' }, {}, new Date('2026-03-17T12:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(reportRange({ start_date: '2026-05-01', timezone: 'UTC' }, {}, new Date('2026-03-17T12:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(reportRange({ start_date: '2026-02-10', timezone: 'UTC' }, { to: '2026-04-30' })).toEqual({ from: '2026-02-10', to: '2026-04-30' });
    // A start after today: `to` follows it.
    expect(reportRange({ start_date: null, timezone: 'UTC' }, { from: '2999-01-01' }, new Date('2026-03-17T12:00:00Z'))).toEqual({ from: '2999-01-01', to: '2999-01-01' });
    // Today where the project is: still the 16th in Chicago.
    expect(reportRange({ start_date: null, timezone: 'America/Chicago' }, {}, new Date('2026-03-17T03:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-16' });
  });

  it('refuses a range that ends before it starts, an impossible date and another type with 400', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const refused = async (body: unknown, field: string) => {
      const res = await callAs(s, f.owner, 'POST', `/projects/${p.id}/report/production`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await refused({ from: '2026-03-31', to: '2026-03-01' }, 'to');
    await refused({ from: '2026-02-30', to: '2026-03-01' }, 'from');
    await refused({ from: '2026-03-01', to: '2026-13-01' }, 'to');
    await refused({ from: '03/01/2026' }, 'from');
    await refused({ from: '2026-03-01T00:00:00Z' }, 'from');
    await refused({ type: 'pdf' }, 'type');
    expect((await report(s, f.owner, p.id, { from: '2026-03-01', to: '2026-03-01' })).statusCode).toBe(200);
  });

  it('lets every related company download (owner, client, crew company) and answers 404 to any other, before reading the body', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f, { code: 'REL-1' });
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    for (const side of [f.owner, f.client, f.sub]) {
      const res = await report(s, side, p.id, { from: '2026-03-01', to: '2026-03-31' });
      expect(res.statusCode, side.companyName).toBe(200);
      const sheet = await sheetOf(res.rawPayload);
      expect(sheet.getCell('B3').value).toBe('REL-1');
    }
    for (const body of [{ from: '2026-03-01', to: '2026-03-31' }, { from: 'nonsense' }]) {
      const res = await callAs(s, f.stranger, 'POST', `/projects/${p.id}/report/production`, body);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('REL-1');
    }
    expect((await callAs(s, f.owner, 'POST', `/projects/999999/report/production`, {})).status).toBe(404);
  });
});
