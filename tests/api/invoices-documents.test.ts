import ExcelJS from 'exceljs';
import { side } from './budgets-helpers.js';
import { describeEachDatabase, multipart, TINY_PNG, type TestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production, type InvoiceWorld } from './invoices-helpers.js';
import { pdfText } from './pdf-text.js';
import type { Caller } from './budgets-helpers.js';

const API = '/api/v1';
const raw = (s: TestServer, who: Caller, method: 'GET' | 'POST', url: string, body?: unknown) =>
  s.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${who.token}`, ...who.headers }, ...(body === undefined ? {} : { payload: body as object }) });

async function sheetRows(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An invoice of `lines` lines of asphalt, 0.001 more on each (12.50 each). */
async function bigInvoice(s: TestServer, w: InvoiceWorld, lines: number) {
  const p = await production(s, w, 'owner', []);
  const at = new Date().toISOString();
  const rows = Array.from({ length: lines }, (_, i) => ({ production_id: p.id, budget_item_id: w.budgetItems.asphalt, quantity_e3: 1000 + i, photos_number: 0, description: null, station_id: null, source: 'manual', created_by: null, created_at: at, updated_at: at }));
  for (let i = 0; i < rows.length; i += 500) await s.services.db.insertInto('production_items').values(rows.slice(i, i + 500)).execute();
  const ids = (await s.services.db.selectFrom('production_items').select('id').where('production_id', '=', p.id).orderBy('id').execute()).map((r) => r.id);
  return createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: [{ id: p.id, items: ids.map((id) => ({ id })) }] });
}

describeEachDatabase('invoices: PDF and report', (server) => {
  it('renders the invoice as a PDF with the issuer, its logo, the billed company, lines, totals, remit-to and footer', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = side(w.owner);
    await s.call('POST', `${API}/companies/${w.owner.companyId}/invoice`, {
      token: owner.token,
      headers: owner.headers,
      body: { invoiceNumberPrefix: 'OP-', nextInvoiceNumber: 7, paymentTermsDays: 30, defaultRetainagePercent: '10', remitTo: 'PO Box 77, Austin TX', footerNotes: 'Thank you for your business' },
    });
    const logo = multipart({ type: 'logo' }, { name: 'logo.png', type: 'image/png', bytes: TINY_PNG });
    expect((await s.call('POST', `${API}/companies/${w.owner.companyId}/files`, { token: owner.token, headers: { ...owner.headers, ...logo.headers }, body: logo.body })).status).toBeLessThan(300);
    const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 12_500], [w.budgetItems.pipe, 1000]]);
    const invoice = await createInvoice(s, owner, w.owner.companyId, { projectId: w.projectId, productions: billing(p), status: 'submit' });
    expect(invoice.issuer.logoUrl).toMatch(/^\/api\/v1\/staticfiles\//);

    const res = await raw(s, owner, 'GET', `/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Invoice_OP-7.pdf"');
    const { text } = await pdfText(res.rawPayload);
    for (const expected of ['Invoice OP-7', w.owner.companyName, `Bill to: ${w.client.companyName}`, 'Asphalt', 'Pipe', '$156.25', '$999,999.99', '$1,000,156.24', 'Retainage (10 %)', '$900,140.62', 'PO Box 77, Austin TX', 'Thank you for your business', 'Page 1 of 1']) {
      expect(text).toContain(expected);
    }
    // The billed company downloads it too once sent.
    expect((await raw(s, side(w.client), 'GET', `/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
  });

  it('renders an invoice of 5,000 lines over many pages in well under 3 s', { timeout: 60_000 }, async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const invoice = await bigInvoice(s, w, 5000);
    expect(invoice.lines).toHaveLength(5000);
    const started = performance.now();
    const res = await raw(s, side(w.owner), 'GET', `/invoices/${invoice.id}/pdf`);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(took).toBeLessThan(3000);
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(50);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(`$${invoice.subtotal.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
  });

  it('answers the invoice report as an xlsx grouped as asked, with totals summed exactly', async () => {
    const s = server();
    const w = await invoiceWorld(s);
    const owner = side(w.owner);
    const make = async (quantityE3: number, by: 'owner' | 'sub' = 'owner') => {
      const p = await production(s, w, by, [[w.budgetItems.pipe, quantityE3], [w.budgetItems.labor, 100]]);
      const who = by === 'owner' ? w.owner : w.sub;
      return createInvoice(s, side(who), who.companyId, { projectId: w.projectId, productions: billing(p), retainage: '33.333', dueDate: '2026-05-15', status: 'submit' });
    };
    const a = await make(100);
    const b = await make(200);
    const cancelled = await make(300);
    await s.call('POST', `${API}/invoices/${cancelled.id}/cancelled`, { token: owner.token, headers: owner.headers, body: { reason: 'x' } });
    const fromSub = await make(400, 'sub');
    const range = { from: '2026-05-01', to: '2026-05-31' };

    const res = await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range, groupBy: 'status', groupByField: 'dueDate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Invoice_Report_05012026_05312026.xlsx"');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Invoice report']);
    const numbers = rows.map((r) => r[0]);
    expect(numbers).toContain(a.number);
    expect(numbers).toContain(b.number);
    expect(numbers).not.toContain(cancelled.number);
    const totals = rows.at(-1)!;
    // 100,000.00 + 0.01 and 200,000.00 + 0.01 (0.1 and 0.2 of 999,999.99 rounded), 33.333 % held on each: 33,333.00 and 66,666.00.
    expect(totals.slice(0, 2)).toEqual(['Totals', '2 invoices']);
    expect(totals.slice(6)).toEqual([300000.02, 99999, 0, 200001.02, 0, 200001.02]);

    const items = await sheetRows((await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range, groupBy: 'item', groupByField: 'dueDate' })).rawPayload);
    expect(items.filter((r) => r[0] === 'Pipe' || r[0] === 'Labor').map((r) => [r[0], r[3], r[4]])).toEqual([
      ['Labor', 0.2, 0.02],
      ['Pipe', 0.3, 300000],
    ]);
    const received = await sheetRows((await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range, sourceSubcontractor: w.sub.companyId, groupBy: 'month', groupByField: 'dueDate' })).rawPayload);
    expect(received.filter((r) => r[0] === fromSub.number)).toHaveLength(1);
    expect(received.at(-1)!.slice(0, 2)).toEqual(['Totals', '1 invoice']);
    const bad = await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range: { from: '2026-05-31', to: '2026-05-01' } });
    expect(bad.statusCode).toBe(400);
    expect((await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range, sourceSubcontractor: w.stranger.companyId })).statusCode).toBe(400);
    for (const groupBy of ['project', 'client', 'week']) {
      for (const groupByField of ['createdAt', 'dueDate', 'weekEndingDate']) {
        const r = await raw(s, owner, 'POST', `/invoices/${w.owner.companyId}/report`, { range, groupBy, groupByField });
        expect(r.statusCode, `${groupBy} ${groupByField}`).toBe(200);
      }
    }
  });
});
