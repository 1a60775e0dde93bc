import { addItems, budgetWorld, call, side, subProject, type BudgetWorld } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';

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

  it('details each item against its accepted change orders, with totals summed in SQL; produced and billed are 0 until productions', async () => {
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
      { budgetItemId: w.lines.asphalt, itemName: 'Asphalt', unit: 'ton', categoryName: 'Materials', quantity: 10, price: '12.50', plannedAmount: '125.00', changeOrderAmount: '0.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '125.00' },
      { budgetItemId: w.lines.labor, itemName: 'Labor', unit: 'h', categoryName: null, quantity: 8, price: '45.00', plannedAmount: '360.00', changeOrderAmount: '0.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '360.00' },
      { budgetItemId: w.lines.pipe, itemName: 'Pipe', unit: 'ft', categoryName: 'Pipes', quantity: 120, price: '3.50', plannedAmount: '420.00', changeOrderAmount: '87.00', producedQuantity: '0', producedAmount: '0.00', billedAmount: '0.00', remainingAmount: '420.00' },
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

  it('answers the planned total against spent and billed (0.00 until productions and invoices), and refuses bad filters with 400', async () => {
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
});
