import { addItems, budgetWorld, call, lastNotificationId, member, notificationsSince, pendingReview, side, stored } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';

describeEachDatabase('budgets: submission', (server) => {
  it('refuses to submit an empty budget (409) and changes nothing', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const before = await stored(s, w.budgetId);
    const empty = await call(s, side(w.owner))('POST', `${w.base}/submit`, { retainagePercent: 5 });
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ code: 'BUDGET_EMPTY', message: 'Add at least one item before submitting the budget' });
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it("submits with its percents, tells the client's project people, and refuses a second submission and item changes (409, nothing changed)", async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const [item] = await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 4, price: '25' }]);
    const clientPm = await member(s, w.client, 'ProjectManager');
    await member(s, w.client, 'Member'); // no projects permission: not told
    const ownerPm = await member(s, w.owner, 'ProjectManager'); // the owner's side: not told of its own submission
    const mark = await lastNotificationId(s);

    const submitted = await owner('POST', `${w.base}/submit`, { retainagePercent: '10', profitabilityPercent: '' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', singlePart: false, retainagePercent: 10, profitabilityPercent: 0, total: '100.00', retainage: '10.00', profit: '0.00', canManage: true });
    expect(submitted.body.submittedAt).toEqual(expect.any(String));
    const row = await s.services.db.selectFrom('budgets').select(['submitted_by', 'retainage_e3']).where('id', '=', w.budgetId).executeTakeFirstOrThrow();
    expect(row).toEqual({ submitted_by: w.owner.user.id, retainage_e3: 10000 });

    const told = await notificationsSince(s, mark);
    expect(told.map((n) => n.user_id).sort()).toEqual([w.client.user.id, clientPm.userId].sort());
    expect(told.every((n) => n.user_id !== ownerPm.userId)).toBe(true);
    expect(told[0]).toMatchObject({ company_id: w.client.companyId, type: 'budget--budget-item', entity_id: String(w.budgetId), description: `${w.owner.user.name} submitted the budget of Main Street Fiber (${w.project.code}) for review` });
    expect(told[0]!.options).toEqual({ projectId: w.projectId });

    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'changes']).where('entity_type', '=', 'budget').where('entity_id', '=', String(w.budgetId)).execute();
    expect(trail.map((t) => t.action)).toContain('submitted');

    const before = await stored(s, w.budgetId);
    const again = await owner('POST', `${w.base}/submit`, { retainagePercent: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ILLEGAL_TRANSITION');
    expect((await owner('POST', `${w.base}/submitSinglePart`, {})).status).toBe(409);
    const edits: Array<[string, string, unknown?]> = [
      ['POST', `${w.base}/items`, { itemId: w.items.pipe, quantity: 1 }],
      ['POST', `${w.base}/items/multiple`, { items: [{ itemId: w.items.pipe }] }],
      ['PATCH', `${w.base}/items/${item!.id}`, { quantity: 9 }],
      ['DELETE', `${w.base}/items/${item!.id}`],
    ];
    for (const [method, url, body] of edits) {
      const res = await owner(method as 'POST', url, body);
      expect(res.status, `${method} ${url}`).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'BUDGET_NOT_EDITABLE', message: 'The budget is in review or approved: its items cannot change (use a change order once approved)' });
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('cancels a submission back to draft, revoking the pending reviews only; cancelling a draft is a 409', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const before = await stored(s, w.budgetId);
    const draftCancel = await owner('DELETE', `${w.base}/submit`);
    expect(draftCancel.status).toBe(409);
    expect(draftCancel.body.error.code).toBe('ILLEGAL_TRANSITION');
    expect(await stored(s, w.budgetId)).toEqual(before);

    await owner('POST', `${w.base}/submit`, { retainagePercent: 5 });
    const pending = await pendingReview(s, w.budgetId, { userId: w.client.user.id, companyId: w.client.companyId });
    const decided = await pendingReview(s, w.budgetId, { userId: w.owner.user.id, companyId: w.owner.companyId });
    await s.services.db.updateTable('budget_reviews').set({ status: 'approved', token_hash: 'kept-for-the-signed-pdf' }).where('id', '=', decided).execute();

    const beforeCancel = await lastNotificationId(s);
    const cancelled = await owner('DELETE', `${w.base}/submit`);
    expect(cancelled.status).toBe(200);
    // The reviewer whose review was still pending is told it is no longer needed; nobody else is.
    expect((await notificationsSince(s, beforeCancel)).map((n) => [n.user_id, n.type])).toEqual([[w.client.user.id, 'budget--budget-review']]);
    expect(cancelled.body).toMatchObject({ status: 'draft', submittedAt: null, retainagePercent: 5 });
    const reviews = await s.services.db.selectFrom('budget_reviews').select(['id', 'status', 'token_hash', 'decided_at']).where('budget_id', '=', w.budgetId).orderBy('id').execute();
    expect(reviews).toEqual([
      { id: pending, status: 'revoked', token_hash: null, decided_at: expect.any(String) },
      { id: decided, status: 'approved', token_hash: 'kept-for-the-signed-pdf', decided_at: null },
    ]);
    const revokedTrail = await s.services.db.selectFrom('audit_events').select(['action', 'company_id']).where('entity_type', '=', 'budget_review').where('entity_id', '=', String(pending)).execute();
    expect(revokedTrail).toEqual([{ action: 'revoked', company_id: w.owner.companyId }]);

    // Draft again: items change, and now that reviews were asked the client side hears of it.
    const mark = await lastNotificationId(s);
    expect((await owner('POST', `${w.base}/items`, { itemId: w.items.pipe, quantity: 2, price: 3 })).status).toBe(201);
    const told = await notificationsSince(s, mark);
    expect(told.map((n) => [n.user_id, n.type, n.description])).toEqual([[w.client.user.id, 'budget--budget-item', `The budget of Main Street Fiber (${w.project.code}) changed: Pipe added`]]);
  });

  it('submits as a single part, and a plain submission takes the project’s own setting again', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const single = await owner('POST', `${w.base}/submitSinglePart`, { retainagePercent: '33.333', profitabilityPercent: '0.5' });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ status: 'submitted', singlePart: true, retainagePercent: 33.333, profitabilityPercent: 0.5 });
    await owner('DELETE', `${w.base}/submit`);
    const plain = await owner('POST', `${w.base}/submit`, {});
    expect(plain.body).toMatchObject({ status: 'submitted', singlePart: false, retainagePercent: 0, profitabilityPercent: 0 });
  });

  it('submits a rejected budget again and edits its items; an approved one neither submits, cancels nor edits', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    const [item] = await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    await s.services.db.updateTable('budgets').set({ status: 'rejected' }).where('id', '=', w.budgetId).execute();
    expect((await owner('PATCH', `${w.base}/items/${item!.id}`, { quantity: 2 })).body.quantity).toBe(2);
    expect((await owner('POST', `${w.base}/submit`, {})).body.status).toBe('submitted');

    await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
    const before = await stored(s, w.budgetId);
    for (const [method, url, body] of [
      ['POST', `${w.base}/submit`, {}],
      ['POST', `${w.base}/submitSinglePart`, {}],
      ['DELETE', `${w.base}/submit`, undefined],
      ['PATCH', `${w.base}/items/${item!.id}`, { quantity: 3 }],
      ['POST', `${w.base}/items`, { itemId: w.items.pipe }],
    ] as const) {
      expect((await owner(method, url, body)).status, `${method} ${url}`).toBe(409);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('refuses bad percents with a 400 that changes nothing', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const owner = call(s, side(w.owner));
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const before = await stored(s, w.budgetId);
    for (const body of [{ retainagePercent: '100.001' }, { retainagePercent: '33.3333' }, { profitabilityPercent: -1 }, { retainagePercent: 'ten' }, { profitabilityPercent: '1e309' }]) {
      const res = await owner('POST', `${w.base}/submit`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details[0].field).toBe(Object.keys(body)[0]);
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it("shows a reviewer their own pending review, in the company it was asked in", async () => {
    const s = server();
    const w = await budgetWorld(s);
    await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    await call(s, side(w.owner))('POST', `${w.base}/submit`, {});
    const clientPm = await member(s, w.client, 'ProjectManager');
    const review = await pendingReview(s, w.budgetId, { userId: clientPm.userId, companyId: w.client.companyId });
    expect((await call(s, clientPm)('GET', w.base)).body.myPendingReviewId).toBe(review);
    expect((await call(s, side(w.client))('GET', w.base)).body.myPendingReviewId).toBeNull();
    expect((await call(s, side(w.owner))('GET', w.base)).body.myPendingReviewId).toBeNull();
    expect((await call(s, clientPm)('GET', '/budgets')).body[0].myPendingReviewId).toBe(review);
    await s.services.db.updateTable('budget_reviews').set({ status: 'approved' }).where('id', '=', review).execute();
    expect((await call(s, clientPm)('GET', w.base)).body.myPendingReviewId).toBeNull();
  });

  it('leaves submitting and item changes to the owner’s project managers: the client, a subcontractor and a supervisor get 403', async () => {
    const s = server();
    const w = await budgetWorld(s);
    const [item] = await addItems(s, w, [{ itemId: w.items.asphalt, quantity: 1, price: 1 }]);
    const supervisor = await member(s, w.owner, 'Supervisor');
    const clientPm = await member(s, w.client, 'ProjectManager');
    const before = await stored(s, w.budgetId);
    for (const who of [side(w.client), clientPm, side(w.sub), supervisor]) {
      const as = call(s, who);
      for (const [method, url, body] of [
        ['POST', `${w.base}/items`, { itemId: 'not even an id' }],
        ['POST', `${w.base}/items/multiple`, { items: [] }],
        ['PATCH', `${w.base}/items/${item!.id}`, { quantity: 1.5 }],
        ['DELETE', `${w.base}/items/${item!.id}`, undefined],
        ['POST', `${w.base}/submit`, { retainagePercent: 'bad' }],
        ['POST', `${w.base}/submitSinglePart`, {}],
        ['DELETE', `${w.base}/submit`, undefined],
      ] as const) {
        // 403 before the body is read: a caller without the right never sees a 400 about it.
        expect((await as(method, url, body)).status, `${method} ${url}`).toBe(403);
      }
    }
    expect(await stored(s, w.budgetId)).toEqual(before);
    const pm = await member(s, w.owner, 'ProjectManager');
    expect((await call(s, pm)('POST', `${w.base}/items`, { itemId: w.items.pipe, quantity: 1 })).status).toBe(201);
  });
});
