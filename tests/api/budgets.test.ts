import { addItems, budgetWorld, call, member, side, stored, subProject } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';

describeEachDatabase('budgets: reading and items', (server) => {
  it("answers the project's budget by its id or by the project, to every related company, and 404 otherwise", async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const fresh = await owner('GET', w.base);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      id: w.budgetId,
      projectId: w.projectId,
      companyId: w.owner.companyId,
      status: 'draft',
      singlePart: false,
      retainagePercent: 0,
      profitabilityPercent: 0,
      itemCount: 0,
      total: '0.00',
      retainage: '0.00',
      profit: '0.00',
      submittedAt: null,
      approvedAt: null,
      canManage: true,
      myPendingReviewId: null,
    });
    expect((await owner('GET', `/projects/${w.projectId}/budget`)).body).toEqual(fresh.body);

    for (const other of [w.client, w.sub]) {
      const res = await call(s, side(other))('GET', w.base);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: w.budgetId, canManage: false });
    }
    // A supervisor of the owner company reads but does not manage; a plain member lacks projects:view.
    const supervisor = await member(s, w.owner, 'Supervisor');
    expect((await call(s, supervisor)('GET', w.base)).body.canManage).toBe(false);
    const plain = await member(s, w.owner, 'Member');
    expect((await call(s, plain)('GET', w.base)).status).toBe(403);

    const stranger = call(s, side(w.stranger));
    expect((await stranger('GET', w.base)).status).toBe(404);
    expect((await stranger('GET', `/projects/${w.projectId}/budget`)).status).toBe(404);
    const sub = await subProject(s, w);
    // The budget of another project named under this one is not found.
    expect((await owner('GET', `/projects/${w.projectId}/budgets/${sub.budgetId}`)).status).toBe(404);
    expect((await owner('GET', `/projects/${w.projectId}/budgets/999999`)).status).toBe(404);
  });

  it('adds an item with its catalog details and exact amount, and refuses bad input with a 400 that changes nothing', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const added = await owner('POST', `${w.base}/items`, { itemId: w.items.asphalt, quantity: 3, price: '0.1', description: ' Top course ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      budgetId: w.budgetId,
      itemId: w.items.asphalt,
      itemName: 'Asphalt',
      itemCode: 'ASP',
      unit: 'ton',
      categoryId: w.categories.materials,
      categoryName: 'Materials',
      reportWeight: false,
      quantity: 3,
      price: '0.10',
      amount: '0.30',
      description: 'Top course',
      changeOrderCount: 0,
      pendingChangeOrders: 0,
    });
    const defaults = await owner('POST', `${w.base}/items`, { itemId: w.items.labor });
    expect(defaults.body).toMatchObject({ quantity: 0, price: '0.00', amount: '0.00', categoryName: null, description: null });

    const audit = await s.services.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity_type', '=', 'budget_item')
      .where('entity_id', '=', String(added.body.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'created', company_id: w.owner.companyId, actor_user_id: w.owner.user.id });
    expect(JSON.parse(audit.changes)).toMatchObject({ item: { from: null, to: 'Asphalt' }, quantity: { to: 3 }, price: { to: '0.10' }, amount: { to: '0.30' } });

    const before = await stored(s, w.budgetId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ itemId: w.items.asphalt, quantity: 1.5 }, 'quantity'],
      [{ itemId: w.items.asphalt, quantity: '1.5' }, 'quantity'],
      [{ itemId: w.items.asphalt, quantity: -1 }, 'quantity'],
      [{ itemId: w.items.asphalt, price: '0.001' }, 'price'],
      [{ itemId: w.items.asphalt, price: 0.001 }, 'price'],
      [{ itemId: w.items.asphalt, price: -1 }, 'price'],
      [{ itemId: w.items.asphalt, price: 'abc' }, 'price'],
      [{ itemId: w.items.asphalt, reportWeight: 'yes' }, 'reportWeight'],
      [{ quantity: 1 }, 'itemId'],
      [{ itemId: w.strangerItem }, 'itemId'],
      [{ itemId: 999999 }, 'itemId'],
    ];
    for (const [body, field] of cases) {
      const res = await owner('POST', `${w.base}/items`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('changes only what a PATCH sends: empty or null quantity and price become 0, missing ones stay', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const [item] = await addItems(s, w, [{ itemId: w.items.pipe, quantity: 40, price: '99.99', description: 'Main line' }]);
    const url = `${w.base}/items/${item!.id}`;

    const described = await owner('PATCH', url, { description: 'Service line', reportWeight: true });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ quantity: 40, price: '99.99', amount: '3999.60', description: 'Service line', reportWeight: true });
    expect((await owner('PATCH', url, { quantity: '' })).body).toMatchObject({ quantity: 0, price: '99.99', amount: '0.00' });
    expect((await owner('PATCH', url, { quantity: 7, price: null })).body).toMatchObject({ quantity: 7, price: '0.00' });
    expect((await owner('PATCH', url, { price: '' })).body).toMatchObject({ quantity: 7, price: '0.00' });
    expect((await owner('PATCH', url, { price: '12.5', itemId: w.items.labor })).body).toMatchObject({ itemName: 'Labor', quantity: 7, price: '12.50', amount: '87.50' });
    const unchanged = await owner('PATCH', url, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ itemName: 'Labor', quantity: 7, price: '12.50', description: 'Service line' });

    const updates = await s.services.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'budget_item')
      .where('entity_id', '=', String(item!.id))
      .orderBy('id')
      .execute();
    // created, then one event per PATCH that changed something: setting the price it already had, or nothing, records nothing.
    expect(updates.map((u) => u.action)).toEqual(['created', 'updated', 'updated', 'updated', 'updated']);
    expect(JSON.parse(updates[2]!.changes)).toEqual({ quantity: { from: 40, to: 0 }, amount: { from: '3999.60', to: '0.00' } });

    const before = await stored(s, w.budgetId);
    for (const body of [{ quantity: 1.5 }, { price: '0.001' }, { itemId: w.strangerItem }, { unknownField: 1 }, { quantity: 'many' }]) {
      expect((await owner('PATCH', url, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('removes an item, recording it on the budget; an item of another budget is a 404', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const [keep, drop] = await addItems(s, w, [
      { itemId: w.items.asphalt, quantity: 1, price: 1 },
      { itemId: w.items.pipe, quantity: 2, price: '2.50' },
    ]);
    const sub = await subProject(s, w);
    const [foreign] = await (async () => {
      const res = await call(s, side(w.sub))('POST', `${sub.base}/items/multiple`, {
        items: [{ itemId: (await call(s, side(w.sub))('POST', '/items', { name: 'Bore' })).body.id, quantity: 1, price: 1 }],
      });
      return res.body as Array<{ id: number }>;
    })();
    expect((await owner('DELETE', `${w.base}/items/${foreign!.id}`)).status).toBe(404);
    expect((await owner('PATCH', `${w.base}/items/${foreign!.id}`, { quantity: 3 })).status).toBe(404);

    const removed = await owner('DELETE', `${w.base}/items/${drop!.id}`);
    expect(removed.status).toBe(204);
    const items = await s.services.db.selectFrom('budget_items').select('id').where('budget_id', '=', w.budgetId).execute();
    expect(items.map((i) => i.id)).toEqual([keep!.id]);
    const trail = await s.services.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity_type', '=', 'budget')
      .where('entity_id', '=', String(w.budgetId))
      .where('action', '=', 'item deleted')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(trail.changes)).toMatchObject({ budgetItemId: { from: drop!.id, to: null }, item: { from: 'Pipe', to: null }, amount: { from: '5.00', to: null } });
    expect((await owner('DELETE', `${w.base}/items/${drop!.id}`)).status).toBe(404);
    expect((await owner('GET', w.base)).body).toMatchObject({ itemCount: 1, total: '1.00' });
  });

  it('adds several items all or nothing, naming the bad one by its position', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const good = { itemId: w.items.asphalt, quantity: 1, price: '1.00' };
    const before = await stored(s, w.budgetId);

    const foreign = await owner('POST', `${w.base}/items/multiple`, { items: [good, good, good, { itemId: w.strangerItem, quantity: 1 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ field: 'items.3.itemId', message: "Choose an item of your company's catalog" }]);
    const fraction = await owner('POST', `${w.base}/items/multiple`, { items: [good, { itemId: w.items.pipe, quantity: 1.5 }] });
    expect(fraction.status).toBe(400);
    expect(fraction.body.error.details[0].field).toBe('items.1.quantity');
    for (const body of [{ items: [] }, { items: 'all' }, {}, { items: Array.from({ length: 1001 }, () => good) }]) {
      expect((await owner('POST', `${w.base}/items/multiple`, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);

    const added = await owner('POST', `${w.base}/items/multiple`, {
      items: [
        { itemId: w.items.pipe, quantity: 10, price: '3.33' },
        { itemId: w.items.asphalt, quantity: '4', price: 0.1, reportWeight: true },
        { itemId: w.items.pipe, quantity: 1, price: '1,000.50' },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.map((i: { itemName: string; amount: string }) => [i.itemName, i.amount])).toEqual([
      ['Pipe', '33.30'],
      ['Asphalt', '0.40'],
      ['Pipe', '1000.50'],
    ]);
    const ids = added.body.map((i: { id: number }) => String(i.id));
    const audits = await s.services.db.selectFrom('audit_events').select('entity_id').where('entity_type', '=', 'budget_item').where('action', '=', 'created').where('entity_id', 'in', ids).execute();
    expect(audits.map((a) => a.entity_id).sort()).toEqual([...ids].sort());
    expect((await owner('GET', w.base)).body).toMatchObject({ itemCount: 3, total: '1034.20' });
  });

  it('sums totals exactly: 0.10 three times, 999,999.99 × 1,000,000, and past 2^53 and 2^63 cents', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [0, 1, 2].map(() => ({ itemId: w.items.labor, quantity: 1, price: '0.10' })));
    expect((await owner('GET', w.base)).body).toMatchObject({ itemCount: 3, total: '0.30' });

    const [big] = await addItems(s, w, [{ itemId: w.items.pipe, quantity: 1_000_000, price: '999999.99' }]);
    expect(big!.amount).toBe('999999990000.00');
    expect((await owner('GET', w.base)).body.total).toBe('999999990000.30');
    await s.services.db.deleteFrom('budget_items').where('budget_id', '=', w.budgetId).execute();

    // Ten items of 999,999,999.99 × 1,000,000: 10^18 cents, far past 2^53.
    await addItems(s, w, Array.from({ length: 10 }, () => ({ itemId: w.items.pipe, quantity: 1_000_000, price: '999999999.99' })));
    expect((await owner('GET', w.base)).body).toMatchObject({ itemCount: 10, total: '9999999999900000.00' });

    // The largest item, 1,000,000,000 × 999,999,999.99, is 10^20 cents: past what a 64-bit integer holds.
    await addItems(s, w, [0, 1, 2].map(() => ({ itemId: w.items.asphalt, quantity: 1_000_000_000, price: '999999999.99' })));
    const total = (await owner('GET', w.base)).body.total;
    expect(total).toBe('3009999999969900000.00');
    const list = await owner('GET', `${w.base}/items/company?_sort=amount&_order=desc&_end=1`);
    expect(list.body[0]).toMatchObject({ quantity: 1_000_000_000, price: '999999999.99', amount: '999999999990000000.00' });
  });

  it("applies retainage and profitability percents to the exact total, rounded half up to the cent", async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: '100' }]);
    const submitted = await owner('POST', `${w.base}/submit`, { retainagePercent: '33.333', profitabilityPercent: 12.5 });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ total: '100.00', retainagePercent: 33.333, retainage: '33.33', profitabilityPercent: 12.5, profit: '12.50' });
    await owner('DELETE', `${w.base}/submit`);
    await s.services.db.updateTable('budget_items').set({ price_cents: 3 }).where('budget_id', '=', w.budgetId).execute();
    expect((await owner('GET', w.base)).body).toMatchObject({ total: '0.03', retainage: '0.01', profit: '0.00' });
  });

  it('pages, sorts and filters the items in SQL', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [
      { itemId: w.items.pipe, quantity: 10, price: '5.00' },
      { itemId: w.items.asphalt, quantity: 2, price: '100.00', reportWeight: true },
      { itemId: w.items.labor, quantity: 30, price: '1.00' },
      { itemId: w.items.pipe, quantity: 1, price: '250.00' },
    ]);
    const names = (res: { body: Array<{ itemName: string; amount: string }> }) => res.body.map((i) => `${i.itemName} ${i.amount}`);

    const byAmount = await owner('GET', `${w.base}/items/company?_sort=amount&_order=desc`);
    expect(byAmount.headers['x-total-count']).toBe('4');
    expect(names(byAmount)).toEqual(['Pipe 250.00', 'Asphalt 200.00', 'Pipe 50.00', 'Labor 30.00']);
    expect(names(await owner('GET', `${w.base}/items/company?_sort=price,id&_order=asc,asc&_start=1&_end=3`))).toEqual(['Pipe 50.00', 'Asphalt 200.00']);
    expect(names(await owner('GET', `${w.base}/items/company?_sort=itemName`))).toEqual(['Asphalt 200.00', 'Labor 30.00', 'Pipe 50.00', 'Pipe 250.00']);
    expect(names(await owner('GET', `${w.base}/items/company?categoryName=Pipes&_sort=quantity`))).toEqual(['Pipe 250.00', 'Pipe 50.00']);
    expect(names(await owner('GET', `${w.base}/items/company?reportWeight=true`))).toEqual(['Asphalt 200.00']);
    expect(names(await owner('GET', `${w.base}/items/company?itemCode_like=as`))).toEqual(['Asphalt 200.00']);
    expect(names(await owner('GET', `${w.base}/items/company?q=pipe&_sort=amount&_order=desc`))).toEqual(['Pipe 250.00', 'Pipe 50.00']);
    expect(names(await owner('GET', `${w.base}/items/company?quantity_gte=10&_sort=quantity&_order=desc`))).toEqual(['Labor 30.00', 'Pipe 50.00']);
    const unsortable = await owner('GET', `${w.base}/items/company?_sort=changeOrderCount`);
    expect(unsortable.status).toBe(400);
    expect((await owner('GET', `${w.base}/items/company?amount=200`)).status).toBe(400);

    // The client and the subcontractor read them too; a stranger does not.
    expect((await call(s, side(w.client))('GET', `${w.base}/items/company`)).body).toHaveLength(4);
    expect((await call(s, side(w.sub))('GET', `${w.base}/items/company`)).body).toHaveLength(4);
    expect((await call(s, side(w.stranger))('GET', `${w.base}/items/company`)).status).toBe(404);
  });

  it('lists budgets and budget items of the projects the active company may see', async () => {
    const s = server();
    const w = await budgetWorld(s);
    await addItems(s, w, [{ itemId: w.items.pipe, quantity: 2, price: '0.10' }]);
    const mine = await call(s, side(w.stranger))('POST', `/companies/${w.stranger.companyId}/projects`, { projectName: 'Stranger Yard', code: 'SY-1' });
    expect(mine.status).toBe(201);

    const owners = await call(s, side(w.owner))('GET', '/budgets');
    expect(owners.body.map((b: { id: number }) => b.id)).toEqual([w.budgetId]);
    expect(owners.body[0]).toMatchObject({ total: '0.20', itemCount: 1, canManage: true });
    const clients = await call(s, side(w.client))('GET', `/budgets?projectId=${w.projectId}`);
    expect(clients.body).toHaveLength(1);
    expect(clients.body[0]).toMatchObject({ id: w.budgetId, canManage: false });
    expect((await call(s, side(w.sub))('GET', '/budgets?status=draft')).body.map((b: { id: number }) => b.id)).toEqual([w.budgetId]);
    expect((await call(s, side(w.sub))('GET', '/budgets?status=approved')).body).toEqual([]);
    const strangers = await call(s, side(w.stranger))('GET', '/budgets');
    expect(strangers.body.map((b: { id: number }) => b.id)).toEqual([mine.body.budgetId]);

    const items = await call(s, side(w.client))('GET', `/budgetItems?budgetId=${w.budgetId}`);
    expect(items.status).toBe(200);
    expect(items.body).toMatchObject([{ itemName: 'Pipe', amount: '0.20', budgetId: w.budgetId }]);
    expect((await call(s, side(w.owner))('GET', `/budgetItems?projectId=${w.projectId}`)).body).toHaveLength(1);
    const none = await call(s, side(w.stranger))('GET', `/budgetItems?budgetId=${w.budgetId}`);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const unnarrowed = await call(s, side(w.owner))('GET', '/budgetItems');
    expect(unnarrowed.status).toBe(400);
    expect(unnarrowed.body.error.details[0].field).toBe('budgetId');
  });

  it("shows a sub-project's parent budget items read-only to the two sides and the parent's companies, not to its crew companies", async () => {
    const s = server();
    const w = await budgetWorld(s);
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 5, price: '20' }]);
    const sub = await subProject(s, w);
    const parentItems = `${sub.base}/items/parent`;

    const asSubOwner = await call(s, side(w.sub))('GET', parentItems);
    expect(asSubOwner.status).toBe(200);
    expect(asSubOwner.body).toMatchObject([{ itemName: 'Asphalt', amount: '100.00', budgetId: w.budgetId }]);
    expect((await call(s, side(w.owner))('GET', parentItems)).body).toHaveLength(1);
    // A top-level project has no parent: an empty list.
    const top = await call(s, side(w.owner))('GET', `${w.base}/items/parent`);
    expect(top.status).toBe(200);
    expect(top.body).toEqual([]);
    expect(top.headers['x-total-count']).toBe('0');

    await s.services.db.insertInto('project_crew_companies').values({ project_id: sub.projectId, company_id: w.stranger.companyId, added_by: null, created_at: new Date().toISOString() }).execute();
    expect((await call(s, side(w.stranger))('GET', `${sub.base}/items/company`)).status).toBe(200);
    expect((await call(s, side(w.stranger))('GET', parentItems)).status).toBe(403);
    // The parent's client is not related to the sub-project at all.
    expect((await call(s, side(w.client))('GET', parentItems)).status).toBe(404);
  });
});
