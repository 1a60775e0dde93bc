import { filesBody } from './files-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { callAs, clientProject, createProject, projectFixture } from './project-helpers.js';

const row = (s: TestServer, id: number) => s.services.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditActions = async (s: TestServer, id: number) =>
  (await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(id)).orderBy('id').execute()).map((a) => a.action);

async function objects(s: TestServer) {
  const names: string[] = [];
  for await (const o of s.services.storage.list()) names.push(o.name);
  return names;
}

describeEachDatabase('projects: changes and the status machine', (server) => {
  it('lets the owner change fields; the client and a crew company get 403, a stranger 404, before any 400, and nothing changes', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f, { code: 'U1', startDate: '2026-01-01' });
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);

    const saved = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, {
      projectName: 'Renamed',
      endDate: '2026-06-30T23:30:00-02:00',
      powoNumber: 77,
      mapSettings: { zoom: 3 },
      isSinglePart: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ projectName: 'Renamed', endDate: '2026-07-01', powoNumber: '77', mapSettings: { zoom: 3 }, isSinglePart: true, relation: 'owner', canManage: true });
    expect(await auditActions(s, p.id)).toEqual(['created', 'crew company added', 'updated']);

    const before = await row(s, p.id);
    for (const side of [f.client, f.sub]) {
      expect((await callAs(s, side, 'PATCH', `/projects/${p.id}`, { projectName: 'Theirs' })).status).toBe(403);
      expect((await callAs(s, side, 'PATCH', `/projects/${p.id}`, { projectName: 42 })).status).toBe(403);
      expect((await callAs(s, side, 'DELETE', `/projects/${p.id}`)).status).toBe(403);
    }
    expect((await callAs(s, f.stranger, 'PATCH', `/projects/${p.id}`, { projectName: 42 })).status).toBe(404);
    expect((await callAs(s, f.stranger, 'DELETE', `/projects/${p.id}`)).status).toBe(404);
    expect(await row(s, p.id)).toEqual(before);

    // The merged dates stay in order; unknown fields are refused.
    const early = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, { endDate: '2025-12-31' });
    expect(early.status).toBe(400);
    expect(early.body.error.details[0].field).toBe('endDate');
    expect((await callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, { companyId: f.stranger.companyId })).status).toBe(400);
    expect(await row(s, p.id)).toEqual(before);
  });

  it('checks a changed client, parent and code as on create', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await createProject(s, f.owner.token, f.owner.companyId, { code: 'R1' });
    const parent = await createProject(s, f.owner.token, f.owner.companyId, { code: 'R2' });
    const before = await row(s, p.id);
    const bad: Array<[Record<string, unknown>, number, string?]> = [
      [{ clientId: f.stranger.companyId }, 400, 'clientId'],
      [{ projectId: p.id }, 400, 'projectId'],
      [{ code: 'r2' }, 409],
    ];
    for (const [body, status, field] of bad) {
      const res = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.error.details[0].field).toBe(field);
    }
    expect(await row(s, p.id)).toEqual(before);

    const moved = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, { clientId: f.client.companyId, projectId: parent.id, code: 'r1' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ clientId: f.client.companyId, clientName: 'Client Utility', projectId: parent.id, parentName: parent.projectName, code: 'r1' });
    // A project with sub-projects cannot become one itself.
    const nested = await callAs(s, f.owner, 'PATCH', `/projects/${parent.id}`, { projectId: p.id });
    expect(nested.status).toBe(400);
    const third = await createProject(s, f.owner.token, f.owner.companyId, { code: 'R3' });
    const hasSubs = await callAs(s, f.owner, 'PATCH', `/projects/${parent.id}`, { projectId: third.id });
    expect(hasSubs.status).toBe(400);
    expect(hasSubs.body.error.details[0]).toEqual({ field: 'projectId', message: 'A project that has sub-projects cannot become a sub-project itself' });
  });

  it('moves through every legal status with its fields, keeps the suspension on record, and refuses illegal moves with 409 changing nothing', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const patch = (body: Record<string, unknown>) => callAs(s, f.owner, 'PATCH', `/projects/${p.id}`, body);
    const refused = async (body: Record<string, unknown>, status: number, field?: string) => {
      const before = await row(s, p.id);
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (status === 409) expect(res.body.error.code).toBe('ILLEGAL_TRANSITION');
      if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await row(s, p.id)).toEqual(before);
    };

    await refused({ status: 'suspended', suspendStart: '2026-01-01', suspendReason: 'Rain' }, 409);
    await refused({ status: 'completed' }, 409);
    await refused({ status: 'open' }, 400, 'status');
    await refused({ suspendReason: 'Not suspended' }, 400, 'suspendReason');
    expect((await patch({ status: 'active' })).body.status).toBe('active');

    await refused({ status: 'suspended', suspendReason: 'Rain' }, 400, 'suspendStart');
    await refused({ status: 'suspended', suspendStart: '2026-04-01' }, 400, 'suspendReason');
    await refused({ status: 'suspended', suspendStart: '2026-04-10', suspendEnd: '2026-04-01', suspendReason: 'Rain' }, 400, 'suspendEnd');
    await refused({ status: 'shutdown' }, 400, 'suspendedShutdownReason');
    await refused({ suspendedShutdownReason: 'Not yet' }, 400, 'suspendedShutdownReason');
    const suspended = await patch({ status: 'suspended', suspendStart: '2026-04-01', suspendReason: 'Permit hold' });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'suspended', suspendStart: '2026-04-01', suspendEnd: null, suspendReason: 'Permit hold' });
    // While suspended its record can be completed, not emptied.
    expect((await patch({ suspendEnd: '2026-04-20' })).body.suspendEnd).toBe('2026-04-20');
    await refused({ suspendReason: '' }, 400, 'suspendReason');
    await refused({ status: 'completed' }, 409);

    const resumed = await patch({ status: 'active', suspendEnd: '2026-04-15' });
    expect(resumed.body).toMatchObject({ status: 'active', suspendStart: '2026-04-01', suspendEnd: '2026-04-15', suspendReason: 'Permit hold' });
    await refused({ suspendEnd: '2026-04-16' }, 400, 'suspendEnd');
    // A form sending the record back unchanged is fine.
    expect((await patch({ suspendStart: '2026-04-01', suspendReason: 'Permit hold', city: 'Waco' })).status).toBe(200);

    expect((await patch({ status: 'completed' })).body.status).toBe('completed');
    await refused({ status: 'suspended', suspendStart: '2026-05-01', suspendReason: 'x' }, 409);
    expect((await patch({ status: 'active' })).body.status).toBe('active');
    // A new suspension is a new record.
    const again = await patch({ status: 'suspended', suspendStart: '2026-06-01', suspendReason: 'Flood' });
    expect(again.body).toMatchObject({ suspendStart: '2026-06-01', suspendEnd: null, suspendReason: 'Flood' });
    const shut = await patch({ status: 'shutdown', suspendedShutdownReason: 'Client cancelled' });
    expect(shut.body).toMatchObject({ status: 'shutdown', suspendedShutdownReason: 'Client cancelled', suspendReason: 'Flood' });
    await refused({ status: 'active' }, 409);
    await refused({ suspendedShutdownReason: '' }, 400, 'suspendedShutdownReason');

    const planned = await clientProject(s, f);
    const direct = await callAs(s, f.owner, 'PATCH', `/projects/${planned.id}`, { status: 'shutdown', suspendedShutdownReason: 'Never started' });
    expect(direct.body.status).toBe('shutdown');

    const trail = await s.services.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'project')
      .where('entity_id', '=', String(p.id))
      .where('action', '=', 'status changed')
      .orderBy('id')
      .execute();
    expect(trail.map((t) => JSON.parse(t.changes).status)).toEqual([
      { from: 'planned', to: 'active' },
      { from: 'active', to: 'suspended' },
      { from: 'suspended', to: 'active' },
      { from: 'active', to: 'completed' },
      { from: 'completed', to: 'active' },
      { from: 'active', to: 'suspended' },
      { from: 'suspended', to: 'shutdown' },
    ]);
  });
});

describeEachDatabase('projects: delete', (server) => {
  it('deletes a project with its budget, stations, crew companies, memberships, roles and folder with its files, bytes included', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const db = s.services.db;
    expect((await callAs(s, f.owner, 'PATCH', `/projects/${p.id}/stations`, { stations: [{ name: 'A' }, { name: 'B' }] })).status).toBe(200);
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    const member = await db.selectFrom('memberships').select('id').where('company_id', '=', f.owner.companyId).where('type', '=', 'company').executeTakeFirstOrThrow();
    const role = await db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', p.id).where('name', '=', 'Viewer').executeTakeFirstOrThrow();
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: member.id, roleId: role.id }] })).status).toBe(200);
    const upload = filesBody({}, [{ name: 'contract.txt', bytes: Buffer.from('signed'), field: 'file' }]);
    const uploaded = await s.call('POST', `/api/v1/projects/${p.id}/files/contract`, { token: f.owner.token, headers: { ...f.owner.headers, ...upload.headers }, body: upload.body });
    expect(uploaded.status).toBe(201);
    // A sub-folder someone made in the project's folder goes with it.
    expect((await callAs(s, f.owner, 'POST', '/folders', { parentId: p.folderId, name: 'Photos' })).status).toBe(201);
    const bytesBefore = (await objects(s)).length;

    const res = await callAs(s, f.owner, 'DELETE', `/projects/${p.id}`);
    expect(res.status).toBe(204);
    expect(await db.selectFrom('projects').select('id').where('id', '=', p.id).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('budgets').select('id').where('project_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('project_stations').select('id').where('project_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('project_crew_companies').select('company_id').where('project_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('memberships').select('id').where('project_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('folders').select('id').where('project_id', '=', p.id).execute()).toEqual([]);
    expect(await db.selectFrom('files').select('id').where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).execute()).toEqual([]);
    expect((await objects(s)).length).toBe(bytesBefore - 1);
    expect(await auditActions(s, p.id)).toContain('deleted');
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}`)).status).toBe(404);
    // The company member's own membership is untouched.
    expect(await db.selectFrom('memberships').select('id').where('id', '=', member.id).executeTakeFirst()).toBeDefined();
  });

  it('keeps a project with sub-projects or a budget that left draft (409), changing nothing', async () => {
    const s = server();
    const f = await projectFixture(s);
    const parent = await clientProject(s, f);
    const child = await createProject(s, f.owner.token, f.owner.companyId, { projectId: parent.id });
    const withSubs = await callAs(s, f.owner, 'DELETE', `/projects/${parent.id}`);
    expect(withSubs.status).toBe(409);
    expect(withSubs.body.error.message).toBe('This project has sub-projects: delete them first');
    await s.services.db.updateTable('budgets').set({ status: 'submitted' }).where('project_id', '=', child.id).execute();
    const submitted = await callAs(s, f.owner, 'DELETE', `/projects/${child.id}`);
    expect(submitted.status).toBe(409);
    expect(await row(s, child.id)).toBeDefined();
    expect(await row(s, parent.id)).toBeDefined();
    // A cancelled submission is a draft again: the project may go, then its parent.
    await s.services.db.updateTable('budgets').set({ status: 'draft' }).where('project_id', '=', child.id).execute();
    expect((await callAs(s, f.owner, 'DELETE', `/projects/${child.id}`)).status).toBe(204);
    expect((await callAs(s, f.owner, 'DELETE', `/projects/${parent.id}`)).status).toBe(204);
  });
});
