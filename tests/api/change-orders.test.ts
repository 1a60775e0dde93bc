import { as, changeOrderWorld, stored } from './change-orders-helpers.js';
import { describeEachDatabase } from './harness.js';

describeEachDatabase('change orders: lifecycle', (server) => {
  it('creates a draft from a budget item with the item’s values as defaults, numbered per budget, and records it', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);

    const first = await owner('POST', w.url, { itemId: w.items.asphalt });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: 1,
      budgetId: w.budgetId,
      budgetItemId: w.items.asphalt,
      itemName: 'Asphalt',
      status: 'draft',
      quantity: 100,
      price: '12.50',
      amount: '1250.00',
      reportWeight: false,
      description: null,
      requestFromParent: false,
      message: null,
      previousQuantity: null,
      previousPrice: null,
      sentAt: null,
      decidedAt: null,
      canDecide: false,
    });
    const second = await owner('POST', w.url, { itemId: w.items.pipe, quantity: '45', price: '101.10', reportWeight: true, description: ' More pipe ' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ number: 2, quantity: 45, price: '101.10', amount: '4549.50', reportWeight: true, description: 'More pipe' });

    const audit = await s.services.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity_type', '=', 'change_order')
      .where('entity_id', '=', String(second.body.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'created', company_id: w.owner.companyId, actor_user_id: w.owner.owner.userId });
    expect(JSON.parse(audit.changes)).toMatchObject({ number: { from: null, to: 2 }, item: { to: 'Pipe' }, price: { to: '101.10' } });
  });

  it('refuses a change order on a budget that is not approved (409), an item of another budget (400) and asking a parent the project lacks (400), changing nothing', async () => {
    const s = server();
    const draft = await changeOrderWorld(s, { budgetStatus: 'draft' });
    const before = await stored(s, draft.budgetId);
    const notApproved = await as(s, draft.owner.owner)('POST', draft.url, { itemId: draft.items.asphalt });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.error.code).toBe('BUDGET_NOT_APPROVED');
    expect(await stored(s, draft.budgetId)).toEqual(before);

    const w = await changeOrderWorld(s, { parent: false });
    const owner = as(s, w.owner.owner);
    const unchanged = await stored(s, w.budgetId);
    const foreign = await owner('POST', w.url, { itemId: draft.items.asphalt });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ field: 'itemId', message: 'Choose an item of this budget' }]);
    const noParent = await owner('POST', w.url, { itemId: w.items.asphalt, requestFromParent: true });
    expect(noParent.status).toBe(400);
    expect(noParent.body.error.details[0].field).toBe('requestFromParent');
    for (const body of [{}, { itemId: 'x' }, { itemId: w.items.asphalt, price: '1.234' }, { itemId: w.items.asphalt, quantity: 1.5 }, { itemId: w.items.asphalt, price: -1 }]) {
      const bad = await owner('POST', w.url, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(s, w.budgetId)).toEqual(unchanged);
  });

  it('edits, sends with a price, is sent back with a message, edited and sent again, then accepted: the item takes its values', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const client = as(s, w.client.owner);
    const clientPm = await w.client.member('ProjectManager');
    const ownerPm = await w.owner.member('ProjectManager');
    await w.client.member('Member'); // no projects permission: never told
    await w.outsider.member('ProjectManager'); // unrelated: never told

    const created = await owner('POST', w.url, { itemId: w.items.asphalt });
    const co = `${w.url}/${created.body.id}`;
    const edited = await owner('PATCH', co, { quantity: 120, description: 'Extra lane' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'draft', quantity: 120, price: '12.50', amount: '1500.00', description: 'Extra lane' });

    const sent = await owner('POST', `${co}/send`, { price: '13.75' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', quantity: 120, price: '13.75', amount: '1650.00', canDecide: false });
    expect(sent.body.sentAt).toEqual(expect.any(String));
    const sentRow = await s.services.db.selectFrom('change_orders').select(['sent_by']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(sentRow.sent_by).toBe(w.owner.owner.userId);

    // The client's projects people hear of it; nobody else does.
    const told = await s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select(['m.user_id', 'n.company_id', 'n.type', 'n.entity_id', 'n.options', 'n.description'])
      .where('n.entity_id', '=', String(w.items.asphalt))
      .orderBy('n.id')
      .execute();
    expect(told.map((n) => n.user_id).sort()).toEqual([w.client.owner.userId, clientPm.userId].sort());
    expect(told[0]).toMatchObject({ company_id: w.client.companyId, type: 'budget--budget-item', entity_id: String(w.items.asphalt) });
    expect(JSON.parse(told[0]!.options)).toEqual({ projectId: w.projectId, eventId: created.body.id });
    expect(told[0]!.description).toBe('Change order #1 on Asphalt (MAIN) is waiting for your decision');

    const listed = await client('GET', w.url);
    expect(listed.body[0]).toMatchObject({ id: created.body.id, canDecide: true });

    const missingMessage = await client('POST', `${co}/reject`, { message: '  ' });
    expect(missingMessage.status).toBe(400);
    const rejected = await client('POST', `${co}/reject`, { message: 'Too expensive' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', message: 'Too expensive', canDecide: false });
    const ownerTold = await s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select(['m.user_id', 'n.description'])
      .where('n.company_id', '=', w.owner.companyId)
      .execute();
    expect(ownerTold.map((n) => n.user_id).sort()).toEqual([w.owner.owner.userId, ownerPm.userId].sort());
    expect(ownerTold[0]!.description).toBe('Change order #1 on Asphalt (MAIN) was sent back: Too expensive');

    const reEdited = await owner('PATCH', co, { quantity: 110 });
    expect(reEdited.body).toMatchObject({ status: 'rejected', quantity: 110, message: 'Too expensive' });
    const resent = await owner('POST', `${co}/send`, { price: 13 });
    expect(resent.body).toMatchObject({ status: 'sent', price: '13.00', message: null });

    const accepted = await client('POST', `${co}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', quantity: 110, price: '13.00', amount: '1430.00', previousQuantity: 100, previousPrice: '12.50' });
    expect(accepted.body.decidedAt).toEqual(expect.any(String));
    const item = await s.services.db.selectFrom('budget_items').selectAll().where('id', '=', w.items.asphalt).executeTakeFirstOrThrow();
    expect({ quantity: Number(item.quantity), price: Number(item.price_cents), description: item.description }).toEqual({ quantity: 110, price: 1300, description: 'Extra lane' });
    const row = await s.services.db.selectFrom('change_orders').select(['decided_by']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.decided_by).toBe(w.client.owner.userId);

    // Both the change order and the item are in the trail, in the owner's company.
    const trail = await s.services.db
      .selectFrom('audit_events')
      .select(['entity_type', 'entity_id', 'action', 'changes', 'company_id', 'actor_user_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'change_order'), eb('entity_id', '=', String(created.body.id))]),
          eb.and([eb('entity_type', '=', 'budget_item'), eb('entity_id', '=', String(w.items.asphalt))]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(trail.map((a) => `${a.entity_type} ${a.action}`)).toEqual([
      'change_order created',
      'change_order updated',
      'change_order sent',
      'change_order sent back',
      'change_order updated',
      'change_order sent',
      'change_order accepted',
      'budget_item changed by change order #1',
    ]);
    expect(trail.every((a) => a.company_id === w.owner.companyId)).toBe(true);
    const itemAudit = trail.at(-1)!;
    expect(itemAudit).toMatchObject({ entity_id: String(w.items.asphalt), actor_user_id: w.client.owner.userId });
    expect(JSON.parse(itemAudit.changes)).toEqual({ quantity: { from: 100, to: 110 }, price: { from: '12.50', to: '13.00' }, description: { from: 'Top course', to: 'Extra lane' } });
  });

  it('refuses every illegal move with 409 and changes nothing', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const client = as(s, w.client.owner);
    const draft = (await owner('POST', w.url, { itemId: w.items.asphalt })).body.id;
    const sent = (await owner('POST', w.url, { itemId: w.items.pipe })).body.id;
    await owner('POST', `${w.url}/${sent}/send`, { price: 1 });
    const accepted = (await owner('POST', w.url, { itemId: w.items.pipe, quantity: 50 })).body.id;
    await owner('POST', `${w.url}/${accepted}/send`, { price: 2 });
    expect((await client('POST', `${w.url}/${accepted}/accept`)).status).toBe(200);

    const before = await stored(s, w.budgetId);
    const illegal: Array<[typeof owner, 'POST' | 'PATCH' | 'DELETE', number, string, unknown?]> = [
      [client, 'POST', draft, '/accept'],
      [client, 'POST', draft, '/reject', { message: 'No' }],
      [owner, 'POST', sent, '/send', { price: 3 }],
      [owner, 'PATCH', sent, '', { quantity: 1 }],
      [owner, 'PATCH', sent, '', {}],
      [owner, 'DELETE', sent, ''],
      [owner, 'POST', accepted, '/send', { price: 3 }],
      [owner, 'PATCH', accepted, '', { quantity: 1 }],
      [owner, 'DELETE', accepted, ''],
      [client, 'POST', accepted, '/accept'],
      [client, 'POST', accepted, '/reject', { message: 'Late' }],
    ];
    for (const [who, method, id, action, body] of illegal) {
      const res = await who(method, `${w.url}/${id}${action}`, body);
      expect(res.status, `${method} ${id}${action}`).toBe(409);
      expect(res.body.error.code).toBe('ILLEGAL_TRANSITION');
    }
    const noMessage = await client('POST', `${w.url}/${sent}/reject`, {});
    expect(noMessage.status).toBe(400);
    expect(await stored(s, w.budgetId)).toEqual(before);
  });

  it('deletes a draft or a sent-back change order, records it and keeps the other numbers', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const one = (await owner('POST', w.url, { itemId: w.items.asphalt })).body.id;
    const two = (await owner('POST', w.url, { itemId: w.items.pipe })).body.id;
    await owner('POST', `${w.url}/${two}/send`, { price: 1 });
    await as(s, w.client.owner)('POST', `${w.url}/${two}/reject`, { message: 'No' });

    expect((await owner('DELETE', `${w.url}/${one}`)).status).toBe(204);
    const three = await owner('POST', w.url, { itemId: w.items.asphalt });
    expect(three.body.number).toBe(3);
    expect((await owner('DELETE', `${w.url}/${two}`)).status).toBe(204);
    expect((await owner('DELETE', `${w.url}/${two}`)).status).toBe(404);
    expect((await owner('GET', w.url)).body.map((c: { number: number }) => c.number)).toEqual([3]);
    const deletions = await s.services.db
      .selectFrom('audit_events')
      .select('entity_id')
      .where('entity_type', '=', 'change_order')
      .where('action', '=', 'deleted')
      .where('entity_id', 'in', [String(one), String(two)])
      .execute();
    expect(deletions).toHaveLength(2);
  });

  it('lists by number with paging, filters and sorting, and refuses unknown filters', async () => {
    const s = server();
    const w = await changeOrderWorld(s);
    const owner = as(s, w.owner.owner);
    const ids: number[] = [];
    for (const itemId of [w.items.asphalt, w.items.pipe, w.items.asphalt, w.items.pipe, w.items.asphalt]) ids.push((await owner('POST', w.url, { itemId })).body.id);
    await owner('POST', `${w.url}/${ids[1]}/send`, { price: 5 });
    await owner('POST', `${w.url}/${ids[3]}/send`, { price: 5 });

    const page = await owner('GET', `${w.url}?_start=1&_end=3`);
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.body.map((c: { number: number }) => c.number)).toEqual([2, 3]);
    const sentOnes = await owner('GET', `${w.url}?status=sent`);
    expect(sentOnes.body.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[3]]);
    expect(sentOnes.headers['x-total-count']).toBe('2');
    const onAsphalt = await owner('GET', `${w.url}?budgetItemId=${w.items.asphalt}&_sort=number&_order=desc`);
    expect(onAsphalt.body.map((c: { number: number }) => c.number)).toEqual([5, 3, 1]);
    const byName = await owner('GET', `${w.url}?itemName_like=pip`);
    expect(byName.body.map((c: { itemName: string }) => c.itemName)).toEqual(['Pipe', 'Pipe']);
    expect((await owner('GET', `${w.url}?price=5`)).status).toBe(400);
    expect((await owner('GET', `${w.url}?_sort=amount`)).status).toBe(400);

    // The client reads them too, and may decide only those waiting for it.
    const clientView = await as(s, w.client.owner)('GET', w.url);
    expect(clientView.body.map((c: { canDecide: boolean }) => c.canDecide)).toEqual([false, true, false, true, false]);
  });
});
