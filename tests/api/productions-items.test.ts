import { describeEachDatabase, TINY_PNG, type TestServer } from './harness.js';
import { call, lastNotificationId, notificationsSince, type Caller } from './budgets-helpers.js';
import { API } from './project-helpers.js';
import { approvedProduction, productionWorld, recordProduction, storedProductions, type ProductionWorld } from './productions-helpers.js';

/** A multipart body of several files under file[] (as the phone's multi-file upload sends them). */
function files(list: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of list) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('productions: items, photos, comments, stations, traces', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  const upload = (who: Caller, path: string, list: Array<{ name: string; bytes: Buffer; type?: string }>) => {
    const m = files(list);
    return s.call('POST', `${API}${path}`, { token: who.token, headers: { ...who.headers, ...m.headers }, body: m.body });
  };

  it('items: add several, change quantities by id, change and delete one, plan items replaced', async () => {
    const p = await recordProduction(s, w, w.people.subLeader, { items: [] });
    const as = call(s, w.people.subLeader);
    const added = await as('POST', `/production/${p.id}/items`, {
      items: [
        { budgetItemId: w.budgetItems.asphalt, quantity: '0.1' },
        { budgetItemId: w.budgetItems.asphalt, quantity: 0.2 },
        { budgetItemId: w.budgetItems.labor, quantity: '7.125', description: 'Overtime', photosNumber: '3' },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.items.map((i: any) => [i.quantity, i.amount])).toEqual([
      ['0.1', '1.25'],
      ['0.2', '2.50'],
      ['7.125', '320.63'],
    ]);
    expect(added.body.amount).toBe('324.38'); // 0.3 × 12.50 + 7.125 × 45 = 3.75 + 320.625
    const [a, b, c] = added.body.items;
    const before = await storedProductions(s);
    const bad = await as('PATCH', `/production/${p.id}/items`, { items: [{ id: a.id, quantity: 1 }, { id: 999999, quantity: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('items.1.id');
    expect((await as('PATCH', `/production/${p.id}/items`, { items: [{ id: a.id, quantity: '1.2345' }] })).status).toBe(400);
    expect(await storedProductions(s)).toEqual(before);
    const changed = await as('PATCH', `/production/${p.id}/items`, { items: [{ id: a.id, quantity: '1.5' }, { id: b.id, quantity: '2' }] });
    expect(changed.status).toBe(200);
    expect(changed.body.items.map((i: any) => i.quantity)).toEqual(['1.5', '2', '7.125']);
    const one = await as('PATCH', `/production/item/${c.id}`, { quantity: '8', description: null });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: c.id, quantity: '8', description: null, photosNumber: 3, amount: '360.00', source: 'manual' });
    expect((await as('PATCH', `/production/item/${c.id}`, { colour: 'red' })).status).toBe(400);
    expect((await as('DELETE', `/production/item/${b.id}`)).status).toBe(204);
    // Plan marks (tests/api/plan-takeoff-production.test.ts): none leaves the manual items as they are.
    const pdf = await as('PATCH', `/production/${p.id}/pdf/items`, { marks: [] });
    expect(pdf.status).toBe(200);
    expect(pdf.body.items.map((i: any) => [i.itemName, i.source])).toEqual([
      ['Asphalt', 'manual'],
      ['Labor', 'manual'],
    ]);
    expect((await as('PATCH', `/production/${p.id}/pdf/items`, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 1 }] })).status).toBe(400);
    const trail = (await as('GET', `/production/${p.id}/activity`)).body.map((e: any) => e.action);
    expect(trail).toEqual(['plan marks replaced', 'item deleted', 'item updated', 'items updated', 'items added', 'created']);
  });

  it('item changes of a production the reviewers have seen are told to them; a first draft’s are not', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    const mark = await lastNotificationId(s);
    await call(s, w.people.subLeader)('POST', `/production/${p.id}/items`, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 1 }] });
    expect(await notificationsSince(s, mark)).toEqual([]);
    await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    await call(s, w.people.subLeader)('POST', `/production/${p.id}/amend`);
    const mark2 = await lastNotificationId(s);
    const added = await call(s, w.people.subLeader)('POST', `/production/${p.id}/items`, { items: [{ budgetItemId: w.budgetItems.labor, quantity: 1 }] });
    await call(s, w.people.subLeader)('DELETE', `/production/item/${added.body.items[0].id}`);
    const told = await notificationsSince(s, mark2);
    expect(new Set(told.map((n) => n.type))).toEqual(new Set(['production--item-added', 'production--item-deleted']));
    expect(new Set(told.map((n) => n.company_id))).toEqual(new Set([w.sub.companyId, w.owner.companyId]));
  });

  it('texts of a draft change by key; a taskId that is no task of the project is a 400 (tests/api/tasks-work.test.ts links one)', async () => {
    const p = await recordProduction(s, w, w.people.subLeader, { texts: { notes: 'A', weather: 'Rain' } });
    const res = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}`, { texts: { weather: 'Sun', safety: 'Cones out' } });
    expect(res.status).toBe(200);
    expect(res.body.texts).toEqual({ notes: 'A', weather: 'Sun', safety: 'Cones out' });
    const cleared = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}`, { texts: { notes: null } });
    expect(cleared.body.texts).toEqual({ weather: 'Sun', safety: 'Cones out' });
    const task = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}`, { taskId: 3 });
    expect(task.status).toBe(400);
    expect(task.body.message).toContain('Choose a task');
  });

  it('photos: several at once per production and per item, listed with signed links, deleted with their files', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    const item = p.items[0]!.id;
    const res = await upload(w.people.subLeader, `/production/${p.id}/files`, [
      { name: 'a.png', bytes: TINY_PNG },
      { name: 'b.png', bytes: TINY_PNG },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((ph: any) => [ph.name, ph.productionItemId])).toEqual([
      ['a.png', null],
      ['b.png', null],
    ]);
    const onItem = await upload(w.people.subLeader, `/production/item/${item}/files`, [{ name: 'c.png', bytes: TINY_PNG }]);
    expect(onItem.status).toBe(201);
    expect(onItem.body[0].productionItemId).toBe(item);
    const fetched = await s.call('GET', onItem.body[0].url);
    expect(fetched.status).toBe(200);
    const text = await upload(w.people.subLeader, `/production/${p.id}/files`, [{ name: 'notes.txt', bytes: Buffer.from('hello'), type: 'text/plain' }]);
    expect(text.status).toBe(400);
    const list = await call(s, w.people.subPm)('GET', `/production/${p.id}/photos`);
    expect(list.body).toHaveLength(3);
    const view = await call(s, w.people.subPm)('GET', `/production/${p.id}`);
    expect(view.body.photoCount).toBe(3);
    expect(view.body.items[0].photoCount).toBe(1);
    expect((await upload(w.people.ownerPm, `/production/${p.id}/files`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(404);
    const filesBefore = (await s.services.db.selectFrom('files').select('id').execute()).length;
    expect((await call(s, w.people.subLeader)('DELETE', `/production/${p.id}/photos/${res.body[0].id}`)).status).toBe(204);
    expect((await s.services.db.selectFrom('files').select('id').execute()).length).toBe(filesBefore - 1);
    // Deleting the item takes its photo and file; deleting the draft takes the rest.
    expect((await call(s, w.people.subLeader)('DELETE', `/production/item/${item}`)).status).toBe(204);
    expect((await s.services.db.selectFrom('files').select('id').execute()).length).toBe(filesBefore - 2);
    expect((await call(s, w.people.subLeader)('DELETE', `/production/${p.id}`)).status).toBe(204);
    expect((await s.services.db.selectFrom('files').select('id').execute()).length).toBe(filesBefore - 3);
    expect((await call(s, w.people.subLeader)('GET', `/production/${p.id}`)).status).toBe(404);
  });

  it('comments: anyone who sees the production writes; only the writer deletes; the others are told', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    const mark = await lastNotificationId(s);
    const res = await call(s, w.people.ownerPm)('POST', '/comment', { sourceId: p.id, comment: '  Check the asphalt tickets  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sourceId: p.id, companyId: w.owner.companyId, body: 'Check the asphalt tickets', mine: true });
    const told = await notificationsSince(s, mark);
    expect(told.map((n) => n.type)).toContain('production--comment');
    expect(told.some((n) => n.user_id === w.people.ownerPm.userId)).toBe(false);
    expect((await call(s, w.people.ownerPm)('POST', '/comment', { sourceId: p.id, comment: ' ' })).status).toBe(400);
    const list = await call(s, w.people.subLeader)('GET', `/comments/${p.id}`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].mine).toBe(false);
    expect((await call(s, w.people.subLeader)('DELETE', `/comment/${res.body.id}`)).status).toBe(403);
    expect((await call(s, w.people.ownerPm)('DELETE', `/comment/${res.body.id}`)).status).toBe(204);
    expect((await call(s, w.people.subLeader)('GET', `/comments/${p.id}`)).body).toEqual([]);
    expect((await call(s, w.people.ownerPm)('GET', `/production/${p.id}`)).body.commentCount).toBe(0);
  });

  it('stations of the project, replaced as a set', async () => {
    const st = await call(s, w.owner)('PATCH', `/projects/${w.projectId}/stations`, { stations: [{ name: 'STA 0+00' }, { name: 'STA 1+00' }, { name: 'STA 2+00' }] });
    expect(st.status).toBe(200);
    const ids = (await call(s, w.owner)('GET', `/projects/${w.projectId}/stations`)).body.map((x: any) => x.id);
    const p = await recordProduction(s, w, w.people.subLeader);
    const res = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/stations`, { stationIds: [ids[2], ids[0], ids[2]] });
    expect(res.status).toBe(200);
    expect(res.body.stationIds).toEqual([ids[0], ids[2]].sort((a: number, b: number) => a - b));
    const before = await storedProductions(s);
    const bad = await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/stations`, { stationIds: [ids[0], 999999] });
    expect(bad.status).toBe(400);
    expect(await storedProductions(s)).toEqual(before);
    const item = await call(s, w.people.subLeader)('PATCH', `/production/item/${p.items[0]!.id}`, { stationId: ids[1] });
    expect(item.body.stationId).toBe(ids[1]);
  });

  it('traces: a line of points kept with its haversine length in metres', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    // One thousandth of a degree of latitude is about 111.2 m; two legs.
    const res = await call(s, w.people.subLeader)('POST', `/production/${p.id}/traces`, { points: [[30, -97], [30.001, -97], [30.002, -97]] });
    expect(res.status).toBe(201);
    expect(res.body.lengthMeters).toBe(222);
    expect((await call(s, w.people.subLeader)('POST', `/production/${p.id}/traces`, { points: [[30, -97]] })).status).toBe(400);
    expect((await call(s, w.people.subLeader)('POST', `/production/${p.id}/traces`, { points: [[91, 0], [0, 0]] })).status).toBe(400);
    const list = await call(s, w.people.subLeader)('GET', `/production/${p.id}/traces`);
    expect(list.body).toEqual([expect.objectContaining({ id: res.body.id, points: [[30, -97], [30.001, -97], [30.002, -97]], lengthMeters: 222 })]);
  });

  it('a budget item with production is not deleted (409); a project with productions still is', async () => {
    const p = await approvedProduction(s, w, { by: 'owner', items: [{ budgetItemId: w.budgetItems.labor, quantity: 1 }] });
    expect(p.status).toBe('approved');
    const del = await call(s, w.owner)('DELETE', `${w.base}/items/${w.budgetItems.labor}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Production has been recorded against this item: it cannot be deleted');
    expect(await s.services.db.selectFrom('budget_items').select('id').where('id', '=', w.budgetItems.labor).executeTakeFirst()).toBeDefined();

    const draft = await recordProduction(s, w, w.people.subLeader);
    await upload(w.people.subLeader, `/production/${draft.id}/files`, [{ name: 'a.png', bytes: TINY_PNG }]);
    const photoFiles = () => s.services.db.selectFrom('files').select('id').where('entity_type', '=', 'production').execute();
    expect((await photoFiles()).length).toBeGreaterThan(0);
    const gone = await call(s, w.owner)('DELETE', `/projects/${w.projectId}`);
    expect(gone.status).toBe(204);
    expect(await s.services.db.selectFrom('productions').select('id').where('project_id', '=', w.projectId).execute()).toEqual([]);
    expect(await photoFiles()).toEqual([]);
  });
});
