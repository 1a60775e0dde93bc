import { call } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { approvedProduction, productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';

/** The asphalt item's running sums and what the budget details answer for it. */
async function asphalt(s: TestServer, w: ProductionWorld) {
  const row = await s.services.db.selectFrom('budget_items').select(['produced_e3', 'billed_cents']).where('id', '=', w.budgetItems.asphalt).executeTakeFirstOrThrow();
  const details = await call(s, w.people.owner)('GET', `/projects/${w.projectId}/budget-details/${w.owner.companyId}/0?_end=200`);
  const line = details.body.rows.find((r: { budgetItemId: number }) => r.budgetItemId === w.budgetItems.asphalt);
  return { stored: [Number(row.produced_e3), Number(row.billed_cents)], produced: line.producedQuantity, billed: line.billedAmount, totals: details.body.totals };
}

describeEachDatabase("budget items' running sums of production and billing", (server) => {
  it('follow every move: approval, amend, an invoice sent, rejected, sent again and cancelled; drafts and submissions never count', async () => {
    const s = server();
    const w = await productionWorld(s);
    const owner = call(s, w.people.owner);
    expect((await asphalt(s, w)).stored).toEqual([0, 0]);

    // A subcontractor's production counts once the owner approves it too; a draft and a submitted one never.
    const sub = await approvedProduction(s, w, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '0.1' }, { budgetItemId: w.budgetItems.asphalt, quantity: '0.2' }] });
    await recordProduction(s, w, w.people.ownerLeader, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '40' }] });
    const waiting = await recordProduction(s, w, w.people.ownerLeader, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '7' }] });
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/${waiting.id}/submit`)).status).toBe(200);
    const ours = await approvedProduction(s, w, { by: 'owner', items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '12.345' }] });
    // 12.5 a unit: 12.645 units are 158.0625, 158.06 as one rounded amount.
    expect(await asphalt(s, w)).toMatchObject({ stored: [12_645, 0], produced: '12.645', billed: '0.00', totals: { producedAmount: '158.06', billedAmount: '0.00' } });

    // Amending an approved production takes it out again; approving it again puts it back.
    expect((await call(s, w.people.ownerPm)('POST', `/production/${ours.id}/amend`)).status).toBe(200);
    expect((await asphalt(s, w)).stored).toEqual([300, 0]);
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/${ours.id}/submit`)).status).toBe(200);
    expect((await call(s, w.people.ownerPm)('POST', `/production/${ours.id}/approve`, {})).status).toBe(200);
    expect((await asphalt(s, w)).stored).toEqual([12_645, 0]);

    // The owner's invoice counts while the client holds it: sent, rejected (back with the owner), sent again, cancelled.
    const productions = [ours, sub].map((p) => ({ id: p.id, items: p.items.map((i) => ({ id: i.id })) }));
    const draft = await owner('POST', `/invoices/${w.owner.companyId}`, { projectId: w.projectId, productions });
    expect(draft.status).toBe(201);
    expect((await asphalt(s, w)).stored).toEqual([12_645, 0]);
    expect((await owner('PATCH', `/invoices/${draft.body.id}/send`)).status).toBe(200);
    // Lines rounded each: 12.345 × 12.50 = 154.31, 0.1 × 12.50 = 1.25, 0.2 × 12.50 = 2.50.
    expect(await asphalt(s, w)).toMatchObject({ stored: [12_645, 15_806], billed: '158.06', totals: { billedAmount: '158.06' } });
    expect((await call(s, w.people.client)('POST', `/invoices/${draft.body.id}/reject`, { reason: 'Wrong week' })).status).toBe(200);
    expect((await asphalt(s, w)).stored).toEqual([12_645, 0]);
    expect((await owner('PATCH', `/invoices/${draft.body.id}/send`)).status).toBe(200);
    expect((await asphalt(s, w)).stored).toEqual([12_645, 15_806]);
    expect((await owner('POST', `/invoices/${draft.body.id}/cancelled`, { reason: 'Billed twice' })).status).toBe(200);
    expect((await asphalt(s, w)).stored).toEqual([12_645, 0]);
  });
});
