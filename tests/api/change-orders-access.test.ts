import { as, budgetItem, changeOrderWorld, project, stored, type World } from './change-orders-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';

/** A change order of the world's budget, sent (with `price`), ready for a decision. */
async function sentChangeOrder(s: TestServer, w: World, body: Record<string, unknown> = {}, price: string | number = '12.50') {
  const owner = as(s, w.owner.owner);
  const created = await owner('POST', w.url, { itemId: w.items.asphalt, ...body });
  expect(created.status).toBe(201);
  const sent = await owner('POST', `${w.url}/${created.body.id}/send`, { price });
  expect(sent.status).toBe(200);
  return `${w.url}/${created.body.id}`;
}

describeEachDatabase('change orders: who reads, manages and decides', (server) => {
  it('lets the client decide; the owner of a project with a client gets 403, an unrelated company 404, before any body check', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const co = await sentChangeOrder(s, w);
    const before = await stored(s, w.budgetId);

    expect((await as(s, w.owner.owner)('POST', `${co}/accept`)).status).toBe(403);
    expect((await as(s, w.owner.owner)('POST', `${co}/reject`, { message: 'x' })).status).toBe(403);
    // The parent contractor decides only what is asked of it.
    expect((await as(s, w.parent.owner)('POST', `${co}/accept`)).status).toBe(403);
    // A client person who may only view projects.
    const supervisor = await w.client.member('Supervisor');
    expect((await as(s, supervisor)('POST', `${co}/accept`)).status).toBe(403);
    expect((await as(s, supervisor)('GET', w.url)).status).toBe(200);
    // A person without projects:view at all.
    const plain = await w.client.member('Member');
    expect((await as(s, plain)('GET', w.url)).status).toBe(403);
    for (const [method, url, body] of [
      ['GET', w.url],
      ['POST', w.url, { itemId: 'bad' }],
      ['PATCH', co, { quantity: 'bad' }],
      ['DELETE', co],
      ['POST', `${co}/send`, { price: 'bad' }],
      ['POST', `${co}/accept`],
      ['POST', `${co}/reject`, {}],
      ['GET', `${w.base}/items/${w.items.asphalt}/history`],
    ] as const) {
      const res = await as(s, w.outsider.owner)(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // The client reads but does not manage: 403 before the body is looked at.
    const client = as(s, w.client.owner);
    expect((await client('POST', w.url, { itemId: 'bad' })).status).toBe(403);
    expect((await client('PATCH', co, { quantity: 'bad' })).status).toBe(403);
    expect((await client('POST', `${co}/send`, { price: 'bad' })).status).toBe(403);
    expect((await client('DELETE', co)).status).toBe(403);
    // An owner person who only views projects manages nothing either.
    const ownerSupervisor = await w.owner.member('Supervisor');
    expect((await as(s, ownerSupervisor)('POST', w.url, { itemId: 'bad' })).status).toBe(403);
    expect(await stored(s, w.budgetId)).toEqual(before);

    expect((await client('POST', `${co}/accept`)).status).toBe(200);
  });

  it('sends a change order asked of the parent to the parent project’s owner, who decides it; the client cannot', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const parentPm = await w.parent.member('ProjectManager');
    const co = await sentChangeOrder(s, w, { requestFromParent: true });
    const told = await s.services.db.selectFrom('notifications').select(['company_id']).where('entity_id', '=', String(w.items.asphalt)).execute();
    expect(new Set(told.map((n) => n.company_id))).toEqual(new Set([w.parent.companyId]));

    expect((await as(s, w.client.owner)('POST', `${co}/accept`)).status).toBe(403);
    const list = await as(s, w.parent.owner)('GET', w.url);
    expect(list.body[0]).toMatchObject({ requestFromParent: true, canDecide: true });
    const accepted = await as(s, parentPm)('POST', `${co}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
  });

  it('lets the owner’s projects people decide on a project with neither client nor parent', async () => {
    const s = server();
    const w = await changeOrderWorld(s, { client: false, parent: false });
    const pm = await w.owner.member('ProjectManager');
    const co = await sentChangeOrder(s, w);
    // Sent to the owner's own projects people, but not to the sender.
    const told = await s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select('m.user_id')
      .where('n.entity_id', '=', String(w.items.asphalt))
      .execute();
    expect(told.map((n) => n.user_id)).toEqual([pm.userId]);
    expect((await as(s, w.client.owner)('GET', w.url)).status).toBe(404);
    const accepted = await as(s, pm)('POST', `${co}/accept`);
    expect(accepted.status).toBe(200);
  });

  it('answers 404 for a budget of another project and a change order of another budget', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const other = await project(s, w.owner.companyId, { clientId: w.client.companyId, code: 'OTHER' });
    const otherItem = await budgetItem(s, other.budgetId, (await s.services.db.selectFrom('budget_items').select('item_id').where('id', '=', w.items.asphalt).executeTakeFirstOrThrow()).item_id, 1, 100);
    const owner = as(s, w.owner.owner);
    const foreignCo = (await owner('POST', `/api/v1/projects/${other.projectId}/budgets/${other.budgetId}/change-orders`, { itemId: otherItem })).body.id;
    await sentChangeOrder(s, w);
    const before = await stored(s, w.budgetId);

    const wrongBudget = `/api/v1/projects/${w.projectId}/budgets/${other.budgetId}/change-orders`;
    expect((await owner('GET', wrongBudget)).status).toBe(404);
    expect((await owner('POST', wrongBudget, { itemId: otherItem })).status).toBe(404);
    expect((await owner('GET', `/api/v1/projects/${w.projectId}/budgets/${other.budgetId}/items/${otherItem}/history`)).status).toBe(404);
    expect((await owner('GET', `${w.base}/items/${otherItem}/history`)).status).toBe(404);
    for (const [method, action, body] of [
      ['PATCH', '', { quantity: 1 }],
      ['DELETE', ''],
      ['POST', '/send', { price: 1 }],
    ] as const) {
      expect((await owner(method, `${w.url}/${foreignCo}${action}`, body)).status).toBe(404);
    }
    expect((await as(s, w.client.owner)('POST', `${w.url}/${foreignCo}/accept`)).status).toBe(404);
    expect((await as(s, w.client.owner)('POST', `${w.url}/${foreignCo}/reject`, { message: 'x' })).status).toBe(404);
    expect((await owner('GET', `${w.url}/999999/accept`)).status).toBe(404);
    expect(await stored(s, w.budgetId)).toEqual(before);
  });
});

describeEachDatabase('change orders: concurrency, exact money and item history', (server) => {
  it('lets exactly one of a concurrent accept and send-back win; the other is a 409', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const client = as(s, w.client.owner);
    const clientPm = await w.client.member('ProjectManager');
    for (let round = 0; round < 4; round++) {
      const co = await sentChangeOrder(s, w, { quantity: 200 + round });
      const [accept, reject] = await Promise.all([client('POST', `${co}/accept`), as(s, clientPm)('POST', `${co}/reject`, { message: 'No' })]);
      expect([accept.status, reject.status].sort()).toEqual([200, 409]);
      const row = await s.services.db.selectFrom('change_orders').selectAll().where('id', '=', Number(co.split('/').at(-1))).executeTakeFirstOrThrow();
      const item = await s.services.db.selectFrom('budget_items').select(['quantity']).where('id', '=', w.items.asphalt).executeTakeFirstOrThrow();
      if (accept.status === 200) {
        expect(row.status).toBe('accepted');
        expect(Number(item.quantity)).toBe(200 + round);
      } else {
        expect(row).toMatchObject({ status: 'rejected', message: 'No', previous_quantity: null });
      }
    }
  });

  it('numbers concurrent creates one after the other without gaps or duplicates', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => owner('POST', w.url, { itemId: i % 2 ? w.items.pipe : w.items.asphalt })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('keeps money exact through acceptance and lists every accepted change order in the item’s history', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const client = as(s, w.client.owner);

    const untouched = await owner('GET', `${w.base}/items/${w.items.pipe}/history`);
    expect(untouched.status).toBe(200);
    expect(untouched.body).toEqual({
      budgetItemId: w.items.pipe,
      itemName: 'Pipe',
      original: { quantity: 40, price: '99.99', amount: '3999.60' },
      current: { quantity: 40, price: '99.99', amount: '3999.60' },
      changes: [],
    });

    const dime = await sentChangeOrder(s, w, { quantity: 3, description: 'Three at a dime' }, 0.1);
    const dimeAccepted = await client('POST', `${dime}/accept`);
    expect(dimeAccepted.body).toMatchObject({ quantity: 3, price: '0.10', amount: '0.30' });
    // Sent back ones and drafts are not history.
    const sentBack = await sentChangeOrder(s, w, { quantity: 7 });
    await client('POST', `${sentBack}/reject`, { message: 'No' });
    await owner('POST', w.url, { itemId: w.items.asphalt, quantity: 9 });
    const big = await sentChangeOrder(s, w, { quantity: 1_000_000 }, '999,999.99');
    const bigAccepted = await client('POST', `${big}/accept`);
    expect(bigAccepted.body).toMatchObject({ quantity: 1_000_000, price: '999999.99', amount: '999999990000.00', previousQuantity: 3, previousPrice: '0.10' });
    // Beyond 2^53 cents: still exact.
    const huge = await sentChangeOrder(s, w, { quantity: 1_000_000_000 }, '999999999.99');
    const hugeAccepted = await client('POST', `${huge}/accept`);
    expect(hugeAccepted.body.amount).toBe('999999999990000000.00');

    const history = await as(s, w.client.owner)('GET', `${w.base}/items/${w.items.asphalt}/history`);
    expect(history.status).toBe(200);
    expect(history.body.original).toEqual({ quantity: 100, price: '12.50', amount: '1250.00' });
    expect(history.body.current).toEqual({ quantity: 1_000_000_000, price: '999999999.99', amount: '999999999990000000.00' });
    expect(history.body.changes).toEqual([
      {
        changeOrderId: dimeAccepted.body.id,
        number: 1,
        from: { quantity: 100, price: '12.50', amount: '1250.00' },
        to: { quantity: 3, price: '0.10', amount: '0.30' },
        amountDelta: '-1249.70',
        description: 'Three at a dime',
        decidedBy: { id: w.client.owner.userId, name: 'Test Person' },
        decidedAt: dimeAccepted.body.decidedAt,
      },
      {
        changeOrderId: bigAccepted.body.id,
        number: 4,
        from: { quantity: 3, price: '0.10', amount: '0.30' },
        to: { quantity: 1_000_000, price: '999999.99', amount: '999999990000.00' },
        amountDelta: '999999989999.70',
        description: null,
        decidedBy: { id: w.client.owner.userId, name: 'Test Person' },
        decidedAt: bigAccepted.body.decidedAt,
      },
      expect.objectContaining({ number: 5, amountDelta: '999998999990010000.00' }),
    ]);
    // The item as stored: cents, exactly.
    const item = await s.services.db.selectFrom('budget_items').select(['quantity', 'price_cents']).where('id', '=', w.items.asphalt).executeTakeFirstOrThrow();
    expect([Number(item.quantity), Number(item.price_cents)]).toEqual([1_000_000_000, 99_999_999_999]);
  });
});
