import { addMember, describeEachDatabase, type TestServer } from './harness.js';
import { API, callAs, clientProject, companySide, partner, projectFixture } from './project-helpers.js';

const companyMembership = async (s: TestServer, companyId: number, userId: number) =>
  (await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).where('type', '=', 'company').executeTakeFirstOrThrow()).id;

const projectRole = async (s: TestServer, projectId: number, name: string) =>
  (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', projectId).where('name', '=', name).executeTakeFirstOrThrow()).id;

const projectMembershipRows = (s: TestServer, projectId: number) =>
  s.services.db.selectFrom('memberships').selectAll().where('project_id', '=', projectId).orderBy('id').execute();

describeEachDatabase('projects: memberships', (server) => {
  it('replaces the list with members of the owner and the client, keeping those who stay, audited', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const foreman = await addMember(s, f.owner.companyId, 'Supervisor');
    const reviewer = await addMember(s, f.client.companyId, 'Member');
    const ownerM = await companyMembership(s, f.owner.companyId, f.owner.user.id);
    const foremanM = await companyMembership(s, f.owner.companyId, foreman.user.id);
    const reviewerM = await companyMembership(s, f.client.companyId, reviewer.user.id);
    const pm = await projectRole(s, p.id, 'Project Manager');
    const field = await projectRole(s, p.id, 'Field');
    const viewer = await projectRole(s, p.id, 'Viewer');

    const first = await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, {
      memberships: [
        { id: foremanM, roleId: field },
        { id: reviewerM, roleId: viewer },
        { id: ownerM, roleId: pm },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.map((m: { companyMembershipId: number; roleName: string; companyId: number }) => [m.companyMembershipId, m.roleName, m.companyId])).toEqual(
      expect.arrayContaining([
        [foremanM, 'Field', f.owner.companyId],
        [reviewerM, 'Viewer', f.client.companyId],
        [ownerM, 'Project Manager', f.owner.companyId],
      ]),
    );
    expect(first.body[0]).toMatchObject({ projectId: p.id, companyName: expect.any(String), email: expect.any(String), userId: expect.any(Number) });
    const rows = await projectMembershipRows(s, p.id);
    expect(rows.every((r) => r.type === 'project' && r.status === 'accepted')).toBe(true);
    const foremanRow = rows.find((r) => r.user_id === foreman.user.id)!;

    // The client reads the list; the stranger gets 404.
    const read = await callAs(s, f.client, 'GET', `/projects/${p.id}/memberships`);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(3);
    expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}/memberships`)).status).toBe(404);

    // The foreman stays (same project membership, new role), the reviewer goes.
    const second = await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: foremanM, roleId: pm }, { id: ownerM, roleId: pm }] });
    expect(second.status).toBe(200);
    const after = await projectMembershipRows(s, p.id);
    expect(after.map((r) => r.user_id).sort()).toEqual([f.owner.user.id, foreman.user.id].sort());
    expect(after.find((r) => r.user_id === foreman.user.id)).toMatchObject({ id: foremanRow.id, role_id: pm });
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).execute();
    expect(trail.filter((t) => t.action === 'memberships updated')).toHaveLength(2);

    // The foreman's own list in the owner company; the project role lets them manage the project.
    const mine = await s.call('GET', `${API}/projects/memberships`, { token: foreman.token, headers: f.owner.headers });
    expect(mine.status).toBe(200);
    expect(mine.body.map((m: { projectId: number; roleName: string }) => [m.projectId, m.roleName])).toEqual([[p.id, 'Project Manager']]);
    const asForeman = await s.call('GET', `${API}/projects/${p.id}`, { token: foreman.token, headers: f.owner.headers });
    expect(asForeman.body.canManage).toBe(true);
    const renamed = await s.call('PATCH', `${API}/projects/${p.id}`, { token: foreman.token, headers: f.owner.headers, body: { city: 'Plano' } });
    expect(renamed.status).toBe(200);

    // An empty list clears it.
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [] })).body).toEqual([]);
    expect(await projectMembershipRows(s, p.id)).toEqual([]);
  });

  it('refuses people outside the two companies, pending members, another project\'s roles and repeats with 400 naming the entry; only the owner may change it', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const other = await clientProject(s, f);
    const ownerM = await companyMembership(s, f.owner.companyId, f.owner.user.id);
    const subM = await companyMembership(s, f.sub.companyId, f.sub.user.id);
    const strangerM = await companyMembership(s, f.stranger.companyId, f.stranger.user.id);
    const invited = await callAs(s, f.owner, 'POST', `/companies/${f.owner.companyId}/memberships`, {
      name: 'Pending Person',
      email: 'pending.person@example.com',
      roleId: (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.owner.companyId).where('name', '=', 'Member').executeTakeFirstOrThrow()).id,
    });
    expect(invited.status).toBe(201);
    const viewer = await projectRole(s, p.id, 'Viewer');
    const otherViewer = await projectRole(s, other.id, 'Viewer');
    const companyRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.owner.companyId).where('name', '=', 'Member').executeTakeFirstOrThrow()).id;
    await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: ownerM, roleId: viewer }] });
    const before = await projectMembershipRows(s, p.id);

    const cases: Array<[Array<{ id: unknown; roleId: unknown }>, string]> = [
      [[{ id: subM, roleId: viewer }], 'memberships.0.id'],
      [[{ id: ownerM, roleId: viewer }, { id: strangerM, roleId: viewer }], 'memberships.1.id'],
      [[{ id: invited.body.id, roleId: viewer }], 'memberships.0.id'],
      [[{ id: ownerM, roleId: otherViewer }], 'memberships.0.roleId'],
      [[{ id: ownerM, roleId: companyRole }], 'memberships.0.roleId'],
      [[{ id: ownerM, roleId: viewer }, { id: ownerM, roleId: viewer }], 'memberships.1.id'],
      [[{ id: 'x', roleId: viewer }], 'memberships.0.id'],
    ];
    for (const [memberships, field] of cases) {
      const res = await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships });
      expect(res.status, JSON.stringify(memberships)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await callAs(s, f.client, 'POST', `/projects/${p.id}/memberships`, { memberships: [] })).status).toBe(403);
    expect((await callAs(s, f.client, 'POST', `/projects/${p.id}/memberships`, { memberships: 'bad' })).status).toBe(403);
    expect((await callAs(s, f.stranger, 'POST', `/projects/${p.id}/memberships`, { memberships: [] })).status).toBe(404);
    expect(await projectMembershipRows(s, p.id)).toEqual(before);
  });
});

describeEachDatabase('projects: a project role counts in the company it was given in', (server) => {
  it("does not let a client's project manager manage the project from their tab of the owner company", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    // One person in both companies: Crew at the owner (reads projects), Project Manager of the project as the client's person.
    const person = await addMember(s, f.client.companyId, 'Supervisor');
    const crewRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.owner.companyId).where('name', '=', 'Crew').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    await s.services.db
      .insertInto('memberships')
      .values({ user_id: person.user.id, company_id: f.owner.companyId, type: 'company', role_id: crewRole, status: 'accepted', name: person.user.name, email: person.email, notification_settings: '{}', created_at: now, updated_at: now })
      .execute();
    const clientM = await companyMembership(s, f.client.companyId, person.user.id);
    const pm = await projectRole(s, p.id, 'Project Manager');
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: clientM, roleId: pm }] })).status).toBe(200);

    const inOwnerTab = { token: person.token, headers: f.owner.headers };
    const read = await callAs(s, inOwnerTab, 'GET', `/projects/${p.id}`);
    expect(read.body).toMatchObject({ relation: 'owner', canManage: false });
    expect((await callAs(s, inOwnerTab, 'PATCH', `/projects/${p.id}`, { city: 'Nowhere' })).status).toBe(403);
    const mine = await callAs(s, { token: person.token, headers: f.client.headers }, 'GET', '/projects/memberships');
    expect(mine.body.map((m: { projectId: number }) => m.projectId)).toEqual([p.id]);
    expect((await callAs(s, inOwnerTab, 'GET', '/projects/memberships')).body).toEqual([]);
  });
});

describeEachDatabase('projects: project roles', (server) => {
  it('lists, creates, changes and deletes a project\'s roles; the client reads them, a stranger gets 404', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const base = `/roles/project/${p.id}`;
    const all = await callAs(s, f.owner, 'GET', `${base}/all`);
    expect(all.status).toBe(200);
    expect(all.body.map((r: { name: string }) => r.name)).toEqual(['Project Manager', 'Field', 'Viewer']);
    expect(all.body[0]).toMatchObject({ scopeType: 'project', scopeId: p.id, companyId: null, isDefault: true, assignable: true });
    expect(all.body[0].permissions).toContainEqual({ resourceType: 'projects', action: 'manage', resourceId: null });
    expect((await callAs(s, f.owner, 'GET', `${base}/assignable`)).headers['x-total-count']).toBe('3');
    expect((await callAs(s, f.client, 'GET', `${base}/all`)).status).toBe(200);
    expect((await callAs(s, f.stranger, 'GET', `${base}/all`)).status).toBe(404);

    const created = await callAs(s, f.owner, 'POST', base, { name: 'Inspector', permissions: [{ resourceType: 'projects', action: 'view' }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Inspector', scopeType: 'project', scopeId: p.id, isDefault: false });
    expect((await callAs(s, f.owner, 'POST', base, { name: 'inspector', permissions: [] })).status).toBe(409);
    // A company role's name is no clash: the scopes are apart.
    expect((await callAs(s, f.owner, 'POST', base, { name: 'Supervisor', permissions: [] })).status).toBe(201);
    const changed = await callAs(s, f.owner, 'PATCH', `${base}/${created.body.id}`, { name: 'Site Inspector' });
    expect(changed.body.name).toBe('Site Inspector');
    const field = all.body.find((r: { name: string }) => r.name === 'Field');
    expect((await callAs(s, f.owner, 'PATCH', `${base}/${field.id}`, { name: 'Crew' })).status).toBe(409);
    expect((await callAs(s, f.owner, 'PATCH', `${base}/${field.id}`, { permissions: [{ resourceType: 'projects', action: 'view' }] })).status).toBe(200);
    expect((await callAs(s, f.owner, 'DELETE', `${base}/${field.id}`)).status).toBe(409);

    // Held: 409; free: gone. A company role id under the project path is a 404.
    const ownerM = await companyMembership(s, f.owner.companyId, f.owner.user.id);
    await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: ownerM, roleId: created.body.id }] });
    expect((await callAs(s, f.owner, 'DELETE', `${base}/${created.body.id}`)).status).toBe(409);
    await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [] });
    expect((await callAs(s, f.owner, 'DELETE', `${base}/${created.body.id}`)).status).toBe(204);
    const companyRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.owner.companyId).executeTakeFirstOrThrow()).id;
    expect((await callAs(s, f.owner, 'PATCH', `${base}/${companyRole}`, { name: 'Taken' })).status).toBe(404);

    // Only the owner changes them: the client 403 (before the body), the stranger 404.
    expect((await callAs(s, f.client, 'POST', base, { name: 'Theirs', permissions: [] })).status).toBe(403);
    expect((await callAs(s, f.client, 'POST', base, { name: 5 })).status).toBe(403);
    expect((await callAs(s, f.stranger, 'POST', base, { name: 5 })).status).toBe(404);
    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'company_id']).where('entity_type', '=', 'role').where('company_id', '=', f.owner.companyId).execute();
    expect(trail.map((t) => t.action).sort()).toEqual(['created', 'created', 'deleted', 'updated', 'updated']);
  });
});

describeEachDatabase('projects: crew companies and stations', (server) => {
  it('adds active subcontractor partners as crew companies, who then see the project; refuses others', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const ended = await companySide(s, 'Ended Sub');
    const endedId = await partner(s, f.owner, ended, 'subcontractor');
    await callAs(s, f.owner, 'DELETE', `/partnerships/delete/${endedId}`);
    const before = await s.services.db.selectFrom('project_crew_companies').selectAll().execute();
    for (const companyId of [f.client.companyId, f.stranger.companyId, ended.companyId, 999999]) {
      const res = await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId });
      expect(res.status, String(companyId)).toBe(400);
      expect(res.body.error.details[0].field).toBe('companyId');
    }
    expect((await callAs(s, f.client, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(403);
    expect(await s.services.db.selectFrom('project_crew_companies').selectAll().execute()).toEqual(before);
    expect((await callAs(s, f.sub, 'GET', `/projects/${p.id}`)).status).toBe(404);

    const added = await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ companyId: f.sub.companyId, name: 'Sub Boring', contactEmail: 'office@acme.example' });
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(409);
    const list = await callAs(s, f.client, 'GET', `/projects/${p.id}/crew-companies`);
    expect(list.body.map((c: { companyId: number }) => c.companyId)).toEqual([f.sub.companyId]);
    const seen = await callAs(s, f.sub, 'GET', `/projects/${p.id}`);
    expect(seen.body).toMatchObject({ relation: 'subcontractor', canManage: false });

    // Running a sub-project under it, the crew company stays.
    const sub = await callAs(s, f.sub, 'POST', `/companies/${f.sub.companyId}/projects`, { projectName: 'Bore', code: 'B1', projectId: p.id });
    expect(sub.status).toBe(201);
    expect((await callAs(s, f.owner, 'DELETE', `/projects/${p.id}/crew-companies/${f.sub.companyId}`)).status).toBe(409);
    expect((await callAs(s, f.sub, 'DELETE', `/projects/${sub.body.id}`)).status).toBe(204);
    expect((await callAs(s, f.owner, 'DELETE', `/projects/${p.id}/crew-companies/${f.sub.companyId}`)).status).toBe(204);
    expect((await callAs(s, f.owner, 'DELETE', `/projects/${p.id}/crew-companies/${f.sub.companyId}`)).status).toBe(404);
    expect((await callAs(s, f.sub, 'GET', `/projects/${p.id}`)).status).toBe(404);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['created', 'crew company added', 'crew company removed']);
  });

  it('replaces the stations in the order sent, positions 1..n, and refuses bad ones changing nothing', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const first = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}/stations`, {
      stations: [{ name: 'Start', chainage: 0 }, { name: 'Bridge', chainage: '120.5', description: 'Over the creek' }, { name: 'End', chainage: '-3.25' }],
    });
    expect(first.status).toBe(200);
    expect(first.body.map((st: { position: number; name: string; chainage: string | null }) => [st.position, st.name, st.chainage])).toEqual([
      [1, 'Start', '0'],
      [2, 'Bridge', '120.5'],
      [3, 'End', '-3.25'],
    ]);
    const reordered = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}/stations`, { stations: [{ name: 'End' }, { name: 'Start' }] });
    expect(reordered.body.map((st: { position: number; name: string }) => [st.position, st.name])).toEqual([
      [1, 'End'],
      [2, 'Start'],
    ]);
    const before = (await callAs(s, f.owner, 'GET', `/projects/${p.id}/stations`)).body;
    expect(before).toEqual(reordered.body);
    for (const stations of [[{ name: '' }], [{ name: 'A', chainage: '1.23456' }], 'none']) {
      expect((await callAs(s, f.owner, 'PATCH', `/projects/${p.id}/stations`, { stations })).status).toBe(400);
    }
    expect((await callAs(s, f.client, 'PATCH', `/projects/${p.id}/stations`, { stations: [] })).status).toBe(403);
    expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}/stations`)).status).toBe(404);
    expect((await callAs(s, f.client, 'GET', `/projects/${p.id}/stations`)).body).toEqual(before);
    const many = Array.from({ length: 1200 }, (_, i) => ({ name: `S${i + 1}` }));
    const long = await callAs(s, f.owner, 'PATCH', `/projects/${p.id}/stations`, { stations: many });
    expect(long.body).toHaveLength(1200);
    expect(long.body[1199]).toMatchObject({ position: 1200, name: 'S1200' });
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(p.id)).execute();
    expect(trail.filter((t) => t.action === 'stations updated')).toHaveLength(3);
  });
});

/** A member of the company with an account of that name (and the company's record of the same name). */
async function namedMember(s: TestServer, companyId: number, roleName: string, name: string) {
  const member = await addMember(s, companyId, roleName);
  await s.services.db.updateTable('users').set({ name }).where('id', '=', member.user.id).execute();
  await s.services.db.updateTable('memberships').set({ name }).where('user_id', '=', member.user.id).where('company_id', '=', companyId).execute();
  return { ...member, id: await companyMembership(s, companyId, member.user.id), name };
}

type Person = { id: number; name: string; email: string; companyId: number; companyName: string; side: string };

describeEachDatabase('projects: the people a project role may be given', (server) => {
  it("lists the owner's and the client's accepted members, owner first, searched by name or e-mail; only for those who manage it", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const foreman = await namedMember(s, f.owner.companyId, 'Supervisor', 'Zed Foreman');
    const inspector = await namedMember(s, f.client.companyId, 'Member', 'Alma Inspector');
    await namedMember(s, f.sub.companyId, 'Member', 'Sub Person');
    await namedMember(s, f.stranger.companyId, 'Member', 'Stranger Person');
    const invited = await callAs(s, f.client, 'POST', `/companies/${f.client.companyId}/memberships`, {
      name: 'Pending Client',
      email: 'pending.client@example.com',
      roleId: (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.client.companyId).where('name', '=', 'Member').executeTakeFirstOrThrow()).id,
    });
    expect(invited.status).toBe(201);

    const all = await callAs(s, f.owner, 'GET', `/projects/${p.id}/people`);
    expect(all.status).toBe(200);
    const people = all.body as Person[];
    expect(people.map((x) => [x.side, x.companyName])).toEqual([
      ['owner', 'Owner Paving'],
      ['owner', 'Owner Paving'],
      ['client', 'Client Utility'],
      ['client', 'Client Utility'],
    ]);
    expect(people.find((x) => x.id === inspector.id)).toEqual({ id: inspector.id, name: 'Alma Inspector', email: inspector.email, companyId: f.client.companyId, companyName: 'Client Utility', side: 'client' });
    expect(people.map((x) => x.name)).not.toContain('Pending Client');
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/people?q=foreman`)).body.map((x: Person) => x.id)).toEqual([foreman.id]);
    const byMail = await callAs(s, f.owner, 'GET', `/projects/${p.id}/people?q=${encodeURIComponent(inspector.email.toUpperCase())}`);
    expect(byMail.body.map((x: Person) => x.id)).toEqual([inspector.id]);
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/people?q=${encodeURIComponent('%')}`)).body).toEqual([]);
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/people?q=${'x'.repeat(101)}`)).status).toBe(400);

    // The client reads the project but gives no roles on it; a stranger does not see it; a supervisor of the owner may not.
    expect((await callAs(s, f.client, 'GET', `/projects/${p.id}/people`)).status).toBe(403);
    expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}/people`)).status).toBe(404);
    expect((await s.call('GET', `${API}/projects/${p.id}/people`, { token: foreman.token, headers: f.owner.headers })).status).toBe(403);
    const pm = await namedMember(s, f.owner.companyId, 'ProjectManager', 'Pat Manager');
    expect((await s.call('GET', `${API}/projects/${p.id}/people`, { token: pm.token, headers: f.owner.headers })).status).toBe(200);
  });

  it('gives a client person a project role; the members list names them and their company as they are now', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const inspector = await namedMember(s, f.client.companyId, 'Member', 'Alma Inspector');
    const viewer = await projectRole(s, p.id, 'Viewer');
    const saved = await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: inspector.id, roleId: viewer }] });
    expect(saved.status).toBe(200);
    // The account's name changes later: both lists follow it.
    await s.services.db.updateTable('users').set({ name: 'Alma Reyes' }).where('id', '=', inspector.user.id).execute();
    const listed = await callAs(s, f.owner, 'GET', `/projects/${p.id}/memberships`);
    expect(listed.body).toEqual([
      expect.objectContaining({ companyMembershipId: inspector.id, companyId: f.client.companyId, companyName: 'Client Utility', name: 'Alma Reyes', email: inspector.email, roleName: 'Viewer' }),
    ]);
    expect((await callAs(s, f.owner, 'GET', `/projects/${p.id}/people?q=reyes`)).body.map((x: Person) => x.id)).toEqual([inspector.id]);
    expect((await callAs(s, f.client, 'GET', `/projects/${p.id}/memberships`)).body.map((m: { name: string }) => m.name)).toEqual(['Alma Reyes']);
  });

  it("offers a sub-project the parent project company's people, and takes them", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    expect((await callAs(s, f.owner, 'POST', `/projects/${p.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    const sub = await callAs(s, f.sub, 'POST', `/companies/${f.sub.companyId}/projects`, { projectName: 'Bore', code: 'B1', projectId: p.id });
    expect(sub.status).toBe(201);
    const engineer = await namedMember(s, f.owner.companyId, 'Member', 'Erin Engineer');
    const people = (await callAs(s, f.sub, 'GET', `/projects/${sub.body.id}/people`)).body as Person[];
    expect(people[0]).toMatchObject({ side: 'owner', companyId: f.sub.companyId });
    expect(people.find((x) => x.id === engineer.id)).toMatchObject({ side: 'parent', companyName: 'Owner Paving' });
    expect(people.some((x) => x.companyId === f.client.companyId)).toBe(false);
    const viewer = await projectRole(s, sub.body.id, 'Viewer');
    const saved = await callAs(s, f.sub, 'POST', `/projects/${sub.body.id}/memberships`, { memberships: [{ id: engineer.id, roleId: viewer }] });
    expect(saved.status).toBe(200);
    expect(saved.body[0]).toMatchObject({ companyMembershipId: engineer.id, companyName: 'Owner Paving', name: 'Erin Engineer' });
    // The parent's owner reads it, but gives no roles on a project it does not run.
    expect((await callAs(s, f.owner, 'GET', `/projects/${sub.body.id}/people`)).status).toBe(403);
  });
});

describeEachDatabase('projects: leaving a company', (server) => {
  it("removing a member deletes the project roles they held as that company's person, in the same transaction, and no one else's", async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const other = await clientProject(s, f);
    // One person in the client company and in the owner company, with a project role from each.
    const person = await namedMember(s, f.client.companyId, 'Member', 'Casey Both');
    const now = new Date().toISOString();
    const crewRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.owner.companyId).where('name', '=', 'Crew').executeTakeFirstOrThrow()).id;
    await s.services.db
      .insertInto('memberships')
      .values({ user_id: person.user.id, company_id: f.owner.companyId, type: 'company', role_id: crewRole, status: 'accepted', name: 'Casey Both', email: person.email, notification_settings: '{}', created_at: now, updated_at: now })
      .execute();
    const asOwnerPerson = await companyMembership(s, f.owner.companyId, person.user.id);
    const colleague = await namedMember(s, f.client.companyId, 'Member', 'Cory Stays');
    const [viewer, field, otherViewer] = [await projectRole(s, p.id, 'Viewer'), await projectRole(s, p.id, 'Field'), await projectRole(s, other.id, 'Viewer')];
    await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, {
      memberships: [
        { id: person.id, roleId: viewer },
        { id: asOwnerPerson, roleId: field },
        { id: colleague.id, roleId: viewer },
      ],
    });
    await callAs(s, f.owner, 'POST', `/projects/${other.id}/memberships`, { memberships: [{ id: person.id, roleId: otherViewer }] });

    const removed = await callAs(s, f.client, 'DELETE', `/memberships/${person.id}`);
    expect(removed.status).toBe(204);
    const rows = await s.services.db.selectFrom('memberships').select(['project_id', 'company_id', 'user_id']).where('type', '=', 'project').orderBy('id').execute();
    expect(rows).toEqual([
      { project_id: p.id, company_id: f.owner.companyId, user_id: person.user.id },
      { project_id: p.id, company_id: f.client.companyId, user_id: colleague.user.id },
    ]);
    const trail = await s.services.db.selectFrom('audit_events').select(['changes']).where('entity_type', '=', 'membership').where('entity_id', '=', String(person.id)).where('action', '=', 'removed').executeTakeFirstOrThrow();
    expect(JSON.parse(trail.changes).projectRoles.from).toEqual([`${p.code} – ${p.projectName}: Viewer`, `${other.code} – ${other.projectName}: Viewer`].sort());

    // Invited and accepted again, they start with no project role.
    const memberRole = (await s.services.db.selectFrom('roles').select('id').where('scope_type', '=', 'company').where('scope_id', '=', f.client.companyId).where('name', '=', 'Supervisor').executeTakeFirstOrThrow()).id;
    await s.services.db
      .insertInto('memberships')
      .values({ user_id: person.user.id, company_id: f.client.companyId, type: 'company', role_id: memberRole, status: 'accepted', name: 'Casey Both', email: person.email, notification_settings: '{}', created_at: now, updated_at: now })
      .execute();
    expect((await callAs(s, { token: person.token, headers: f.client.headers }, 'GET', '/projects/memberships')).body).toEqual([]);
  });

  it('rolls the project roles back with the rest when the removal fails', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const ownerM = await companyMembership(s, f.owner.companyId, f.owner.user.id);
    await callAs(s, f.owner, 'POST', `/projects/${p.id}/memberships`, { memberships: [{ id: ownerM, roleId: await projectRole(s, p.id, 'Project Manager') }] });
    // The last Owner cannot leave: nothing of theirs goes.
    expect((await callAs(s, f.owner, 'DELETE', `/memberships/${ownerM}`)).status).toBe(409);
    expect(await projectMembershipRows(s, p.id)).toHaveLength(1);
  });
});
