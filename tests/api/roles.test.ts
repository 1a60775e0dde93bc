import { ROLE_NAMES } from '../../permissions/index.js';
import { companyData, describeEachDatabase, registerUser, type TestServer } from './harness.js';

const API = '/api/v1';

interface Role {
  id: number;
  name: string;
  isDefault: boolean;
  assignable: boolean;
  permissions: Array<{ resourceType: string; action: string; resourceId: string | null }>;
}

async function ownerWithCompany(s: TestServer, name = 'Roles Co') {
  const owner = await registerUser(s);
  const res = await s.call('POST', `${API}/companies`, { token: owner.token, body: companyData({ name }) });
  if (res.status !== 201) throw new Error(`create company failed: ${res.status}`);
  return { token: owner.token, companyId: res.body.id as number, base: `${API}/roles/company/${res.body.id}` };
}

/** Member invitations come later, so memberships are written straight into the database. */
async function addMember(s: TestServer, companyId: number, roleId: number) {
  const member = await registerUser(s);
  const now = new Date().toISOString();
  await s.services.db
    .insertInto('memberships')
    .values({ user_id: member.user.id, company_id: companyId, type: 'company', role_id: roleId, status: 'accepted', name: member.user.name, email: member.email, notification_settings: '{}', created_at: now, updated_at: now })
    .execute();
  return member;
}

async function roles(s: TestServer, token: string, base: string, which: 'all' | 'assignable' = 'all'): Promise<Role[]> {
  const res = await s.call('GET', `${base}/${which}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}
const named = (list: Role[], name: string) => list.find((r) => r.name === name)!;

describeEachDatabase('roles', (server) => {
  it('lists the eight default roles, and the assignable ones without Owner', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const res = await s.call('GET', `${base}/all`, { token });
    expect(res.headers['x-total-count']).toBe('8');
    const all: Role[] = res.body;
    expect(all.map((r) => r.name)).toEqual([...ROLE_NAMES]);
    expect(named(all, 'Owner')).toEqual({
      id: expect.any(Number),
      name: 'Owner',
      companyId,
      scopeType: 'company',
      scopeId: companyId,
      isDefault: true,
      assignable: false,
      permissions: [{ resourceType: '_any', action: '_any', resourceId: null }],
    });
    expect(named(all, 'Member').permissions).toEqual([{ resourceType: 'productions', action: 'view', resourceId: null }]);
    const assignable = await roles(s, token, base, 'assignable');
    expect(assignable.map((r) => r.name)).toEqual(ROLE_NAMES.filter((n) => n !== 'Owner'));
    expect(assignable.every((r) => r.assignable && r.isDefault)).toBe(true);
  });

  it('creates a custom role, trimmed and without repeated permissions, and refuses duplicate names', async () => {
    const s = server();
    const { token, base } = await ownerWithCompany(s);
    const crews = { resourceType: 'crews', action: 'manage' };
    const res = await s.call('POST', base, { token, body: { name: '  Foreman  ', permissions: [crews, crews, { resourceType: 'projects', action: 'view', resourceId: '12' }] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Foreman',
      isDefault: false,
      assignable: true,
      permissions: [
        { ...crews, resourceId: null },
        { resourceType: 'projects', action: 'view', resourceId: '12' },
      ],
    });
    expect(named(await roles(s, token, base, 'assignable'), 'Foreman').id).toBe(res.body.id);

    for (const name of ['foreman', 'Member', 'OWNER']) {
      const dup = await s.call('POST', base, { token, body: { name, permissions: [] } });
      expect(dup.status, name).toBe(409);
    }
    expect(await roles(s, token, base)).toHaveLength(9);
  });

  it("accepts the spec's resource types, storing and answering them in our one canonical form", async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const spec = ['company', 'roles', 'members', 'clients', 'subcontractors', 'crews', 'items', 'projects', 'tasks'];
    const res = await s.call('POST', base, { token, body: { name: 'Spec words', permissions: spec.map((resourceType) => ({ resourceType, action: 'view' })) } });
    expect(res.status).toBe(201);
    const canonical = ['companies', 'roles', 'memberships', 'partnerships', 'crews', 'items', 'projects', 'tasks'].map((resourceType) => ({ resourceType, action: 'view', resourceId: null }));
    // clients and subcontractors are both our partnerships: one entry.
    expect(res.body.permissions).toEqual(canonical);
    const stored = await s.services.db.selectFrom('roles').select('permissions').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.permissions)).toEqual(canonical);
    expect(named(await roles(s, token, base), 'Spec words').permissions).toEqual(canonical);

    // A role granted in the spec's words opens our routes: members:manage is memberships:manage.
    const patched = await s.call('PATCH', `${base}/${res.body.id}`, { token, body: { permissions: [{ resourceType: 'members', action: 'manage' }, { resourceType: 'memberships', action: 'manage' }] } });
    expect(patched.status).toBe(200);
    expect(patched.body.permissions).toEqual([{ resourceType: 'memberships', action: 'manage', resourceId: null }]);
    const member = await addMember(s, companyId, res.body.id);
    expect((await s.call('GET', `${API}/companies/${companyId}/memberships`, { token: member.token })).status).toBe(200);
  });

  it('rejects bad role input with 400 and per-field details, creating nothing', async () => {
    const s = server();
    const { token, base } = await ownerWithCompany(s);
    const bad = await s.call('POST', base, { token, body: { name: '   ', permissions: [{ resourceType: 'spaceships', action: 'fly' }] } });
    expect(bad.status).toBe(400);
    const fields = bad.body.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'permissions.0.resourceType', 'permissions.0.action']));
    expect((await s.call('POST', base, { token, body: { name: 'x'.repeat(61), permissions: [] } })).status).toBe(400);
    expect((await s.call('POST', base, { token, body: { name: 'No Permissions Field' } })).status).toBe(400);
    expect(await roles(s, token, base)).toHaveLength(8);
  });

  it('answers 404 for a project the company has no relation to, and for scope types no route serves', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const before = await roles(s, token, base);
    const member = named(before, 'Member');
    const project = await s.call('GET', `${API}/roles/project/1/all`, { token });
    expect(project.status).toBe(404);
    expect(project.body).toMatchObject({ statusCode: 404, message: 'Project not found', error: { code: 'NOT_FOUND' } });
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/roles/project/1/assignable`],
      ['POST', `/roles/project/1`, { name: 'X', permissions: [] }],
      ['PATCH', `/roles/project/1/${member.id}`, { permissions: [] }],
      ['DELETE', `/roles/project/1/${member.id}`],
      ['GET', `/roles/team/${companyId}/all`],
      ['POST', `/roles/team/${companyId}`, { name: 'X', permissions: [] }],
      ['PATCH', `/roles/team/${companyId}/${member.id}`, { permissions: [] }],
      ['DELETE', `/roles/${companyId}/${member.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await s.call(method as 'GET', `${API}${path}`, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect(await roles(s, token, base)).toEqual(before);
  });

  it('answers 400 for a malformed company or role id before looking the company up, changing nothing', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const stranger = await ownerWithCompany(s, 'Stranger Co');
    const before = await roles(s, token, base);
    const member = named(before, 'Member');
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/roles/company/abc/all`],
      ['GET', `/roles/company/0/assignable`],
      ['POST', `/roles/company/-1`, { name: 'X', permissions: [] }],
      ['PATCH', `/roles/company/abc/${member.id}`, { permissions: [] }],
      ['PATCH', `/roles/company/${companyId}/abc`, { permissions: [] }],
      ['DELETE', `/roles/company/${companyId}/1.5`],
    ];
    // The stranger too gets 400, not 404: input is checked before the company is.
    for (const who of [token, stranger.token]) {
      for (const [method, path, body] of attempts) {
        const res = await s.call(method as 'GET', `${API}${path}`, { token: who, body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error.code).toBe('BAD_REQUEST');
      }
    }
    expect(await roles(s, token, base)).toEqual(before);
  });

  it('keeps Owner fixed and default roles named, but lets default permissions change', async () => {
    const s = server();
    const { token, base } = await ownerWithCompany(s);
    const before = await roles(s, token, base);
    const owner = named(before, 'Owner');
    const member = named(before, 'Member');
    const ownerPatch = await s.call('PATCH', `${base}/${owner.id}`, { token, body: { permissions: [] } });
    expect(ownerPatch.status).toBe(409);
    expect((await s.call('PATCH', `${base}/${owner.id}`, { token, body: { name: 'Boss' } })).status).toBe(409);
    const rename = await s.call('PATCH', `${base}/${member.id}`, { token, body: { name: 'Members' } });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe('Default roles cannot be renamed');
    expect((await roles(s, token, base)).map((r) => r.name)).toEqual([...ROLE_NAMES]);

    const perms = [{ resourceType: 'files', action: 'view', resourceId: null }];
    const ok = await s.call('PATCH', `${base}/${member.id}`, { token, body: { name: 'Member', permissions: perms } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: member.id, name: 'Member', isDefault: true, permissions: perms });
    expect(named(await roles(s, token, base), 'Owner')).toEqual(owner);
  });

  it('renames custom roles unless the name is taken, and only within the path company', async () => {
    const s = server();
    const { token, base } = await ownerWithCompany(s);
    const foreman = (await s.call('POST', base, { token, body: { name: 'Foreman', permissions: [] } })).body;
    const renamed = await s.call('PATCH', `${base}/${foreman.id}`, { token, body: { name: 'Site Foreman' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Site Foreman');
    expect((await s.call('PATCH', `${base}/${foreman.id}`, { token, body: { name: 'supervisor' } })).status).toBe(409);
    expect((await s.call('PATCH', `${base}/${foreman.id}`, { token, body: { colour: 'red' } })).status).toBe(400);

    const other = await ownerWithCompany(s, 'Other Co');
    const elsewhere = await s.call('PATCH', `${other.base}/${foreman.id}`, { token: other.token, body: { name: 'Stolen' } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('Role not found');
    expect((await s.call('DELETE', `${other.base}/${foreman.id}`, { token: other.token })).status).toBe(404);
    expect(named(await roles(s, token, base), 'Site Foreman').id).toBe(foreman.id);
  });

  it('deletes only custom roles no member holds', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const crewRole = named(await roles(s, token, base), 'Crew');
    const defaultDelete = await s.call('DELETE', `${base}/${crewRole.id}`, { token });
    expect(defaultDelete.status).toBe(409);
    expect(defaultDelete.body.message).toBe('Default roles cannot be deleted');

    const held = (await s.call('POST', base, { token, body: { name: 'Held', permissions: [] } })).body;
    await addMember(s, companyId, held.id);
    const inUse = await s.call('DELETE', `${base}/${held.id}`, { token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('This role is still assigned to members');

    const spare = (await s.call('POST', base, { token, body: { name: 'Spare', permissions: [] } })).body;
    expect((await s.call('DELETE', `${base}/${spare.id}`, { token })).status).toBe(204);
    expect((await s.call('DELETE', `${base}/${spare.id}`, { token })).status).toBe(404);
    expect((await roles(s, token, base)).map((r) => r.name)).toEqual([...ROLE_NAMES, 'Held']);
  });

  it('answers 403 to a member whose role lacks roles:manage, until the Owner grants it', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const memberRole = named(await roles(s, token, base), 'Member');
    const member = await addMember(s, companyId, memberRole.id);
    expect(await roles(s, member.token, base)).toHaveLength(8);
    const create = () => s.call('POST', base, { token: member.token, body: { name: 'Mine', permissions: [] } });
    expect((await create()).status).toBe(403);
    expect((await s.call('PATCH', `${base}/${memberRole.id}`, { token: member.token, body: { permissions: [] } })).status).toBe(403);
    expect((await s.call('DELETE', `${base}/${memberRole.id}`, { token: member.token })).status).toBe(403);
    expect(await roles(s, token, base)).toHaveLength(8);

    await s.call('PATCH', `${base}/${memberRole.id}`, { token, body: { permissions: [{ resourceType: 'roles', action: 'manage' }] } });
    expect((await create()).status).toBe(201);
  });

  it('judges each call by the role held in the company the path names, not the active company', async () => {
    const s = server();
    const outside = await ownerWithCompany(s, 'Outside Co');
    const joined = await ownerWithCompany(s, 'Joined Co');
    const memberRole = named(await roles(s, joined.token, joined.base), 'Member');
    // Owner of their own company (the active one by default) and a plain Member of the joined one.
    const user = await registerUser(s);
    const own = (await s.call('POST', `${API}/companies`, { token: user.token, body: companyData({ name: 'Own Co' }) })).body;
    const now = new Date().toISOString();
    await s.services.db
      .insertInto('memberships')
      .values({ user_id: user.user.id, company_id: joined.companyId, type: 'company', role_id: memberRole.id, status: 'accepted', name: user.user.name, email: user.email, notification_settings: '{}', created_at: now, updated_at: now })
      .execute();
    const activeCompanies: Array<Record<string, string>> = [{}, { 'x-company-id': String(own.id) }, { 'x-company-id': String(joined.companyId) }];
    for (const headers of activeCompanies) {
      const denied = await s.call('POST', joined.base, { token: user.token, headers, body: { name: 'Mine', permissions: [] } });
      expect(denied.status, JSON.stringify(headers)).toBe(403);
      expect((await s.call('GET', `${joined.base}/all`, { token: user.token, headers })).status).toBe(200);
      expect((await s.call('GET', `${outside.base}/all`, { token: user.token, headers })).status).toBe(404);
    }
    const allowed = await s.call('POST', `${API}/roles/company/${own.id}`, {
      token: user.token,
      headers: { 'x-company-id': String(joined.companyId) },
      body: { name: 'Mine', permissions: [] },
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body.companyId).toBe(own.id);
    expect(await roles(s, joined.token, joined.base)).toHaveLength(8);
  });

  it('records every role change in the company activity', async () => {
    const s = server();
    const { token, companyId, base } = await ownerWithCompany(s);
    const role = (await s.call('POST', base, { token, body: { name: 'Audited', permissions: [] } })).body;
    await s.call('PATCH', `${base}/${role.id}`, { token, body: { name: 'Audited Two' } });
    await s.call('DELETE', `${base}/${role.id}`, { token });
    const activity = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=role`, { token });
    expect(activity.body.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(activity.body.every((e: { entityId: string }) => e.entityId === String(role.id))).toBe(true);
    expect(activity.body[1].changes).toEqual({ name: { from: 'Audited', to: 'Audited Two' } });
  });
});
