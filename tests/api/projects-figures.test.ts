import { daysOf } from '../../server/modules/projects/project-overview.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { invoiceRow, productionRow } from './production-rows.js';
import { callAs, clientProject, createProject, projectFixture, type CompanySide } from './project-helpers.js';

async function category(s: TestServer, side: CompanySide, name: string, parentId?: number) {
  const res = await callAs(s, side, 'POST', `/companies/${side.companyId}/item-categories`, { name, color: '#336699', ...(parentId ? { parentId } : {}) });
  if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function item(s: TestServer, side: CompanySide, name: string, categoryId?: number) {
  const res = await callAs(s, side, 'POST', '/items', { name, code: name.toUpperCase(), ...(categoryId ? { categoryId } : {}) });
  if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Budget lines written straight into the budget: the budget items API is its own area's. */
async function budgetItem(s: TestServer, budgetId: number, itemId: number, quantity: number, priceCents: number | bigint) {
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: budgetId, item_id: itemId, report_weight: 0, quantity, price_cents: priceCents as number, description: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function changeOrder(s: TestServer, budgetId: number, budgetItemId: number, companyId: number, n: number, status: string, q: number, cents: number, prev?: [number, number]) {
  const now = new Date().toISOString();
  await s.services.db
    .insertInto('change_orders')
    .values({
      budget_id: budgetId,
      budget_item_id: budgetItemId,
      company_id: companyId,
      number: n,
      status,
      quantity: q,
      price_cents: cents,
      previous_quantity: prev?.[0] ?? null,
      previous_price_cents: prev?.[1] ?? null,
      report_weight: 0,
      request_from_parent: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describeEachDatabase('projects: overview', (server) => {
  it('sums the budget and accepted change orders exactly in the database', async () => {
    const s = server();
    const f = await projectFixture(s);
    const cable = await item(s, f.owner, 'cable');
    const small = await clientProject(s, f);
    await budgetItem(s, small.budgetId!, cable, 3, 10);
    const smallView = await callAs(s, f.owner, 'GET', `/projects/${small.id}/report/overview`);
    expect(smallView.status).toBe(200);
    expect(smallView.body).toMatchObject({ plannedAmount: '0.30', changeOrderAmount: '0.00', producedAmount: '0.00', billedAmount: '0.00', budgetItemCount: 1, budgetStatus: 'draft' });

    const big = await clientProject(s, f, { startDate: '2000-01-01', endDate: '2000-01-10' });
    const line = await budgetItem(s, big.budgetId!, cable, 1_000_000, 99_999_999);
    expect((await callAs(s, f.owner, 'GET', `/projects/${big.id}/report/overview`)).body.plannedAmount).toBe('999999990000.00');
    await budgetItem(s, big.budgetId!, cable, 3, 10);
    await changeOrder(s, big.budgetId!, line, f.owner.companyId, 1, 'accepted', 5, 100, [3, 10]);
    await changeOrder(s, big.budgetId!, line, f.owner.companyId, 2, 'accepted', 1, 1, [2, 2]);
    await changeOrder(s, big.budgetId!, line, f.owner.companyId, 3, 'sent', 9, 9, [1, 1]);
    await changeOrder(s, big.budgetId!, line, f.owner.companyId, 4, 'draft', 9, 9, [1, 1]);
    await callAs(s, f.owner, 'PATCH', `/projects/${big.id}/stations`, { stations: [{ name: 'A' }, { name: 'B' }] });
    await callAs(s, f.owner, 'POST', `/projects/${big.id}/crew-companies`, { companyId: f.sub.companyId });
    await createProject(s, f.owner.token, f.owner.companyId, { projectId: big.id });
    const view = await callAs(s, f.client, 'GET', `/projects/${big.id}/report/overview`);
    expect(view.body).toEqual({
      projectId: big.id,
      status: 'planned',
      budgetStatus: 'draft',
      budgetItemCount: 2,
      plannedAmount: '999999990000.30',
      // (5 × 1.00 − 3 × 0.10) + (1 × 0.01 − 2 × 0.02)
      changeOrderAmount: '4.67',
      pendingChangeOrders: 1,
      producedAmount: '0.00',
      billedAmount: '0.00',
      memberCount: 0,
      fileCount: 0,
      subProjectCount: 1,
      crewCompanyCount: 1,
      stationCount: 2,
      daysElapsed: 10,
      daysTotal: 10,
    });

    // Past 2^53 cents, where a float would round.
    const huge = await clientProject(s, f, { startDate: '2999-01-01' });
    await budgetItem(s, huge.budgetId!, cable, 10_000_000, 99_999_999_999);
    await budgetItem(s, huge.budgetId!, cable, 1, 1);
    const hugeView = (await callAs(s, f.owner, 'GET', `/projects/${huge.id}/report/overview`)).body;
    expect(hugeView).toMatchObject({ plannedAmount: '9999999999900000.01', daysElapsed: 0, daysTotal: null });

    expect((await callAs(s, f.stranger, 'GET', `/projects/${big.id}/report/overview`)).status).toBe(404);
  });

  it('adds approved production at the items’ current prices and what the owner billed the client, exactly past 64 bits', async () => {
    const s = server();
    const f = await projectFixture(s);
    const cable = await item(s, f.owner, 'cable');
    const project = await clientProject(s, f);
    await callAs(s, f.owner, 'POST', `/projects/${project.id}/crew-companies`, { companyId: f.sub.companyId });
    // A billion units at 999,999,999.99, and 10 at 0.10.
    const large = await budgetItem(s, project.budgetId!, cable, 1_000_000_000, 99_999_999_999);
    const small = await budgetItem(s, project.budgetId!, cable, 10, 10);
    const own = { projectId: project.id, companyId: f.owner.companyId };
    const first = await productionRow(s, { ...own, date: '2026-03-02', items: [{ budgetItemId: large, quantityE3: 10n ** 12n }, { budgetItemId: small, quantityE3: 100 }] });
    await productionRow(s, { ...own, date: '2026-03-03', items: [{ budgetItemId: large, quantityE3: 10n ** 12n }] });
    const billed = await productionRow(s, { ...own, date: '2026-03-04', items: [{ budgetItemId: large, quantityE3: 1_000_000 }] });
    const sub = await productionRow(s, { projectId: project.id, companyId: f.sub.companyId, ownerId: f.owner.companyId, date: '2026-03-04', items: [{ budgetItemId: small, quantityE3: 200 }] });
    for (const status of ['draft', 'submitted', 'rejected'] as const) {
      await productionRow(s, { ...own, date: '2026-03-05', status, items: [{ budgetItemId: large, quantityE3: 10n ** 12n }] });
    }
    const owner = { companyId: f.owner.companyId, projectId: project.id, clientId: f.client.companyId };
    await invoiceRow(s, { ...owner, status: 'submit', lines: [{ productionId: billed.id, productionItemId: billed.itemIds[0]!, budgetItemId: large, quantityE3: 1_000_000, priceCents: 99_999_999_999 }] });
    await invoiceRow(s, { ...owner, status: 'partially_paid', lines: [{ productionId: first.id, productionItemId: first.itemIds[1]!, budgetItemId: small, quantityE3: 100, priceCents: 10 }] });
    await invoiceRow(s, { ...owner, status: 'draft', lines: [{ productionId: first.id, productionItemId: first.itemIds[0]!, budgetItemId: large, quantityE3: 1000, priceCents: 99_999_999_999 }] });
    await invoiceRow(s, { companyId: f.sub.companyId, projectId: project.id, clientId: f.owner.companyId, status: 'unpaid', lines: [{ productionId: sub.id, productionItemId: sub.itemIds[0]!, budgetItemId: small, quantityE3: 200, priceCents: 10 }] });

    const view = await callAs(s, f.client, 'GET', `/projects/${project.id}/report/overview`);
    expect(view.status).toBe(200);
    // (2 × 10^12 + 10^6) thousandths × 99,999,999,999 + 300 × 10, in thousandths of cents, rounded once.
    expect(view.body).toMatchObject({ plannedAmount: '999999999990000001.00', producedAmount: '2000000999979999990.03', billedAmount: '999999999990.01' });
    expect((await callAs(s, f.sub, 'GET', `/projects/${project.id}/report/overview`)).body.producedAmount).toBe('2000000999979999990.03');
  });
});

describe('projects: overview days', () => {
  it('counts days within the planned length, inclusively', () => {
    expect(daysOf('2026-03-01', '2026-03-31', '2026-03-01')).toEqual({ daysElapsed: 1, daysTotal: 31 });
    expect(daysOf('2026-03-01', '2026-03-31', '2026-02-28')).toEqual({ daysElapsed: 0, daysTotal: 31 });
    expect(daysOf('2026-03-01', '2026-03-31', '2026-05-01')).toEqual({ daysElapsed: 31, daysTotal: 31 });
    expect(daysOf('2026-03-01', null, '2026-03-10')).toEqual({ daysElapsed: 10, daysTotal: null });
    expect(daysOf(null, '2026-03-31', '2026-03-10')).toEqual({ daysElapsed: null, daysTotal: null });
  });
});

describeEachDatabase('projects: item categories', (server) => {
  it("groups the budget items of the project, its sub-projects or one of them by category, one company's items or all", async () => {
    const s = server();
    const f = await projectFixture(s);
    const materials = await category(s, f.owner, 'Materials');
    const pipes = await category(s, f.owner, 'Pipes', materials);
    const pipe = await item(s, f.owner, 'pipe', pipes);
    const cement = await item(s, f.owner, 'cement', materials);
    const misc = await item(s, f.owner, 'misc');
    const boring = await category(s, f.sub, 'Boring');
    const bore = await item(s, f.sub, 'bore', boring);

    const p = await clientProject(s, f);
    await budgetItem(s, p.budgetId!, pipe, 2, 150);
    await budgetItem(s, p.budgetId!, pipe, 1, 25);
    await budgetItem(s, p.budgetId!, cement, 4, 1000);
    await budgetItem(s, p.budgetId!, misc, 1, 10);
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    const sub = await createProject(s, f.sub.token, f.sub.companyId, { projectId: p.id });
    await budgetItem(s, sub.budgetId!, bore, 10, 300);
    const unrelated = await clientProject(s, f);

    const summary = (rows: Array<{ name: string | null; itemCount: number; plannedAmount: string }>) => rows.map((r) => [r.name, r.itemCount, r.plannedAmount]);
    const ownersAll = await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/${f.owner.companyId}/all`);
    expect(ownersAll.status).toBe(200);
    expect(summary(ownersAll.body)).toEqual([
      ['Materials', 1, '40.00'],
      ['Pipes', 2, '3.25'],
      [null, 1, '0.10'],
    ]);
    expect(ownersAll.body[1]).toEqual({ id: pipes, name: 'Pipes', color: '#336699', parentId: materials, itemCount: 2, plannedAmount: '3.25' });
    expect(summary((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/0/all`)).body)).toEqual([
      ['Boring', 1, '30.00'],
      ['Materials', 1, '40.00'],
      ['Pipes', 2, '3.25'],
      [null, 1, '0.10'],
    ]);
    expect(summary((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/0/skip`)).body)).toEqual([
      ['Materials', 1, '40.00'],
      ['Pipes', 2, '3.25'],
      [null, 1, '0.10'],
    ]);
    expect(summary((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/0/${sub.id}`)).body)).toEqual([['Boring', 1, '30.00']]);
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/${f.sub.companyId}/skip`)).body).toEqual([]);
    // The subcontractor reads the project it works on, and its own sub-project in it.
    expect(summary((await callAs(s, f.sub, 'GET', `/projects/${p.id}/item-categories/${f.sub.companyId}/all`)).body)).toEqual([['Boring', 1, '30.00']]);

    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/0/${unrelated.id}`)).status).toBe(404);
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/item-categories/x/all`)).status).toBe(400);
    expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}/item-categories/0/all`)).status).toBe(404);
  });
});
