import { budgetRoutes } from '../../server/modules/budgets/index.js';
import { addItems, budgetWorld, call, lastNotificationId, member, notificationsSince, side, stored, subProject } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';

describeEachDatabase('budgets: comments, activity and who may call', (server) => {
  it("lets every related company comment, in its person's name, and tells the other side's project people", async () => {
    const s = server();
    const w = await budgetWorld(s);
    const [item] = await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const ownerPm = await member(s, w.owner, 'ProjectManager');
    const clientPm = await member(s, w.client, 'ProjectManager');
    await member(s, w.owner, 'Member'); // no projects permission: never told
    await member(s, w.stranger, 'ProjectManager'); // unrelated: never told

    let mark = await lastNotificationId(s);
    const fromClient = await call(s, clientPm)('POST', `${w.base}/comments`, { comment: '  Why so much asphalt?  ', budgetItemId: item!.id });
    expect(fromClient.status).toBe(201);
    expect(fromClient.body).toMatchObject({ budgetId: w.budgetId, budgetItemId: item!.id, companyId: w.client.companyId, authorName: 'Test Person', comment: 'Why so much asphalt?' });
    let told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id).sort()).toEqual([w.owner.user.id, ownerPm.userId].sort());
    expect(told[0]).toMatchObject({ company_id: w.owner.companyId, type: 'budget--comment', entity_id: String(w.budgetId) });
    expect(told[0]!.options).toEqual({ projectId: w.projectId, eventId: fromClient.body.id });

    mark = await lastNotificationId(s);
    const fromOwner = await call(s, ownerPm)('POST', `${w.base}/comments`, { comment: 'It is a wide road' });
    expect(fromOwner.body).toMatchObject({ companyId: w.owner.companyId, budgetItemId: null });
    told = await notificationsSince(s, mark);
    // The client side hears of it (not the subcontractor, not the owner's own people).
    expect(told.map((n) => n.user_id).sort()).toEqual([w.client.user.id, clientPm.userId].sort());
    expect(told.every((n) => n.company_id === w.client.companyId && n.type === 'budget--comment')).toBe(true);

    mark = await lastNotificationId(s);
    const fromSub = await call(s, side(w.sub))('POST', `${w.base}/comments`, { comment: 'We can bore instead' });
    expect(fromSub.status).toBe(201);
    told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id).sort()).toEqual([w.owner.user.id, ownerPm.userId].sort());

    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'company_id', 'actor_user_id']).where('entity_type', '=', 'budget_comment').where('entity_id', '=', String(fromSub.body.id)).execute();
    expect(trail).toEqual([{ action: 'created', company_id: w.owner.companyId, actor_user_id: w.sub.user.id }]);

    const page = await call(s, side(w.client))('GET', `${w.base}/comments?_end=2`);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((c: { comment: string }) => c.comment)).toEqual(['Why so much asphalt?', 'It is a wide road']);
    const newest = await call(s, side(w.owner))('GET', `${w.base}/comments?_sort=createdAt&_order=desc&_end=1`);
    expect(newest.body[0].comment).toBe('We can bore instead');
    expect((await call(s, side(w.owner))('GET', `${w.base}/comments?budgetItemId=${item!.id}`)).body).toHaveLength(1);
  });

  it('refuses an empty comment or an item of another budget (400) and changes nothing', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const sub = await subProject(s, w);
    const bore = (await call(s, side(w.sub))('POST', '/items', { name: 'Bore' })).body.id;
    const [foreign] = (await call(s, side(w.sub))('POST', `${sub.base}/items/multiple`, { items: [{ itemId: bore }] })).body;
    const before = await stored(s, w.budgetId);
    for (const [body, field] of [
      [{ comment: '   ' }, 'comment'],
      [{}, 'comment'],
      [{ comment: 'x'.repeat(5001) }, 'comment'],
      [{ comment: 'Hi', budgetItemId: foreign.id }, 'budgetItemId'],
      [{ comment: 'Hi', budgetItemId: 'one' }, 'budgetItemId'],
    ] as const) {
      const res = await call(s, side(w.client))('POST', `${w.base}/comments`, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('answers the activity of the budget, its items, reviews and change orders, newest first, with who acted', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const [asphalt, pipe] = await addItems(s, w, [
      { itemId: w.items.asphalt, quantity: 1, price: 1 },
      { itemId: w.items.pipe, quantity: 2, price: 2 },
    ]);
    await owner('PATCH', `${w.base}/items/${asphalt!.id}`, { quantity: 5 });
    await owner('DELETE', `${w.base}/items/${pipe!.id}`);
    await owner('POST', `${w.base}/submit`, { retainagePercent: 5 });
    // Approved (reviews are another area's), then a change order sent and accepted by the client.
    await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
    const co = await owner('POST', `${w.base}/change-orders`, { itemId: asphalt!.id, quantity: 6 });
    await owner('POST', `${w.base}/change-orders/${co.body.id}/send`, { price: '1.50' });
    await call(s, side(w.client))('POST', `${w.base}/change-orders/${co.body.id}/accept`);
    // A change order deleted takes its events with it.
    const dropped = await owner('POST', `${w.base}/change-orders`, { itemId: asphalt!.id, quantity: 9 });
    expect((await owner('DELETE', `${w.base}/change-orders/${dropped.body.id}`)).status).toBe(204);
    // Another budget's events stay out.
    const other = await subProject(s, w);
    const bore = (await call(s, side(w.sub))('POST', '/items', { name: 'Bore' })).body.id;
    await call(s, side(w.sub))('POST', `${other.base}/items`, { itemId: bore });

    const res = await call(s, side(w.client))('GET', `${w.base}/activity`);
    expect(res.status).toBe(200);
    const events = res.body.map((e: { entityType: string; action: string }) => `${e.entityType} ${e.action}`);
    expect(events).toEqual([
      'budget_item changed by change order #1',
      'change_order accepted',
      'change_order sent',
      'change_order created',
      'budget submitted',
      'budget item deleted',
      'budget_item updated',
      // The deleted item's own events went with it; its deletion is on the budget.
      'budget_item created',
    ]);
    expect(res.headers['x-total-count']).toBe('8');
    expect(res.body[1]).toMatchObject({ entityId: String(co.body.id), actor: { id: w.client.user.id, name: 'Test Person' }, hidden: false });
    const updated = res.body.find((e: { action: string }) => e.action === 'updated');
    expect(updated).toMatchObject({ entityType: 'budget_item', entityId: String(asphalt!.id), changes: { quantity: { from: 1, to: 5 }, amount: { from: '1.00', to: '5.00' } }, actor: { id: w.owner.user.id } });
    expect(updated.createdAt).toEqual(expect.any(String));

    const items = await call(s, side(w.sub))('GET', `${w.base}/activity?entityType=budget_item&_end=2`);
    expect(items.headers['x-total-count']).toBe('3');
    expect(items.body).toHaveLength(2);
    expect((await call(s, side(w.stranger))('GET', `${w.base}/activity`)).status).toBe(404);
    expect((await owner('GET', `${w.base}/activity?changes=x`)).status).toBe(400);
  });

  it("answers 404 to a company with no relation to the project on every budget route, and changes nothing", async () => {
    const s = server();
    const w = await budgetWorld(s);
    const [item] = await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const strangerPm = await member(s, w.stranger, 'ProjectManager');
    const before = await stored(s, w.budgetId);
    const values: Record<string, number> = { id: w.projectId, budgetId: w.budgetId, budgetItemId: item!.id, companyId: w.owner.companyId, categoryId: 0 };
    const bodies: Record<string, unknown> = {
      'POST /projects/:id/budgets/:budgetId/items': { itemId: w.strangerItem, quantity: 1 },
      'POST /projects/:id/budgets/:budgetId/items/multiple': { items: [{ itemId: w.strangerItem }] },
      'PATCH /projects/:id/budgets/:budgetId/items/:budgetItemId': { quantity: 2 },
      'POST /projects/:id/budgets/:budgetId/submit': {},
      'POST /projects/:id/budgets/:budgetId/submitSinglePart': {},
      'POST /projects/:id/budgets/:budgetId/comments': { comment: 'Hello' },
      'POST /projects/:id/budget-spent': {},
    };
    let checked = 0;
    for (const route of budgetRoutes) {
      if (!route.url.includes(':id')) continue;
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => String(values[name]));
      for (const who of [side(w.stranger), strangerPm]) {
        const res = await call(s, who)(route.method, url, bodies[`${route.method} ${route.url}`]);
        expect(res.status, `${route.method} ${url}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Asphalt');
        checked++;
      }
    }
    expect(checked).toBe(2 * (budgetRoutes.length - 2));
    expect(await stored(s, w.budgetId)).toEqual(before);
    // The lists not under a project show nothing of it.
    expect((await call(s, side(w.stranger))('GET', '/budgets')).body).toEqual([]);
    expect((await call(s, side(w.stranger))('GET', `/budgetItems?projectId=${w.projectId}`)).body).toEqual([]);
    // Acting in the owner's company from outside it is refused before anything else.
    const foreignTab = await call(s, { token: w.stranger.token, headers: w.owner.headers })('GET', w.base);
    expect(foreignTab.status).toBe(404);
  });
});
