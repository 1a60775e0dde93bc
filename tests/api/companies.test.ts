import { COMPANY_MESSAGES } from '../../resources/company.js';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_NAMES } from '../../permissions/index.js';
import { addMember, companyData, createCompany, describeEachDatabase, registerUser } from './harness.js';

const API = '/api/v1';

describeEachDatabase('companies', (server) => {
  it('makes the creator Owner of a new company with the eight default roles', async () => {
    const s = server();
    const owner = await registerUser(s, { name: 'Olivia Owner' });
    const res = await s.call('POST', `${API}/companies`, { token: owner.token, body: companyData({ name: '  Trimmed Paving  ' }) });
    expect(res.status).toBe(201);
    const { name: _name, ...rest } = companyData();
    expect(res.body).toMatchObject({ ...rest, name: 'Trimmed Paving', parentId: null, plan: 'free', role: 'Owner', logoUrl: null, settings: {} });
    const id = res.body.id;

    const me = await s.call('GET', `${API}/users/me`, { token: owner.token });
    expect(me.body.user.roles).toEqual(['Platform/Member', `${id}/Owner`]);
    expect(me.body.user.role).toBe('Owner');
    expect(me.body.user.memberships).toHaveLength(1);
    expect(me.body.user.memberships[0]).toMatchObject({ companyId: id, status: 'accepted', type: 'company', name: 'Olivia Owner', email: owner.email, role: { name: 'Owner' } });
    expect(Object.values(me.body.user.memberships[0].company.roles).sort()).toEqual([...ROLE_NAMES].sort());
    expect(me.body.user.selfPermissions).toEqual(['self:companies:create', 'self:companies:view']);
    expect(me.body.user.settings.defaultCompanyId).toBe(id);

    const roles = await s.services.db.selectFrom('roles').selectAll().where('scope_type', '=', 'company').where('scope_id', '=', id).orderBy('id').execute();
    expect(roles.map((r) => r.name)).toEqual([...ROLE_NAMES]);
    for (const role of roles) {
      expect(role.is_default).toBe(1);
      expect(role.assignable).toBe(role.name === 'Owner' ? 0 : 1);
      expect(JSON.parse(role.permissions)).toEqual(DEFAULT_ROLE_PERMISSIONS[role.name as (typeof ROLE_NAMES)[number]]);
    }
  });

  it('keeps the first default company and adds self:companies:view only once', async () => {
    const s = server();
    const owner = await registerUser(s);
    const first = await createCompany(s, owner.token, { name: 'First Co' });
    const second = await createCompany(s, owner.token, { name: 'Second Co' });
    const me = await s.call('GET', `${API}/users/me`, { token: owner.token });
    expect(me.body.user.settings.defaultCompanyId).toBe(first.id);
    expect(me.body.user.selfPermissions).toEqual(['self:companies:create', 'self:companies:view']);
    expect(me.body.user.roles).toEqual(['Platform/Member', `${first.id}/Owner`, `${second.id}/Owner`]);
    const one = await s.call('GET', `${API}/companies/${second.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: second.id, name: 'Second Co', role: 'Owner' });
  });

  it('refuses a top-level company without self:companies:create (403), creating nothing', async () => {
    const s = server();
    const user = await registerUser(s);
    await s.services.db.updateTable('users').set({ permissions: '[]' }).where('id', '=', user.user.id).execute();
    const res = await s.call('POST', `${API}/companies`, { token: user.token, body: companyData() });
    expect(res.status).toBe(403);
    const list = await s.call('GET', `${API}/companies`, { token: user.token });
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
  });

  it('creates sub-companies with companies:manage in the parent only', async () => {
    const s = server();
    const owner = await registerUser(s);
    const parent = await createCompany(s, owner.token, { name: 'Parent Co' });
    const sub = await s.call('POST', `${API}/companies`, { token: owner.token, body: companyData({ name: 'Child Co', parentId: parent.id }) });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ parentId: parent.id, role: 'Owner' });

    const member = await addMember(s, parent.id, 'Member');
    const denied = await s.call('POST', `${API}/companies`, { token: member.token, body: companyData({ name: 'Sneaky Co', parentId: parent.id }) });
    expect(denied.status).toBe(403);

    const stranger = await registerUser(s);
    await createCompany(s, stranger.token, { name: 'Stranger Co' });
    const hidden = await s.call('POST', `${API}/companies`, { token: stranger.token, body: companyData({ name: 'Sneaky Co', parentId: parent.id }) });
    expect(hidden.status).toBe(404);
    const missing = await s.call('POST', `${API}/companies`, { token: owner.token, body: companyData({ parentId: 99999999 }) });
    expect(missing.status).toBe(404);

    const children = await s.call('GET', `${API}/companies?parentId=${parent.id}`, { token: owner.token });
    expect(children.body.map((c: { name: string }) => c.name)).toEqual(['Child Co']);
    const sneaky = await s.services.db.selectFrom('companies').select('id').where('name', '=', 'Sneaky Co').execute();
    expect(sneaky).toEqual([]);

    const blocked = await s.call('DELETE', `${API}/companies/${parent.id}`, { token: owner.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('Delete the sub-companies first');
    expect((await s.call('DELETE', `${API}/companies/${sub.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await s.call('DELETE', `${API}/companies/${parent.id}`, { token: owner.token })).status).toBe(204);
  });

  it('rejects bad company input with per-field details and creates nothing', async () => {
    const s = server();
    const user = await registerUser(s);
    const bad = { ...companyData({ zip: '1234', address: 'abc', contactPhone: '+1 512 555_0100' }), name: undefined };
    const res = await s.call('POST', `${API}/companies`, { token: user.token, body: bad });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'zip', message: COMPANY_MESSAGES.zip },
        { field: 'address', message: COMPANY_MESSAGES.address },
        { field: 'contactPhone', message: COMPANY_MESSAGES.phone },
        { field: 'name', message: COMPANY_MESSAGES.name },
      ]),
    );
    const short = await s.call('POST', `${API}/companies`, { token: user.token, body: companyData({ contactPhone: '555 0100', name: '   ' }) });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'contactPhone', message: COMPANY_MESSAGES.phone },
        { field: 'name', message: COMPANY_MESSAGES.name },
      ]),
    );
    const list = await s.call('GET', `${API}/companies`, { token: user.token });
    expect(list.body).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
  });

  it('updates a company, and rejects bad or unknown fields without changing it', async () => {
    const s = server();
    const owner = await registerUser(s);
    const company = await createCompany(s, owner.token, { name: 'Before Co' });
    const bad = await s.call('PATCH', `${API}/companies/${company.id}`, { token: owner.token, body: { name: 'After Co', zip: '12', contactPhone: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'zip', message: COMPANY_MESSAGES.zip },
        { field: 'contactPhone', message: COMPANY_MESSAGES.phone },
      ]),
    );
    expect((await s.call('PATCH', `${API}/companies/${company.id}`, { token: owner.token, body: { plan: 'gold' } })).status).toBe(400);
    const unchanged = await s.call('GET', `${API}/companies/${company.id}`, { token: owner.token });
    expect(unchanged.body).toEqual(company);

    const ok = await s.call('PATCH', `${API}/companies/${company.id}`, { token: owner.token, body: { name: ' After Co ', logoUrl: 'https://cdn.example/logo.png' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ...company, name: 'After Co', logoUrl: 'https://cdn.example/logo.png', updatedAt: ok.body.updatedAt });
    const listed = await s.call('GET', `${API}/companies`, { token: owner.token });
    expect(listed.body).toEqual([ok.body]);
  });

  it("answers 404, never 403, for another company's rows and leaves them unchanged", async () => {
    const s = server();
    const ownerA = await registerUser(s);
    const a = await createCompany(s, ownerA.token, { name: 'Tenant A' });
    const rolesBefore = await s.call('GET', `${API}/roles/company/${a.id}/all`, { token: ownerA.token });
    const memberRole = rolesBefore.body.find((r: { name: string }) => r.name === 'Member');
    const userB = await registerUser(s);
    const noCompany = await registerUser(s);
    await createCompany(s, userB.token, { name: 'Tenant B' });

    const nonexistent = await s.call('GET', `${API}/companies/99999999`, { token: userB.token });
    expect(nonexistent.status).toBe(404);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/companies/${a.id}`],
      ['PATCH', `/companies/${a.id}`, { name: 'Hijacked' }],
      ['DELETE', `/companies/${a.id}`],
      ['GET', `/companies/${a.id}/activity`],
      ['GET', `/roles/company/${a.id}/all`],
      ['GET', `/roles/company/${a.id}/assignable`],
      ['POST', `/roles/company/${a.id}`, { name: 'Intruder', permissions: [] }],
      ['PATCH', `/roles/company/${a.id}/${memberRole.id}`, { permissions: [{ resourceType: '_any', action: '_any' }] }],
      ['DELETE', `/roles/company/${a.id}/${memberRole.id}`],
    ];
    for (const token of [userB.token, noCompany.token]) {
      for (const [method, path, body] of attempts) {
        const res = await s.call(method as 'GET', `${API}${path}`, { token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.message).toBe(nonexistent.body.message);
      }
    }
    const after = await s.call('GET', `${API}/companies/${a.id}`, { token: ownerA.token });
    expect(after.body).toEqual(a);
    const rolesAfter = await s.call('GET', `${API}/roles/company/${a.id}/all`, { token: ownerA.token });
    expect(rolesAfter.body).toEqual(rolesBefore.body);
    const listB = await s.call('GET', `${API}/companies`, { token: userB.token });
    expect(listB.body.map((c: { name: string }) => c.name)).toEqual(['Tenant B']);
  });

  it('lets a member read but answers 403 when their role lacks companies:manage', async () => {
    const s = server();
    const owner = await registerUser(s);
    const company = await createCompany(s, owner.token, { name: 'Guarded Co' });
    const member = await addMember(s, company.id, 'Member');
    const read = await s.call('GET', `${API}/companies/${company.id}`, { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body.role).toBe('Member');
    expect((await s.call('GET', `${API}/companies/${company.id}/activity`, { token: member.token })).status).toBe(200);
    expect((await s.call('PATCH', `${API}/companies/${company.id}`, { token: member.token, body: { name: 'Mine Now' } })).status).toBe(403);
    expect((await s.call('DELETE', `${API}/companies/${company.id}`, { token: member.token })).status).toBe(403);
    const still = await s.call('GET', `${API}/companies/${company.id}`, { token: owner.token });
    expect(still.body).toEqual(company);
  });

  it('judges each call by the role held in the company the path names, not the active company', async () => {
    const s = server();
    const owner = await registerUser(s);
    const joined = await createCompany(s, owner.token, { name: 'Joined Co' });
    const member = await addMember(s, joined.id, 'Member');
    const own = await createCompany(s, member.token, { name: 'Own Co' });
    const activeCompanies: Array<Record<string, string>> = [{}, { 'x-company-id': String(own.id) }, { 'x-company-id': String(joined.id) }];
    for (const headers of activeCompanies) {
      const denied = await s.call('PATCH', `${API}/companies/${joined.id}`, { token: member.token, headers, body: { name: 'Mine Now' } });
      expect(denied.status, JSON.stringify(headers)).toBe(403);
      expect((await s.call('DELETE', `${API}/companies/${joined.id}`, { token: member.token, headers })).status).toBe(403);
      const read = await s.call('GET', `${API}/companies/${joined.id}`, { token: member.token, headers });
      expect(read.body.role).toBe('Member');
    }
    const renamed = await s.call('PATCH', `${API}/companies/${own.id}`, { token: member.token, headers: { 'x-company-id': String(joined.id) }, body: { name: 'Own Co Two' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: own.id, name: 'Own Co Two', role: 'Owner' });
    expect((await s.call('GET', `${API}/companies/${joined.id}`, { token: owner.token })).body).toEqual(joined);
  });

  it('answers 400 for a malformed company id before looking the company up, changing nothing', async () => {
    const s = server();
    const owner = await registerUser(s);
    const company = await createCompany(s, owner.token, { name: 'Intact Co' });
    const stranger = await registerUser(s);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', '/companies/abc'],
      ['GET', '/companies/0/activity'],
      ['PATCH', '/companies/-1', { name: 'Hijacked' }],
      ['DELETE', '/companies/1.5'],
    ];
    // The stranger too gets 400, not 404: input is checked before the company is.
    for (const token of [owner.token, stranger.token]) {
      for (const [method, path, body] of attempts) {
        const res = await s.call(method as 'GET', `${API}${path}`, { token, body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.error.code).toBe('BAD_REQUEST');
      }
    }
    expect((await s.call('GET', `${API}/companies/${company.id}`, { token: owner.token })).body).toEqual(company);
  });

  it('soft-deletes: the company leaves lists and lookups but its row remains', async () => {
    const s = server();
    const owner = await registerUser(s);
    const keep = await createCompany(s, owner.token, { name: 'Keep Co' });
    const gone = await createCompany(s, owner.token, { name: 'Gone Co' });
    expect((await s.call('DELETE', `${API}/companies/${gone.id}`, { token: owner.token })).status).toBe(204);
    const list = await s.call('GET', `${API}/companies`, { token: owner.token });
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([keep.id]);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await s.call('GET', `${API}/companies/${gone.id}`, { token: owner.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/roles/company/${gone.id}/all`, { token: owner.token })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/companies/${gone.id}`, { token: owner.token })).status).toBe(404);
    const me = await s.call('GET', `${API}/users/me`, { token: owner.token });
    expect(me.body.user.roles).toEqual(['Platform/Member', `${keep.id}/Owner`]);
    const row = await s.services.db.selectFrom('companies').select(['deleted_at']).where('id', '=', gone.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(expect.any(String));
  });

  it('lists the creation and later changes in the activity, newest first and paged', async () => {
    const s = server();
    const owner = await registerUser(s, { name: 'Audit Owner' });
    const company = await createCompany(s, owner.token, { name: 'Logged Co', city: 'Austin' });
    await s.call('PATCH', `${API}/companies/${company.id}`, { token: owner.token, body: { name: 'Logged Co Two', city: 'Dallas', state: 'TX' } });
    const res = await s.call('GET', `${API}/companies/${company.id}/activity`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const [update, creation] = res.body;
    expect(update).toMatchObject({ entityType: 'company', entityId: String(company.id), action: 'updated', actor: { id: owner.user.id, name: 'Audit Owner' } });
    expect(update.changes).toEqual({ name: { from: 'Logged Co', to: 'Logged Co Two' }, city: { from: 'Austin', to: 'Dallas' } });
    expect(creation).toMatchObject({ entityType: 'company', action: 'created' });
    expect(creation.changes.name).toEqual({ from: null, to: 'Logged Co' });
    expect(creation.changes.contactEmail).toEqual({ from: null, to: companyData().contactEmail });

    const page = await s.call('GET', `${API}/companies/${company.id}/activity?_start=1&_end=2`, { token: owner.token });
    expect(page.body.map((e: { action: string }) => e.action)).toEqual(['created']);
    expect(page.headers['x-total-count']).toBe('2');
    const filtered = await s.call('GET', `${API}/companies/${company.id}/activity?action=updated`, { token: owner.token });
    expect(filtered.body.map((e: { id: number }) => e.id)).toEqual([update.id]);
  });

  it('lists events of the same instant newest first too', async () => {
    const s = server();
    const owner = await registerUser(s);
    const company = await createCompany(s, owner.token, { name: 'Busy Co' });
    const at = '2030-01-01T00:00:00.000Z';
    for (const action of ['first', 'second', 'third']) {
      await s.services.db
        .insertInto('audit_events')
        .values({ company_id: company.id, actor_user_id: null, entity_type: 'probe', entity_id: '1', action, changes: '{}', created_at: at })
        .execute();
    }
    const res = await s.call('GET', `${API}/companies/${company.id}/activity?entityType=probe`, { token: owner.token });
    expect(res.body.map((e: { action: string }) => e.action)).toEqual(['third', 'second', 'first']);
    expect(res.body[0].actor).toBeNull();
  });
});
