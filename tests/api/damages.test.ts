import { TINY_PNG, describeEachDatabase, type TestServer } from './harness.js';
import { call, lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { createProject } from './project-helpers.js';
import { fieldWorld, reportDamage, storedField, upload, type FieldWorld } from './damages-helpers.js';

describeEachDatabase('damages', (server) => {
  let s: TestServer;
  let w: FieldWorld;
  beforeAll(async () => {
    s = server();
    w = await fieldWorld(s);
  });

  it('claims staff report a damage with exact money; the project managers hear of it', async () => {
    const since = await lastNotificationId(s);
    const res = await call(s, w.people.claims)('POST', '/damages', {
      damageDate: '2026-03-04',
      projectId: w.projectId,
      damageTypeId: w.catalog.gasLine,
      safetyAuthorityId: w.catalog.authority,
      description: 'Struck a gas service line',
      address: '12 Main St',
      city: 'Springfield',
      state: 'PA',
      lat: 40.1,
      lng: -75.2,
      amount: '1234.56',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'reported',
      amount: '1234.56',
      damageTypeName: 'Gas line strike',
      safetyAuthorityName: 'Miss Utility',
      reportedById: w.people.claims.userId,
      lat: 40.1,
      lng: -75.2,
      fileCount: 0,
      proofCount: 0,
      nextStatuses: ['claimed', 'in_repair', 'closed'],
    });
    const row = await s.services.db.selectFrom('damages').select('amount_cents').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(Number(row.amount_cents)).toBe(123456);
    const told = await notificationsSince(s, since);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((n) => n.type === 'damage' && n.entity_id === String(res.body.id))).toBe(true);
    expect(told.map((n) => n.user_id)).toContain(w.people.pm.userId);
    expect(told.map((n) => n.user_id)).not.toContain(w.people.claims.userId);
    // 0.1 + 0.2 stays 0.30 (never through a float)
    const patched = await call(s, w.people.claims)('PATCH', `/damages/${res.body.id}`, { amount: 0.3 });
    expect(patched.body.amount).toBe('0.30');
  });

  it('lists newest damage date first, ties newest id first, with X-Total-Count', async () => {
    const project = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Ordering' });
    const a = await reportDamage(s, w, { damageDate: '2026-01-10', projectId: project.id });
    const b = await reportDamage(s, w, { damageDate: '2026-02-20', projectId: project.id });
    const c = await reportDamage(s, w, { damageDate: '2026-02-20', projectId: project.id });
    const d = await reportDamage(s, w, { damageDate: '2025-12-31', projectId: project.id });
    const res = await call(s, w.people.leader)('GET', `/damages?projectId=${project.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.id)).toEqual([c.id, b.id, a.id, d.id]);
    expect(res.headers['x-total-count']).toBe('4');
    const page = await call(s, w.people.leader)('GET', `/damages?projectId=${project.id}&_start=1&_end=3`);
    expect(page.body.map((r: any) => r.id)).toEqual([b.id, a.id]);
    expect(page.headers['x-total-count']).toBe('4');
    const ranged = await call(s, w.people.leader)('GET', `/damages?projectId=${project.id}&damageDate_gte=2026-01-01&damageDate_lt=2026-02-01`);
    expect(ranged.body.map((r: any) => r.id)).toEqual([a.id]);
    expect((await call(s, w.people.leader)('GET', '/damages?colour=red')).status).toBe(400);
  });

  it('status moves through one state machine; an illegal move is a 409 that changes nothing', async () => {
    const d = await reportDamage(s, w);
    const as = call(s, w.people.claims);
    expect((await as('PATCH', `/damages/${d.id}`, { status: 'claimed' })).body.status).toBe('claimed');
    const before = await storedField(s);
    const back = await as('PATCH', `/damages/${d.id}`, { status: 'reported', description: 'changed' });
    expect(back.status).toBe(409);
    expect(await storedField(s)).toEqual(before);
    expect((await as('PATCH', `/damages/${d.id}`, { status: 'in_repair' })).body.nextStatuses).toEqual(['closed']);
    expect((await as('PATCH', `/damages/${d.id}`, { status: 'closed' })).body.status).toBe('closed');
    expect((await as('PATCH', `/damages/${d.id}`, { status: 'in_repair' })).status).toBe(409);
    expect((await as('PATCH', `/damages/${d.id}`, { status: 'reported' })).body.status).toBe('reported');
    // Deleting: only while reported; kept once a claim is under way.
    const claimed = await reportDamage(s, w);
    await as('PATCH', `/damages/${claimed.id}`, { status: 'claimed' });
    expect((await as('DELETE', `/damages/${claimed.id}`)).status).toBe(409);
    expect((await as('DELETE', `/damages/${d.id}`)).status).toBe(204);
    expect((await as('GET', `/damages/${d.id}`)).status).toBe(404);
  });

  it('bad input is a 400 that changes nothing', async () => {
    const d = await reportDamage(s, w);
    const before = await storedField(s);
    const as = call(s, w.people.claims);
    const base = { damageDate: '2026-03-05', projectId: w.projectId };
    for (const body of [
      { ...base, lat: 200, lng: 10 },
      { ...base, lat: 10 },
      { ...base, lng: -181, lat: 0 },
      { ...base, damageDate: '2026-02-30' },
      { ...base, damageTypeId: w.catalog.strangerDamageType },
      { ...base, safetyAuthorityId: w.catalog.strangerAuthority },
      { ...base, projectId: w.strangerProjectId },
      { ...base, amount: '12.345' },
      { ...base, amount: -1 },
      { ...base, status: 'closed' },
      { damageDate: '2026-03-05' },
    ]) {
      const res = await as('POST', '/damages', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{ lat: 200, lng: 0 }, { lat: 10 }, { damageDate: '2026-02-30' }, { damageTypeId: w.catalog.strangerDamageType }, { status: 'lost' }, { amount: 'ten' }]) {
      expect((await as('PATCH', `/damages/${d.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await storedField(s)).toEqual(before);
  });

  it('files by category: files and proof of amount; listed, counted, deleted', async () => {
    const d = await reportDamage(s, w);
    const photo = await upload(s, w.people.claims, `/damages/${d.id}/files/files`, [{ name: 'hole.png', bytes: TINY_PNG, type: 'image/png' }]);
    expect(photo.status).toBe(201);
    expect(photo.body[0]).toMatchObject({ category: 'files', name: 'hole.png', contentType: 'image/png' });
    const proof = await upload(s, w.people.claims, `/damages/${d.id}/files/proof`, [
      { name: 'invoice.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
      { name: 'estimate.txt', bytes: Buffer.from('Repair estimate: 1,234.56') },
    ]);
    expect(proof.status).toBe(201);
    expect(proof.body.map((f: any) => f.category)).toEqual(['proof', 'proof']);
    expect((await upload(s, w.people.claims, `/damages/${d.id}/files/other`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(400);
    const as = call(s, w.people.leader);
    expect((await as('GET', `/damages/${d.id}`)).body).toMatchObject({ fileCount: 1, proofCount: 2 });
    expect((await as('GET', `/damages/${d.id}/files?category=proof`)).body.map((f: any) => f.name)).toEqual(['invoice.pdf', 'estimate.txt']);
    expect((await as('GET', `/damages/${d.id}/files`)).body).toHaveLength(3);
    // Reading is damages:view; adding to someone else's damage and removing are damages:manage.
    expect((await upload(s, w.people.leader, `/damages/${d.id}/files/files`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(403);
    expect((await as('DELETE', `/damages/${d.id}/files/${photo.body[0].id}`)).status).toBe(403);
    expect((await call(s, w.people.claims)('DELETE', `/damages/${d.id}/files/${photo.body[0].id}`)).status).toBe(204);
    expect((await as('GET', `/damages/${d.id}`)).body).toMatchObject({ fileCount: 0, proofCount: 2 });
    const activity = await as('GET', `/damages/${d.id}/activity`);
    expect(activity.body.map((e: any) => e.action)).toEqual(['file deleted', 'file added', 'file added', 'file added', 'created']);
  });

  it('access: damages:view reads and reports, damages:manage changes; others get 403', async () => {
    const d = await reportDamage(s, w);
    expect((await call(s, w.people.leader)('GET', `/damages/${d.id}`)).status).toBe(200);
    expect((await call(s, w.people.leader)('PATCH', `/damages/${d.id}`, { description: 'x' })).status).toBe(403);
    expect((await call(s, w.people.crew)('POST', '/damages', { damageDate: '2026-03-05', projectId: w.projectId })).status).toBe(403);
    expect((await call(s, w.people.crew)('GET', '/damages')).status).toBe(403);
  });

  it('a crew leader reports a damage from the field with its photos; the claim stays the claims staff’s', async () => {
    const as = call(s, w.people.leader);
    const reported = await as('POST', '/damages', { damageDate: '2026-03-05', projectId: w.projectId, description: 'Nicked a water service', address: '14 Main St' });
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ status: 'reported', reportedById: w.people.leader.userId });
    const id = reported.body.id;
    const photos = await upload(s, w.people.leader, `/damages/${id}/files/files`, [{ name: 'nick.png', bytes: TINY_PNG }]);
    expect(photos.status).toBe(201);
    // Proof of amount, someone else's damage, or a damage already claimed: not the reporter's to add to.
    expect((await upload(s, w.people.leader, `/damages/${id}/files/proof`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(403);
    expect((await call(s, w.people.claims)('PATCH', `/damages/${id}`, { status: 'claimed' })).status).toBe(200);
    const late = await upload(s, w.people.leader, `/damages/${id}/files/files`, [{ name: 'late.png', bytes: TINY_PNG }]);
    expect(late.status).toBe(403);
    expect((await as('PATCH', `/damages/${id}`, { description: 'changed' })).status).toBe(403);
    expect((await as('GET', `/damages/${id}`)).body).toMatchObject({ fileCount: 1, proofCount: 0, description: 'Nicked a water service' });
  });

  it("another company's damages are 404 on every call", async () => {
    const d = await reportDamage(s, w);
    const as = call(s, w.people.stranger);
    expect((await as('GET', `/damages/${d.id}`)).status).toBe(404);
    expect((await as('PATCH', `/damages/${d.id}`, { description: 'mine now' })).status).toBe(404);
    expect((await as('PATCH', `/damages/${d.id}`, { lat: 500 })).status).toBe(404);
    expect((await as('DELETE', `/damages/${d.id}`)).status).toBe(404);
    expect((await as('GET', `/damages/${d.id}/files`)).status).toBe(404);
    expect((await as('GET', `/damages/${d.id}/activity`)).status).toBe(404);
    expect((await upload(s, w.people.stranger, `/damages/${d.id}/files/files`, [{ name: 'x.png', bytes: TINY_PNG }])).status).toBe(404);
    expect((await as('DELETE', `/damages/${d.id}/files/1`)).status).toBe(404);
    const list = await as('GET', '/damages');
    expect(list.body.map((r: any) => r.id)).not.toContain(d.id);
    // The client and the subcontractor of the project do not see the owner's damages either.
    expect((await call(s, w.people.sub)('GET', `/damages/${d.id}`)).status).toBe(404);
  });
});
