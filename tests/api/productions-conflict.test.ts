import { IDEMPOTENT_REPLAYED_HEADER } from '../../resources/idempotency.js';
import { describeEachDatabase, TINY_PNG, type TestServer } from './harness.js';
import { call, type Caller } from './budgets-helpers.js';
import { filesBody } from './files-helpers.js';
import { API } from './project-helpers.js';
import { productionWorld, recordProduction, storedProductions, type ProductionWorld } from './productions-helpers.js';

type Method = 'POST' | 'PATCH' | 'DELETE';

/**
 * A write on a production whose state moved on meanwhile (approved, submitted or rejected while the
 * crew leader's phone was offline) is a 409 whose body carries `error.current`: the production as
 * GET /production/{id} answers it to that person now, so the phone shows both versions.
 */
describeEachDatabase('productions: a conflict answers the current version', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  const photo = (who: Caller, path: string, headers: Record<string, string> = {}) => {
    const form = filesBody({}, [{ name: 'site.png', type: 'image/png', bytes: TINY_PNG }]);
    return s.call('POST', `${API}${path}`, { token: who.token, headers: { ...who.headers, ...form.headers, ...headers }, body: form.body });
  };
  const read = async (who: Caller, id: number) => (await call(s, who)('GET', `/production/${id}`)).body;

  it("every write the crew leader made offline on a production approved meanwhile is a 409 with the approved production, and changes nothing", async () => {
    const leader = w.people.ownerLeader;
    const p = await recordProduction(s, w, leader);
    const item = p.items[0]!.id;
    const uploaded = await photo(leader, `/production/${p.id}/files`);
    expect(uploaded.status).toBe(201);
    const photoId = uploaded.body[0].id;
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`)).status).toBe(200);
    expect((await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {})).status).toBe(200);
    const now = await read(leader, p.id);
    expect(now).toMatchObject({ id: p.id, status: 'approved', canEdit: false });

    const writes: Array<[Method, string, unknown?]> = [
      ['PATCH', `/production/${p.id}`, { texts: { notes: 'Written offline' } }],
      ['POST', `/production/${p.id}/items`, { items: [{ budgetItemId: w.budgetItems.pipe, quantity: 1 }] }],
      ['PATCH', `/production/${p.id}/items`, { items: [{ id: item, quantity: 3 }] }],
      ['PATCH', `/production/item/${item}`, { quantity: 4 }],
      ['DELETE', `/production/item/${item}`],
      ['PATCH', `/production/${p.id}/pdf/items`, { marks: [] }],
      ['PATCH', `/production/${p.id}/stations`, { stationIds: [] }],
      ['POST', `/production/${p.id}/traces`, { points: [[30, -97], [30.001, -97]] }],
      ['DELETE', `/production/${p.id}/photos/${photoId}`],
      ['PATCH', `/production/${p.id}/submit`],
      ['DELETE', `/production/${p.id}`],
    ];
    const before = await storedProductions(s);
    for (const [method, path, body] of writes) {
      const res = await call(s, leader)(method, path, body);
      expect([method, path, res.status, res.body.error.current]).toEqual([method, path, 409, now]);
    }
    for (const path of [`/production/${p.id}/files`, `/production/item/${item}/files`]) {
      const res = await photo(leader, path);
      expect([path, res.status, res.body.error.current]).toEqual([path, 409, now]);
    }
    expect(await storedProductions(s)).toEqual(before);
  });

  it('a rejection meanwhile: the 409 carries the rejected production with its reason', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
    await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: 'Quantities look doubled' });
    const res = await call(s, w.people.ownerLeader)('PATCH', `/production/${p.id}/items`, { items: [{ id: p.items[0]!.id, quantity: 5 }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'NOT_EDITABLE', current: { id: p.id, status: 'rejected', rejectReason: 'Quantities look doubled' } });
    expect(res.body.error.current).toEqual(await read(w.people.ownerLeader, p.id));
  });

  it("a move the office made first: each reviewer's refusal carries the production as that reviewer sees it", async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
    const [a, b] = await Promise.all([
      call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {}),
      call(s, w.people.owner)('POST', `/production/${p.id}/approve`, {}),
    ]);
    const [won, lost, loser] = a.status === 200 ? [a, b, w.people.owner] : [b, a, w.people.ownerPm];
    expect([won.status, lost.status]).toEqual([200, 409]);
    // Read once the winner committed: the loser sees the approval it lost to.
    expect(lost.body.error.current).toMatchObject({ id: p.id, status: 'approved' });
    expect(lost.body.error.current).toEqual(await read(loser, p.id));
    const again = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: 'Too late' });
    expect(again.status).toBe(409);
    expect(again.body.error.current).toEqual(await read(w.people.ownerPm, p.id));
  });

  it('a replayed refusal (same Idempotency-Key) answers the same 409 with the same current version', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
    const send = () =>
      s.call('PATCH', `${API}/production/${p.id}`, { token: w.people.ownerLeader.token, headers: { ...w.people.ownerLeader.headers, 'idempotency-key': `offline-${p.id}` }, body: { texts: { notes: 'x' } } });
    const first = await send();
    expect(first.status).toBe(409);
    expect(first.body.error.current).toMatchObject({ id: p.id, status: 'submitted' });
    const replay = await send();
    expect(replay.status).toBe(409);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('other refusals carry no current version: 400, 403, 404, and a 409 of a route that declares none', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    const bad = await call(s, w.people.ownerLeader)('PATCH', `/production/${p.id}/items`, { items: 'none' });
    expect(bad.status).toBe(400);
    const notYours = await call(s, w.people.ownerCrew)('PATCH', `/production/${p.id}`, { texts: { notes: 'x' } });
    expect(notYours.status).toBe(403);
    const unseen = await call(s, w.people.stranger)('PATCH', `/production/${p.id}`, { texts: { notes: 'x' } });
    expect(unseen.status).toBe(404);
    const duplicate = await call(s, w.people.ownerLeader)('POST', `/production/project/${w.projectId}`, { crewId: w.crews.paving, date: p.date, items: [] });
    expect(duplicate.status).toBe(409);
    for (const res of [bad, notYours, unseen, duplicate]) expect(res.body.error).not.toHaveProperty('current');
  });
});
