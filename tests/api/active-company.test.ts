import { allRoutes } from '../../server/modules/index.js';
import { addMember, createCompany, describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';

const API = '/api/v1';
const tab = (companyId: number) => ({ 'x-company-id': String(companyId) });

describeEachDatabase('the company a request acts in is the tab\'s', (server) => {
  let s: TestServer;
  beforeAll(() => {
    s = server();
  });

  it('two sessions of one user in two companies never act in each other\'s company', async () => {
    const owner = await ownerWithCompany(s, 'Alpha Paving');
    const beta = await createCompany(s, owner.token, { name: 'Beta Utilities' });
    // A second sign-in of the same account (a phone beside the desktop).
    const phone = (await s.call('POST', `${API}/users/login`, { body: { email: owner.email, password: owner.password } })).body.token as string;
    const desktop = owner.token;

    // The phone switches to Beta: that sets the account's default, and its tab names Beta from now on.
    expect((await s.call('PATCH', `${API}/users/me/company/${beta.id}`, { token: phone, headers: tab(beta.id) })).status).toBe(200);
    // The desktop tab still shows Alpha and keeps acting there, despite the new default.
    const created = await s.call('POST', `${API}/crews`, { token: desktop, headers: tab(owner.company.id), body: { name: 'Desktop crew' } });
    expect(created.status).toBe(201);
    await s.call('POST', `${API}/crews`, { token: phone, headers: tab(beta.id), body: { name: 'Phone crew' } });

    const names = async (token: string, companyId: number) =>
      (await s.call('GET', `${API}/crews`, { token, headers: tab(companyId) })).body.map((c: { name: string }) => c.name);
    expect(await names(desktop, owner.company.id)).toEqual(['Desktop crew']);
    expect(await names(phone, beta.id)).toEqual(['Phone crew']);
    // One token, two tabs: the header alone decides.
    expect(await names(desktop, beta.id)).toEqual(['Phone crew']);

    const crewRow = await s.services.db.selectFrom('crews').select('company_id').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(crewRow.company_id).toBe(owner.company.id);

    // /users/me reports the tab's company as the active one, and the account's default beside it.
    const me = (await s.call('GET', `${API}/users/me`, { token: desktop, headers: tab(owner.company.id) })).body.user;
    expect([me.activeCompanyId, me.company.id, me.settings.defaultCompanyId]).toEqual([owner.company.id, owner.company.id, beta.id]);
    // Without the header a request starts in the default company.
    const byDefault = await s.call('GET', `${API}/crews`, { token: desktop });
    expect(byDefault.body.map((c: { name: string }) => c.name)).toEqual(['Phone crew']);
  });

  it('a tab naming a company the user is not in gets a 404 where it acts, and account calls still work', async () => {
    const a = await ownerWithCompany(s, 'Gamma Paving');
    const b = await ownerWithCompany(s, 'Delta Paving');
    const res = await s.call('POST', `${API}/crews`, { token: b.token, headers: tab(a.company.id), body: { name: 'Intruder' } });
    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(await s.services.db.selectFrom('crews').select('id').where('name', '=', 'Intruder').executeTakeFirst()).toBeUndefined();
    // A tab whose company the user has left still loads the account, in the default company.
    const me = await s.call('GET', `${API}/users/me`, { token: b.token, headers: tab(a.company.id) });
    expect([me.status, me.body.user.activeCompanyId]).toEqual([200, b.company.id]);
    expect((await s.call('GET', `${API}/crews`, { token: b.token, headers: { 'x-company-id': 'abc' } })).status).toBe(400);
  });
});

describeEachDatabase('session, company and permission are checked before the body', (server) => {
  let s: TestServer;
  let owner: Awaited<ReturnType<typeof ownerWithCompany>>;
  let member: Awaited<ReturnType<typeof registerUser>>;
  let outsider: Awaited<ReturnType<typeof ownerWithCompany>>;
  beforeAll(async () => {
    s = server();
    owner = await ownerWithCompany(s, 'Order Paving');
    member = await addMember(s, owner.company.id, 'Member');
    outsider = await ownerWithCompany(s, 'Outside Paving');
  });

  // A body that matches no route's schema: a caller who may not call the route must never see a 400 for it.
  const junk = { unexpected: ['\u0000', 1e308], name: 42 };
  const withBody = allRoutes.filter((r) => r.body && r.access !== 'public');
  const fill = (url: string, companyId: number) => url.replace(/:companyId\b/g, String(companyId)).replace(/:[a-zA-Z]+/g, '1');

  it('401 without a session on every route that takes a body', async () => {
    expect(withBody.length).toBeGreaterThan(10);
    for (const route of withBody) {
      const res = await s.call(route.method, `${API}${fill(route.url, owner.company.id)}`, { body: junk });
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
    }
  });

  it('404 for another company\'s member on every route that names a company in its path', async () => {
    const companyRoutes = withBody.filter((r) => typeof r.access === 'object' && r.access.company !== undefined && !r.access.of);
    expect(companyRoutes.length).toBeGreaterThan(3);
    for (const route of companyRoutes) {
      const res = await s.call(route.method, `${API}${fill(route.url, owner.company.id)}`, { token: outsider.token, body: junk });
      expect({ route: `${route.method} ${route.url}`, status: res.status }).toEqual({ route: `${route.method} ${route.url}`, status: 404 });
    }
  });

  it('403 for a plain member without the permission, before the body is looked at', async () => {
    const roles = await s.call('POST', `${API}/roles/company/${owner.company.id}`, { token: member.token, body: { name: 'Sneaky', permissions: [{ resourceType: 'nonsense', action: 'x' }] } });
    expect([roles.status, roles.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const crew = await s.call('POST', `${API}/crews`, { token: member.token, body: junk });
    expect(crew.status).toBe(403);
    // The owner, who may, gets the 400 with the field named.
    const bad = await s.call('POST', `${API}/roles/company/${owner.company.id}`, { token: owner.token, body: { name: 'Sneaky', permissions: [{ resourceType: 'nonsense', action: 'x' }] } });
    expect(bad.status).toBe(400);
  });
});

describeEachDatabase('what a session may do changes at once', (server) => {
  let s: TestServer;
  beforeAll(() => {
    s = server();
  });

  it('a role change, a removal and a logout take effect on the very next call', async () => {
    const owner = await ownerWithCompany(s, 'Cache Paving');
    const member = await addMember(s, owner.company.id, 'Member');
    const headers = tab(owner.company.id);
    expect((await s.call('GET', `${API}/crews`, { token: member.token, headers })).status).toBe(403);
    expect((await s.call('GET', `${API}/crews`, { token: member.token, headers })).status).toBe(403);

    const role = await s.services.db
      .selectFrom('roles')
      .select('id')
      .where('scope_id', '=', owner.company.id)
      .where('name', '=', 'Member')
      .executeTakeFirstOrThrow();
    const granted = await s.call('PATCH', `${API}/roles/company/${owner.company.id}/${role.id}`, {
      token: owner.token,
      body: { permissions: [{ resourceType: 'crews', action: 'manage' }] },
    });
    expect(granted.status).toBe(200);
    expect((await s.call('GET', `${API}/crews`, { token: member.token, headers })).status).toBe(200);

    const membership = await s.services.db
      .selectFrom('memberships')
      .select('id')
      .where('company_id', '=', owner.company.id)
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect((await s.call('DELETE', `${API}/memberships/${membership.id}`, { token: owner.token })).status).toBeLessThan(300);
    expect((await s.call('GET', `${API}/crews`, { token: member.token, headers })).status).toBe(404);

    expect((await s.call('GET', `${API}/users/me`, { token: member.token })).status).toBe(200);
    await s.call('GET', `${API}/users/logout`, { token: member.token });
    expect((await s.call('GET', `${API}/users/me`, { token: member.token })).status).toBe(401);
  });
});
