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

  it('answers 404 for project scopes and 400 for other scope types', async () => {
    const s = server();
    const { token } = await ownerWithCompany(s);
    const project = await s.call('GET', `${API}/roles/project/1/all`, { token });
    expect(project.status).toBe(404);
    expect(project.body.message).toBe('Project not found');
    expect((await s.call('POST', `${API}/roles/project/1`, { token, body: { name: 'X', permissions: [] } })).status).toBe(404);
    expect((await s.call('GET', `${API}/roles/team/1/all`, { token })).status).toBe(400);
    expect((await s.call('GET', `${API}/roles/company/abc/all`, { token })).status).toBe(400);
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
