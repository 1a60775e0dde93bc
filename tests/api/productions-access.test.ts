import { describeEachDatabase, type TestServer } from './harness.js';
import { call } from './budgets-helpers.js';
import { createProject } from './project-helpers.js';
import { approvedProduction, nextDay, productionWorld, recordProduction, storedProductions, type ProductionWorld } from './productions-helpers.js';

describeEachDatabase('productions: who records and sees what', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
  });

  const body = (crewId: number, extra: Record<string, unknown> = {}) => ({ crewId, date: nextDay(), items: [{ budgetItemId: w.budgetItems.asphalt, quantity: 1 }], ...extra });

  it('who may record: productions:manage of a company that runs or works on the project, for a crew of its own', async () => {
    expect((await call(s, w.people.ownerCrew)('POST', `/production/project/${w.projectId}`, body(w.crews.paving))).status).toBe(403);
    expect((await call(s, w.people.client)('POST', `/production/project/${w.projectId}`, body(w.crews.paving))).status).toBe(403);
    expect((await call(s, w.people.stranger)('POST', `/production/project/${w.projectId}`, body(w.crews.stranger))).status).toBe(404);
    expect((await call(s, w.people.ownerPm)('POST', `/production/project/${w.projectId}`, body(w.crews.paving))).status).toBe(201);
    expect((await call(s, w.people.sub)('POST', `/production/project/${w.projectId}`, body(w.crews.boring))).status).toBe(201);
  });

  it('bad input is a 400 that changes nothing', async () => {
    const other = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Other job' });
    const [otherItem] = (await call(s, w.owner)('POST', `/projects/${other.id}/budgets/${other.budgetId}/items/multiple`, { items: [{ itemId: w.items.asphalt, quantity: 5, price: 1 }] })).body;
    const before = await storedProductions(s);
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(w.crews.boring, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '1.2345' }] }), 'items.0.quantity'],
      [body(w.crews.boring, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: -1 }] }), 'items.0.quantity'],
      [body(w.crews.boring, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: 1 }, { budgetItemId: otherItem.id, quantity: 1 }] }), 'items.1.budgetItemId'],
      [body(w.crews.paving), 'crewId'],
      [body(w.crews.stranger), 'crewId'],
      [body(w.crews.boring, { date: '2026-02-30' }), 'date'],
      [body(w.crews.boring, { taskId: 5 }), 'taskId'],
      [body(w.crews.boring, { texts: { colour: 'red' } }), 'texts'],
      [body(w.crews.boring, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: 1, stationId: 999999 }] }), 'items.0.stationId'],
    ];
    for (const [b, field] of cases) {
      const res = await call(s, w.people.subLeader)('POST', `/production/project/${w.projectId}`, b);
      expect([field, res.status]).toEqual([field, 400]);
      expect(JSON.stringify(res.body.details ?? res.body)).toContain(field.split('.')[0]);
    }
    expect(await storedProductions(s)).toEqual(before);
  });

  it('one sheet per crew, project and day (409)', async () => {
    const date = nextDay();
    const first = await call(s, w.people.subLeader)('POST', `/production/project/${w.projectId}`, body(w.crews.boring, { date }));
    expect(first.status).toBe(201);
    const before = await storedProductions(s);
    const again = await call(s, w.people.subPm)('POST', `/production/project/${w.projectId}`, body(w.crews.boring, { date }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This crew already has a production on this project that day');
    // The answer names the day's sheet, for the way out ("Open that day's sheet").
    expect(again.body.error.details).toEqual([{ field: 'date', message: 'This crew already has a production on this project that day', existingId: first.body.id }]);
    expect(await storedProductions(s)).toEqual(before);
  });

  it('a crew leader records for the crews they are in; the crews list says which', async () => {
    const other = await call(s, w.owner)('GET', '/production/crews');
    expect(other.body.map((c: any) => c.name)).toEqual(['Paving crew']);
    const leader = await call(s, w.people.subLeader)('GET', '/production/crews');
    expect(leader.body).toEqual([{ id: w.crews.boring, name: 'Boring crew', companyId: w.sub.companyId }]);
    const now = new Date().toISOString();
    const spare = await s.services.db.insertInto('crews').values({ company_id: w.sub.companyId, name: 'Spare crew', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    expect((await call(s, w.people.subLeader)('GET', '/production/crews')).body).toHaveLength(1);
    expect((await call(s, w.people.subPm)('GET', '/production/crews')).body.map((c: any) => c.name)).toEqual(['Boring crew', 'Spare crew']);
    expect((await call(s, w.people.subLeader)('POST', `/production/project/${w.projectId}`, body(spare.id))).status).toBe(400);
    // A Crew-role member records nothing; their phone lists the productions of the crews they are in.
    await s.services.db.insertInto('crews').values({ company_id: w.owner.companyId, name: 'Night crew', created_at: now, updated_at: now }).execute();
    expect((await call(s, w.people.ownerCrew)('GET', '/production/crews')).body.map((c: any) => c.name)).toEqual(['Paving crew']);
    expect((await call(s, w.owner)('GET', '/production/crews')).body.map((c: any) => c.name)).toEqual(['Night crew', 'Paving crew']);
    expect((await call(s, w.people.subPm)('POST', `/production/project/${w.projectId}`, body(spare.id))).status).toBe(201);
  });

  it('visibility: subcontractor drafts never reach the owner; the client sees approved only; strangers nothing', async () => {
    const draft = await recordProduction(s, w, w.people.subLeader);
    const submitted = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subLeader)('PATCH', `/production/${submitted.id}/submit`);
    const approved = await approvedProduction(s, w);
    const ownDraft = await recordProduction(s, w, w.people.ownerLeader);
    const sees = async (who: any, id: number) => (await call(s, who)('GET', `/production/${id}`)).status;
    expect(await sees(w.people.ownerPm, draft.id)).toBe(404);
    expect(await sees(w.people.ownerPm, submitted.id)).toBe(200);
    expect(await sees(w.people.ownerPm, approved.id)).toBe(200);
    expect(await sees(w.people.client, draft.id)).toBe(404);
    expect(await sees(w.people.client, submitted.id)).toBe(404);
    expect(await sees(w.people.client, approved.id)).toBe(200);
    expect(await sees(w.people.client, ownDraft.id)).toBe(404);
    expect(await sees(w.people.sub, ownDraft.id)).toBe(404);
    expect(await sees(w.people.stranger, approved.id)).toBe(404);
    expect(await sees(w.people.ownerCrew, ownDraft.id)).toBe(200);

    const ids = async (who: any, q = '') => (await call(s, who)('GET', `/production?_end=200${q}`)).body.map((r: any) => r.id);
    const ownerList = await ids(w.people.ownerPm);
    expect(ownerList).not.toContain(draft.id);
    expect(ownerList).toEqual(expect.arrayContaining([submitted.id, approved.id, ownDraft.id]));
    const clientList = await ids(w.people.client);
    expect(clientList).toContain(approved.id);
    expect(clientList).not.toContain(submitted.id);
    expect(clientList).not.toContain(ownDraft.id);
    expect(await ids(w.people.stranger)).toEqual([]);
    const subList = await ids(w.people.sub);
    expect(subList).toEqual(expect.arrayContaining([draft.id, submitted.id, approved.id]));
    expect(subList).not.toContain(ownDraft.id);

    // Siblings: the other crews' sheets that day, as far as the caller may see them.
    const date = nextDay();
    const a = await recordProduction(s, w, w.people.ownerLeader, { date });
    const b = await recordProduction(s, w, w.people.subLeader, { date });
    expect((await call(s, w.people.ownerPm)('GET', `/production/${a.id}/siblings`)).body).toEqual([]);
    await call(s, w.people.subLeader)('PATCH', `/production/${b.id}/submit`);
    const sib = await call(s, w.people.ownerPm)('GET', `/production/${a.id}/siblings`);
    expect(sib.body).toEqual([{ id: b.id, crewId: w.crews.boring, crewName: 'Boring crew', companyName: w.sub.companyName, status: 'submitted', itemCount: 1, amount: '31.25' }]);
    expect((await call(s, w.people.sub)('GET', `/production/${b.id}/siblings`)).body).toEqual([]);
  });

  it("another company's production is 404 on every call", async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    const item = p.items[0]!.id;
    const comment = (await call(s, w.people.subLeader)('POST', '/comment', { sourceId: p.id, comment: 'Hi' })).body.id;
    const before = await storedProductions(s);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/production/${p.id}`],
      ['PATCH', `/production/${p.id}`, { texts: { notes: 'x' } }],
      ['DELETE', `/production/${p.id}`],
      ['PATCH', `/production/${p.id}/submit`],
      ['POST', `/production/${p.id}/approve`, {}],
      ['POST', `/production/${p.id}/reject`, { reason: 'no' }],
      ['POST', `/production/${p.id}/amend`],
      ['POST', `/production/${p.id}/items`, { items: [{ budgetItemId: w.budgetItems.asphalt, quantity: 1 }] }],
      ['PATCH', `/production/${p.id}/items`, { items: [{ id: item, quantity: 1 }] }],
      ['PATCH', `/production/item/${item}`, { quantity: 1 }],
      ['DELETE', `/production/item/${item}`],
      ['PATCH', `/production/${p.id}/pdf/items`, { marks: [] }],
      ['GET', `/comments/${p.id}`],
      ['POST', '/comment', { sourceId: p.id, comment: 'Hello' }],
      ['DELETE', `/comment/${comment}`],
      ['GET', `/production/${p.id}/activity`],
      ['GET', `/production/${p.id}/photos`],
      ['PATCH', `/production/${p.id}/stations`, { stationIds: [] }],
      ['GET', `/production/${p.id}/siblings`],
      ['GET', `/production/${p.id}/traces`],
      ['POST', `/production/${p.id}/traces`, { points: [[1, 1], [1, 2]] }],
      ['DELETE', `/production/${p.id}/photos/1`],
    ];
    for (const who of [w.people.stranger, w.people.ownerPm, w.people.client]) {
      for (const [method, path, b] of calls) {
        const res = await call(s, who)(method as any, path, b);
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
    }
    expect(await storedProductions(s)).toEqual(before);
  });

  it('only the producer changes a production; the owner reviewing it may not', async () => {
    const p = await recordProduction(s, w, w.people.subLeader);
    await call(s, w.people.subLeader)('PATCH', `/production/${p.id}/submit`);
    await call(s, w.people.subPm)('POST', `/production/${p.id}/approve`, {});
    expect((await call(s, w.people.ownerPm)('POST', `/production/${p.id}/amend`)).status).toBe(403);
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}`, { texts: { notes: 'x' } })).status).toBe(403);
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/item/${p.items[0]!.id}`, { quantity: 9 })).status).toBe(403);
  });

  it('the list filters, sorts and pages in SQL', async () => {
    const base = `/production?projectId=${w.projectId}`;
    const all = await call(s, w.people.sub)('GET', `${base}&_end=200`);
    expect(all.status).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.body.length);
    const dates = all.body.map((r: any) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const drafts = await call(s, w.people.sub)('GET', `${base}&status=draft&_end=200`);
    expect(drafts.body.every((r: any) => r.status === 'draft')).toBe(true);
    const [first, second] = [...dates].sort();
    const range = await call(s, w.people.sub)('GET', `${base}&date_gte=${first}&date_lt=${second}&_end=200`);
    expect(range.body.every((r: any) => r.date >= first && r.date < second)).toBe(true);
    const byCrew = await call(s, w.people.sub)('GET', `${base}&crewName_like=boRING&_sort=crewName,date&_order=asc,asc&_start=0&_end=2`);
    expect(byCrew.body).toHaveLength(2);
    expect(byCrew.headers['x-total-count']).toBe(String(all.body.filter((r: any) => r.crewName === 'Boring crew').length));
    const byCode = await call(s, w.people.sub)('GET', `/production?projectCode_like=${encodeURIComponent(w.project.code)}&_end=1`);
    expect(byCode.body[0].projectCode).toBe(w.project.code);
    expect(byCode.body[0]).toMatchObject({ projectName: 'Main Street Fiber', companyName: w.sub.companyName, myReviewStatus: expect.anything() });
    expect((await call(s, w.people.sub)('GET', '/production?_sort=amount')).status).toBe(400);
    expect((await call(s, w.people.sub)('GET', '/production?colour=red')).status).toBe(400);
    expect((await call(s, w.people.sub)('GET', '/production?crewId=abc')).status).toBe(400);
  });

  // The projects that widen a company's view are read once and kept until a project is written.
  it("a project's new client sees its approved productions on the next page, and a former client no more", async () => {
    const approved = await approvedProduction(s, w);
    const listed = async (who: any) => (await call(s, who)('GET', '/production?_end=500')).body.map((r: any) => r.id);
    expect(await listed(w.people.client)).toContain(approved.id);
    expect((await call(s, w.owner)('PATCH', `/projects/${w.projectId}`, { clientId: null })).status).toBe(200);
    expect(await listed(w.people.client)).not.toContain(approved.id);
    expect((await call(s, w.owner)('PATCH', `/projects/${w.projectId}`, { clientId: w.client.companyId })).status).toBe(200);
    expect(await listed(w.people.client)).toContain(approved.id);
  });

  it('a company with more than a hundred projects of a kind sees the same productions (by subquery, not by id)', async () => {
    const listed = async (who: any) => (await call(s, who)('GET', '/production?_end=500')).body.map((r: any) => r.id).sort();
    const [owner, client, sub] = [await listed(w.people.ownerPm), await listed(w.people.client), await listed(w.people.sub)];
    expect(owner.length && client.length && sub.length).toBeTruthy();
    const now = new Date().toISOString();
    const filler = Array.from({ length: 101 }, (_, i) => ({
      company_id: w.owner.companyId,
      client_id: w.client.companyId,
      project_name: `Filler ${i}`,
      code: `FILL-${i}`,
      status: 'planned',
      timezone: 'UTC',
      is_single_part: 0,
      require_quantity_on_pdf_draw: 0,
      task_based_production: 0,
      boundaries_settings: '{}',
      map_settings: '{}',
      schedule_settings: '{}',
      created_at: now,
      updated_at: now,
    }));
    await s.services.db.insertInto('projects').values(filler).execute();
    expect([await listed(w.people.ownerPm), await listed(w.people.client), await listed(w.people.sub)]).toEqual([owner, client, sub]);
  });
});
