import { addItems, budgetWorld, call, side, subProject, type BudgetWorld } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { invoiceRow, productionRow } from './production-rows.js';

/** Asphalt (Materials) 10 × 12.50, Pipe (Pipes, under Materials) 100 × 3.33, Labor (no category) 8 × 45: 818.00 in all. */
async function pricedWorld(s: TestServer) {
  const w = await budgetWorld(s);
  const [asphalt, pipe, labor] = await addItems(s, w, [
    { itemId: w.items.asphalt, quantity: 10, price: '12.50' },
    { itemId: w.items.pipe, quantity: 100, price: '3.33' },
    { itemId: w.items.labor, quantity: 8, price: 45 },
  ]);
  return { ...w, lines: { asphalt: asphalt!.id, pipe: pipe!.id, labor: labor!.id } };
}

const distribution = (w: BudgetWorld, companyId: number, categoryId: number) => `/projects/${w.projectId}/budget-distribution/${companyId}/${categoryId}`;
const details = (w: BudgetWorld, companyId: number, categoryId: number) => `/projects/${w.projectId}/budget-details/${companyId}/${categoryId}`;

describeEachDatabase('budgets: figures', (server) => {
  it('distributes the planned money over item categories, largest first, with shares to two decimals', async () => {
    const s = server();
    const w = await pricedWorld(s);
    const all = await call(s, side(w.client))('GET', distribution(w, w.owner.companyId, 0));
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      total: '818.00',
      categories: [
        { categoryId: null, categoryName: 'No category', color: null, itemCount: 1, amount: '360.00', share: 44.01 },
        { categoryId: w.categories.pipes, categoryName: 'Pipes', color: '#445566', itemCount: 1, amount: '333.00', share: 40.71 },
        { categoryId: w.categories.materials, categoryName: 'Materials', color: '#112233', itemCount: 1, amount: '125.00', share: 15.28 },
      ],
    });
    expect((await call(s, side(w.owner))('GET', distribution(w, 0, 0))).body).toEqual(all.body);

    // A category keeps its subcategories' items.
    const materials = await call(s, side(w.owner))('GET', distribution(w, w.owner.companyId, w.categories.materials));
    expect(materials.body).toMatchObject({ total: '458.00', categories: [{ categoryName: 'Pipes', share: 72.71 }, { categoryName: 'Materials', share: 27.29 }] });
    const pipes = await call(s, side(w.sub))('GET', distribution(w, w.owner.companyId, w.categories.pipes));
    expect(pipes.body).toEqual({ total: '333.00', categories: [expect.objectContaining({ categoryName: 'Pipes', amount: '333.00', share: 100 })] });
  });

  it('reads a sub-project’s budget through its company, for callers related to the sub-project', async () => {
    const s = server();
    const w = await pricedWorld(s);
    const sub = await subProject(s, w);
    const bore = (await call(s, side(w.sub))('POST', '/items', { name: 'Bore' })).body.id;
    await call(s, side(w.sub))('POST', `${sub.base}/items`, { itemId: bore, quantity: 3, price: '0.10' });

    expect((await call(s, side(w.owner))('GET', distribution(w, w.sub.companyId, 0))).body).toMatchObject({ total: '0.30', categories: [{ itemCount: 1, amount: '0.30', share: 100 }] });
    expect((await call(s, side(w.owner))('GET', distribution(w, 0, 0))).body.total).toBe('818.30');
    // The parent's client is not related to the sub-project: its budget does not count for them.
    expect((await call(s, side(w.client))('GET', distribution(w, 0, 0))).body.total).toBe('818.00');
    expect((await call(s, side(w.client))('GET', distribution(w, w.sub.companyId, 0))).status).toBe(404);
    // A company with no budget here, a category of none of these budgets, an unrelated caller: 404.
    expect((await call(s, side(w.owner))('GET', distribution(w, w.stranger.companyId, 0))).status).toBe(404);
    const strangerCategory = (await call(s, side(w.stranger))('POST', `/companies/${w.stranger.companyId}/item-categories`, { name: 'Elsewhere' })).body.id;
    expect((await call(s, side(w.owner))('GET', distribution(w, 0, strangerCategory))).status).toBe(404);
    expect((await call(s, side(w.stranger))('GET', distribution(w, 0, 0))).status).toBe(404);
    expect((await call(s, side(w.owner))('GET', `/projects/${w.projectId}/budget-distribution/x/0`)).status).toBe(400);
  });

  it('details each item against its accepted change orders, with totals summed in SQL; nothing produced or billed yet', async () => {
    const s = server();
    const w = await pricedWorld(s);
    const owner = call(s, side(w.owner));
    await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
    // Pipe 100 × 3.33 becomes 120 × 3.50 (+87.00); a change order still open adds nothing.
    const co = await owner('POST', `${w.base}/change-orders`, { itemId: w.lines.pipe, quantity: 120 });
    await owner('POST', `${w.base}/change-orders/${co.body.id}/send`, { price: '3.50' });
    expect((await call(s, side(w.client))('POST', `${w.base}/change-orders/${co.body.id}/accept`)).status).toBe(200);
    await owner('POST', `${w.base}/change-orders`, { itemId: w.lines.labor, quantity: 1000 });

    const res = await call(s, side(w.client))('GET', details(w, w.owner.companyId, 0));
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { budgetItemId: w.lines.asphalt, itemName: 'Asphalt', unit: 'ton', categoryName: 'Materials', quantity: 10, price: '12.50', plannedAmount: '125.00', changeOrderAmount: '0.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '125.00', overBudget: false },
      { budgetItemId: w.lines.labor, itemName: 'Labor', unit: 'h', categoryName: null, quantity: 8, price: '45.00', plannedAmount: '360.00', changeOrderAmount: '0.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '360.00', overBudget: false },
      { budgetItemId: w.lines.pipe, itemName: 'Pipe', unit: 'ft', categoryName: 'Pipes', quantity: 120, price: '3.50', plannedAmount: '420.00', changeOrderAmount: '87.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '420.00', overBudget: false },
    ]);
    expect(res.body.totals).toEqual({ plannedAmount: '905.00', changeOrderAmount: '87.00', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '905.00' });
    expect(res.body.itemCount).toBe(3);
    expect(res.headers['x-total-count']).toBe('3');

    const materials = await owner('GET', details(w, 0, w.categories.materials));
    expect(materials.body.rows.map((r: { itemName: string }) => r.itemName)).toEqual(['Asphalt', 'Pipe']);
    expect(materials.body.totals).toMatchObject({ plannedAmount: '545.00', changeOrderAmount: '87.00' });
    expect((await call(s, side(w.stranger))('GET', details(w, 0, 0))).status).toBe(404);
  });

  it('pages the rows (25 by default, 200 at most) and sorts them by a declared field; itemCount and the totals stay over every row', async () => {
    const s = server();
    const w = await pricedWorld(s);
    const owner = call(s, side(w.owner));
    // 57 lines more: 3 + 57 = 60 rows, Asphalt n × 1.00 for n = 1..57.
    await addItems(s, w, Array.from({ length: 57 }, (_, i) => ({ itemId: w.items.asphalt, quantity: i + 1, price: 1 })));
    await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
    // Accepted change orders on two lines: Labor 8 × 45 → 10 × 45 (+90.00), Pipe 100 × 3.33 → 100 × 3.00 (−33.00).
    for (const [itemId, quantity, price] of [[w.lines.labor, 10, '45.00'], [w.lines.pipe, 100, '3.00']] as const) {
      const co = await owner('POST', `${w.base}/change-orders`, { itemId, quantity });
      await owner('POST', `${w.base}/change-orders/${co.body.id}/send`, { price });
      expect((await call(s, side(w.client))('POST', `${w.base}/change-orders/${co.body.id}/accept`)).status).toBe(200);
    }
    // 818.00 + 57 × 58 / 2 (1,653.00) + 90.00 − 33.00.
    const totals = { plannedAmount: '2528.00', changeOrderAmount: '57.00', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '2528.00' };

    const first = await owner('GET', details(w, 0, 0));
    expect(first.body.rows).toHaveLength(25);
    expect(first.body.itemCount).toBe(60);
    expect(first.headers['x-total-count']).toBe('60');
    expect(first.body.totals).toEqual(totals);
    // By item name, then as added: the 58 Asphalt lines first.
    expect(first.body.rows[0]).toMatchObject({ budgetItemId: w.lines.asphalt, itemName: 'Asphalt' });
    const last = await owner('GET', `${details(w, 0, 0)}?_start=50&_end=75`);
    expect(last.body.rows.map((r: { itemName: string }) => r.itemName)).toEqual([...Array(8).fill('Asphalt'), 'Labor', 'Pipe']);
    expect(last.body.rows.slice(-2).map((r: { changeOrderAmount: string }) => r.changeOrderAmount)).toEqual(['90.00', '-33.00']);
    expect(last.body.totals).toEqual(totals);
    expect((await owner('GET', `${details(w, 0, 0)}?_start=0&_end=1000`)).body.rows).toHaveLength(60);

    const byAmount = await owner('GET', `${details(w, 0, 0)}?_sort=plannedAmount&_order=desc&_end=3`);
    expect(byAmount.body.rows.map((r: { plannedAmount: string }) => r.plannedAmount)).toEqual(['450.00', '300.00', '125.00']);
    const byChange = await owner('GET', `${details(w, 0, 0)}?_sort=changeOrderAmount,itemName&_order=asc,asc&_end=2`);
    expect(byChange.body.rows.map((r: { itemName: string; changeOrderAmount: string }) => `${r.itemName} ${r.changeOrderAmount}`)).toEqual(['Pipe -33.00', 'Asphalt 0.00']);
    const byCategory = await owner('GET', `${details(w, 0, 0)}?_sort=categoryName&_order=desc&_end=1`);
    // No category sorts as the largest value.
    expect(byCategory.body.rows[0].itemName).toBe('Labor');

    const pipes = await owner('GET', details(w, 0, w.categories.pipes));
    expect(pipes.body).toMatchObject({ itemCount: 1, totals: { plannedAmount: '300.00', changeOrderAmount: '-33.00' } });

    for (const query of ['_sort=comment', '_sort=itemName&_order=up', '_start=-1', 'itemName=Asphalt', 'q=asphalt', '_start=5&_end=2']) {
      const res = await owner('GET', `${details(w, 0, 0)}?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('answers the planned total against spent and billed (nothing yet), and refuses bad filters with 400', async () => {
    const s = server();
    const w = await pricedWorld(s);
    const spent = call(s, side(w.owner));
    const url = `/projects/${w.projectId}/budget-spent`;
    const all = await spent('POST', url, { companyId: w.owner.companyId, categoryId: null, range: { from: '2026-01-01', to: '2026-12-31' } });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ plannedAmount: '818.00', spentAmount: '0.00', billedAmount: '0.00', percentSpent: 0, series: [] });
    expect((await call(s, side(w.client))('POST', url, { categoryId: w.categories.pipes })).body.plannedAmount).toBe('333.00');
    expect((await spent('POST', url, {})).body.plannedAmount).toBe('818.00');

    const strangerCategory = (await call(s, side(w.stranger))('POST', `/companies/${w.stranger.companyId}/item-categories`, { name: 'Elsewhere' })).body.id;
    for (const [body, field] of [
      [{ companyId: w.stranger.companyId }, 'companyId'],
      [{ categoryId: strangerCategory }, 'categoryId'],
      [{ range: { from: 'last spring' } }, 'range.from'],
      [{ range: { from: '2026-12-31', to: '2026-01-01' } }, 'range.to'],
      [{ companyId: 'mine' }, 'companyId'],
    ] as const) {
      const res = await spent('POST', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    expect((await call(s, side(w.stranger))('POST', url, { companyId: 'mine' })).status).toBe(404);
  });

  it('adds what approved production made of each item at its price, exactly, flags production past the budget, and what the owner billed of it', async () => {
    const s = server();
    const w = await productionWorld(s);
    const res = await call(s, side(w.client))('GET', details(w, 0, 0));
    expect(res.status).toBe(200);
    const row = (name: string) => res.body.rows.find((r: { itemName: string }) => r.itemName === name);
    // 0.1 + 0.2 of asphalt at 12.50: 0.3 and 3.75, not 0.30000000000000004; the 0.2 billed (the 0.1's invoice is a draft).
    expect(row('Asphalt')).toMatchObject({ producedQuantity: '0.3', producedAmount: '3.75', billedAmount: '2.50', remainingAmount: '121.25', overBudget: false });
    // 100.5 ft of the 100 budgeted at 3.33: 334.665 rounds half up to 334.67; flagged.
    expect(row('Pipe')).toMatchObject({ producedQuantity: '100.5', producedAmount: '334.67', billedAmount: '334.67', remainingAmount: '-1.67', overBudget: true });
    // The subcontractor's 8 h, all that was budgeted: not over. Its own invoice to the owner is not the owner's billing.
    expect(row('Labor')).toMatchObject({ producedQuantity: '8', producedAmount: '360.00', billedAmount: '0.00', remainingAmount: '0.00', overBudget: false });
    // 0.333 of 999,999.99: 332,999.99667 → 333,000.00; a rejected invoice bills nothing.
    expect(row('Vault')).toMatchObject({ quantity: 3, price: '999999.99', producedQuantity: '0.333', producedAmount: '333000.00', billedAmount: '0.00', remainingAmount: '2666999.97', overBudget: false });
    // The total is the exact sum of thousandths of cents rounded once (33,369,841.167 cents), so it
    // may differ by less than a cent per row from the rounded rows (333,698.42).
    expect(res.body.totals).toEqual({ plannedAmount: '3000817.97', changeOrderAmount: '0.00', producedAmount: '333698.41', billedAmount: '337.17', remainingAmount: '2667119.56' });

    // Materials keeps Pipes: 33,841.5 cents round to 338.42.
    const materials = await call(s, side(w.owner))('GET', details(w, 0, w.categories.materials));
    expect(materials.body.totals).toMatchObject({ producedAmount: '338.42', billedAmount: '337.17' });
    expect(materials.body.rows.map((r: { itemName: string; overBudget: boolean }) => [r.itemName, r.overBudget])).toEqual([['Asphalt', false], ['Pipe', true]]);
  });

  it('answers what was spent in the range, per production day, and billed of it', async () => {
    const s = server();
    const w = await productionWorld(s);
    const url = `/projects/${w.projectId}/budget-spent`;
    const all = await call(s, side(w.owner))('POST', url, {});
    expect(all.body).toEqual({
      plannedAmount: '3000817.97',
      spentAmount: '333698.41',
      billedAmount: '337.17',
      percentSpent: 11.12,
      series: [
        { date: '2026-03-02', amount: '1.25' },
        { date: '2026-03-03', amount: '337.17' },
        { date: '2026-03-04', amount: '360.00' },
        { date: '2026-03-05', amount: '333000.00' },
      ],
    });
    // Days both included; an instant is its day where the project is (UTC here).
    const range = await call(s, side(w.client))('POST', url, { range: { from: '2026-03-03', to: '2026-03-04T23:59:00.000Z' } });
    expect(range.body).toMatchObject({ spentAmount: '697.17', billedAmount: '337.17', series: [{ date: '2026-03-03' }, { date: '2026-03-04' }] });
    const pipes = await call(s, side(w.owner))('POST', url, { categoryId: w.categories.pipes, range: { to: '2026-03-03' } });
    expect(pipes.body).toEqual({ plannedAmount: '333.00', spentAmount: '334.67', billedAmount: '334.67', percentSpent: 100.5, series: [{ date: '2026-03-03', amount: '334.67' }] });
  });
});

/**
 * pricedWorld and a Vault line (3 × 999,999.99), produced: approved asphalt 0.1 (03-02) and 0.2 with
 * pipe 100.5 (03-03) by the owner's crews, labor 8 by the subcontractor's crew approved by both
 * (03-04), vault 0.333 (03-05); a draft, a submitted and a rejected production that must not count.
 * Billed by the owner: asphalt and pipe of 03-03 on a paid and an unpaid invoice (03-02's 0.1 on a
 * draft); the vault on a rejected one, pipe again on a cancelled one, labor on the subcontractor's
 * own invoice to the owner: none of those count.
 */
async function productionWorld(s: TestServer) {
  const w = await pricedWorld(s);
  const vaultItem = (await call(s, side(w.owner))('POST', '/items', { name: 'Vault', unit: 'ea' })).body.id;
  const [vault] = await addItems(s, w, [{ itemId: vaultItem, quantity: 3, price: '999999.99' }]);
  const own = { projectId: w.projectId, companyId: w.owner.companyId };
  const a = await productionRow(s, { ...own, date: '2026-03-02', items: [{ budgetItemId: w.lines.asphalt, quantityE3: 100 }] });
  const b = await productionRow(s, { ...own, date: '2026-03-03', items: [{ budgetItemId: w.lines.asphalt, quantityE3: 200 }, { budgetItemId: w.lines.pipe, quantityE3: 100_500 }] });
  const c = await productionRow(s, { projectId: w.projectId, companyId: w.sub.companyId, ownerId: w.owner.companyId, date: '2026-03-04', items: [{ budgetItemId: w.lines.labor, quantityE3: 8000 }] });
  const d = await productionRow(s, { ...own, date: '2026-03-05', items: [{ budgetItemId: vault!.id, quantityE3: 333 }] });
  for (const status of ['draft', 'submitted', 'rejected'] as const) {
    await productionRow(s, { ...own, date: '2026-03-03', status, items: [{ budgetItemId: w.lines.asphalt, quantityE3: 1_000_000 }, { budgetItemId: w.lines.labor, quantityE3: 5000 }] });
  }
  const line = (p: { id: number; itemIds: number[] }, i: number, budgetItemId: number, quantityE3: number, priceCents: number) => ({ productionId: p.id, productionItemId: p.itemIds[i]!, budgetItemId, quantityE3, priceCents });
  const owner = { companyId: w.owner.companyId, projectId: w.projectId, clientId: w.client.companyId };
  await invoiceRow(s, { ...owner, status: 'paid', lines: [line(b, 0, w.lines.asphalt, 200, 1250)] });
  await invoiceRow(s, { ...owner, status: 'unpaid', lines: [line(b, 1, w.lines.pipe, 100_500, 333)] });
  await invoiceRow(s, { ...owner, status: 'draft', lines: [line(a, 0, w.lines.asphalt, 100, 1250)] });
  await invoiceRow(s, { ...owner, status: 'rejected', lines: [line(d, 0, vault!.id, 333, 99_999_999)] });
  await invoiceRow(s, { ...owner, status: 'cancelled', lines: [line(b, 1, w.lines.pipe, 100_500, 333)] });
  await invoiceRow(s, { companyId: w.sub.companyId, projectId: w.projectId, clientId: w.owner.companyId, status: 'submit', lines: [line(c, 0, w.lines.labor, 8000, 4500)] });
  return { ...w, lines: { ...w.lines, vault: vault!.id } };
}
