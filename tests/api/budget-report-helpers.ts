import { expect } from 'vitest';
import { addItems, budgetWorld, call, side, subProject } from './budgets-helpers.js';
import type { TestServer } from './harness.js';
import { invoiceRow, productionRow } from './production-rows.js';
import { callAs, createProject } from './project-helpers.js';

/**
 * The owner's project Main Street Fiber (budgets-helpers.ts) and the sub-project its subcontractor runs
 * under it. Owner's budget, as it stands once Pipe's change order is accepted:
 *   Asphalt (Materials)   10 × 12.50        =        125.00
 *   Pipe (Pipes < Materials) 120 × 3.50     =        420.00  (was 100 × 3.33: +87.00 accepted)
 *   Labor (no category)    8 × 45.00        =        360.00  (a sent change order to 10 would add 90.00)
 *   Vault (no category)    3 × 999,999.99   =  2,999,999.97
 *                                               3,000,904.97
 * The subcontractor's sub-project budget: Bore 3 × 0.10 = 0.30 (3,000,905.27 with the owner's).
 * Approved production: Asphalt 0.1 on 03-02 (1.25); Asphalt 0.2 (2.50) and Pipe 100.5 (351.75) on 03-03;
 * Labor 8 by the subcontractor's crew on the owner's project on 03-04 (360.00); Vault 0.333 on 03-05
 * (332,999.99667 → 333,000.00); Bore 2 on the sub-project on 03-31 (0.20); a draft, a submitted and a
 * rejected production that count nowhere. Billed by the owner: 03-03's asphalt (2.50, paid) and pipe at
 * the invoice's 3.33 (334.665 → 334.67, unpaid); a draft, a rejected and a cancelled invoice and the
 * subcontractor's own invoice to the owner bill nothing of the owner's budget.
 */
export async function reportWorld(s: TestServer) {
  const w = await budgetWorld(s);
  const vaultItem = (await call(s, side(w.owner))('POST', '/items', { name: 'Vault', unit: 'ea' })).body.id;
  const [asphalt, pipe, labor, vault] = (await addItems(s, w, [
    { itemId: w.items.asphalt, quantity: 10, price: '12.50' },
    { itemId: w.items.pipe, quantity: 100, price: '3.33' },
    { itemId: w.items.labor, quantity: 8, price: 45 },
    { itemId: vaultItem, quantity: 3, price: '999999.99' },
  ])).map((l) => l.id) as [number, number, number, number];
  await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
  const owner = call(s, side(w.owner));
  const accepted = await owner('POST', `${w.base}/change-orders`, { itemId: pipe, quantity: 120 });
  await owner('POST', `${w.base}/change-orders/${accepted.body.id}/send`, { price: '3.50' });
  expect((await call(s, side(w.client))('POST', `${w.base}/change-orders/${accepted.body.id}/accept`)).status).toBe(200);
  const pending = await owner('POST', `${w.base}/change-orders`, { itemId: labor, quantity: 10 });
  expect((await owner('POST', `${w.base}/change-orders/${pending.body.id}/send`, { price: '45.00' })).status).toBe(200);
  await owner('POST', `${w.base}/change-orders`, { itemId: asphalt, quantity: 1000 });

  const sub = await subProject(s, w);
  const bore = (await call(s, side(w.sub))('POST', '/items', { name: 'Bore' })).body.id;
  const boreLine = (await call(s, side(w.sub))('POST', `${sub.base}/items`, { itemId: bore, quantity: 3, price: '0.10' })).body.id;

  const own = { projectId: w.projectId, companyId: w.owner.companyId };
  const a = await productionRow(s, { ...own, date: '2026-03-02', items: [{ budgetItemId: asphalt, quantityE3: 100 }] });
  const b = await productionRow(s, { ...own, date: '2026-03-03', items: [{ budgetItemId: asphalt, quantityE3: 200 }, { budgetItemId: pipe, quantityE3: 100_500 }] });
  const c = await productionRow(s, { projectId: w.projectId, companyId: w.sub.companyId, ownerId: w.owner.companyId, date: '2026-03-04', items: [{ budgetItemId: labor, quantityE3: 8000 }] });
  const d = await productionRow(s, { ...own, date: '2026-03-05', items: [{ budgetItemId: vault, quantityE3: 333 }] });
  await productionRow(s, { projectId: sub.projectId, companyId: w.sub.companyId, date: '2026-03-31', items: [{ budgetItemId: boreLine, quantityE3: 2000 }] });
  for (const status of ['draft', 'submitted', 'rejected'] as const) {
    await productionRow(s, { ...own, date: '2026-03-03', status, items: [{ budgetItemId: asphalt, quantityE3: 1_000_000 }, { budgetItemId: labor, quantityE3: 5000 }] });
  }
  const line = (p: { id: number; itemIds: number[] }, i: number, budgetItemId: number, quantityE3: number, priceCents: number) => ({ productionId: p.id, productionItemId: p.itemIds[i]!, budgetItemId, quantityE3, priceCents });
  const billing = { companyId: w.owner.companyId, projectId: w.projectId, clientId: w.client.companyId };
  await invoiceRow(s, { ...billing, status: 'paid', lines: [line(b, 0, asphalt, 200, 1250)] });
  await invoiceRow(s, { ...billing, status: 'unpaid', lines: [line(b, 1, pipe, 100_500, 333)] });
  await invoiceRow(s, { ...billing, status: 'draft', lines: [line(a, 0, asphalt, 100, 1250)] });
  await invoiceRow(s, { ...billing, status: 'rejected', lines: [line(d, 0, vault, 333, 99_999_999)] });
  await invoiceRow(s, { ...billing, status: 'cancelled', lines: [line(b, 1, pipe, 100_500, 350)] });
  await invoiceRow(s, { companyId: w.sub.companyId, projectId: w.projectId, clientId: w.owner.companyId, status: 'submit', lines: [line(c, 0, labor, 8000, 4500)] });

  // A project of the owner's in Auckland: 2 × 10.00 planned, 1.5 produced on the last day of March there.
  const harbour = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Harbour', timezone: 'Pacific/Auckland' });
  const rope = await callAs(s, w.owner, 'POST', `/projects/${harbour.id}/budgets/${harbour.budgetId}/items/multiple`, { items: [{ itemId: w.items.labor, quantity: 2, price: 10 }] });
  await productionRow(s, { projectId: harbour.id, companyId: w.owner.companyId, date: '2026-03-31', items: [{ budgetItemId: rope.body[0].id, quantityE3: 1500 }] });
  return { ...w, subProjectId: sub.projectId, harbour, lines: { asphalt, pipe, labor, vault, bore: boreLine } };
}
export type ReportWorld = Awaited<ReturnType<typeof reportWorld>>;
