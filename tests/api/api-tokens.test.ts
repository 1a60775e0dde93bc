import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreated } from '../../resources/api-token.js';
import { hashToken } from '../../server/lib/tokens.js';
import { addMember, DATABASES, describeEachDatabase, ownerWithCompany, startTestServer, type TestServer } from './harness.js';
import { API, createProject } from './project-helpers.js';
import { lastNotificationId, notificationsSince } from './budgets-helpers.js';

type Owner = Awaited<ReturnType<typeof ownerWithCompany>>;
const tokensOf = (companyId: number) => `${API}/companies/${companyId}/api-tokens`;

async function createToken(s: TestServer, sessionToken: string, companyId: number, body: Record<string, unknown>) {
  return s.call('POST', tokensOf(companyId), { token: sessionToken, body: { name: 'Nightly sync', ...body } });
}

async function tokenFor(s: TestServer, owner: Owner, body: Record<string, unknown> = {}): Promise<ApiTokenCreated> {
  const res = await createToken(s, owner.token, owner.company.id, { permissions: [{ resourceType: 'projects', action: 'manage' }], ...body });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A call with only the API token: no X-Company-Id, as an integration sends it. */
const withToken = (s: TestServer, secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) =>
  s.call(method, `${API}${path}`, { token: secret, headers, ...(body === undefined ? {} : { body }) });

describeEachDatabase('API tokens', (server) => {
  it('creates a token whose secret is answered once and kept only as its hash; the list never shows it', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Token Paving');
    const res = await createToken(s, owner.token, owner.company.id, {
      name: 'Nightly sync',
      permissions: [{ resourceType: 'projects', action: 'view' }, { resourceType: 'projects', action: 'manage' }, { resourceType: 'tasks', action: 'view' }],
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.body as ApiTokenCreated;
    expect(created.secret).toMatch(/^fwk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Nightly sync', status: 'active', hint: created.secret.slice(0, 8), lastUsedAt: null, project: null, createdBy: { id: owner.user.id } });
    // manage includes view: one entry per resource type.
    expect(created.permissions).toEqual([{ resourceType: 'projects', action: 'manage' }, { resourceType: 'tasks', action: 'view' }]);

    const row = await s.services.db.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await s.call('GET', tokensOf(owner.company.id), { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((t: ApiToken) => t.id)).toEqual([created.id]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(JSON.stringify(list.body)).not.toContain(row.token_hash);
    expect(list.body[0]).not.toHaveProperty('secret');

    // The audit trail names the token, never its secret.
    const events = await s.services.db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'api_token').execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(created.secret);
  });

  it("tells the company's other integration managers of a token created or revoked, never its secret", async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Told Paving');
    const pm = await addMember(s, owner.company.id, 'ProjectManager');
    const crew = await addMember(s, owner.company.id, 'Crew');
    // The project managers of this company may manage integrations too.
    const role = await s.services.db.selectFrom('roles').select(['id', 'permissions']).where('scope_type', '=', 'company').where('scope_id', '=', owner.company.id).where('name', '=', 'ProjectManager').executeTakeFirstOrThrow();
    const permissions = [...JSON.parse(role.permissions), { resourceType: 'integrations', action: 'manage' }];
    await s.services.db.updateTable('roles').set({ permissions: JSON.stringify(permissions) }).where('id', '=', role.id).execute();

    const since = await lastNotificationId(s);
    const created = await tokenFor(s, owner, { name: 'Payroll export' });
    let told = await notificationsSince(s, since);
    expect(told.map((n) => [n.user_id, n.type, n.description])).toEqual([[pm.user.id, 'api-token', `${owner.user.name} created the API token "Payroll export"`]]);
    expect(told[0]).toMatchObject({ company_id: owner.company.id, entity_id: String(owner.company.id) });
    expect(JSON.stringify(told)).not.toContain(created.secret);

    const revoked = await s.call('DELETE', `${tokensOf(owner.company.id)}/${created.id}`, { token: pm.token, headers: { 'x-company-id': String(owner.company.id) } });
    expect(revoked.status).toBe(204);
    told = (await notificationsSince(s, since)).slice(1);
    expect(told.map((n) => [n.user_id, n.description])).toEqual([[owner.user.id, `${pm.user.name} revoked the API token "Payroll export"`]]);
    expect(told.some((n) => n.user_id === crew.user.id)).toBe(false);
  });

  it('never keeps the creation answer for an Idempotency-Key replay', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Idempotent Token Co');
    const headers = { 'idempotency-key': 'token-create-0001' };
    const body = { name: 'Once', permissions: [{ resourceType: 'projects', action: 'view' }] };
    const first = await s.call('POST', tokensOf(owner.company.id), { token: owner.token, headers, body });
    expect(first.status).toBe(201);
    const kept = await s.services.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(JSON.stringify(kept)).not.toContain(first.body.secret);
  });

  it('authenticates REST calls as a session would, in its own company only, within its permissions', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Bearer Paving');
    const other = await ownerWithCompany(s, 'Other Paving');
    const project = await createProject(s, owner.token, owner.company.id, { projectName: 'Token Street' });
    const viewer = await tokenFor(s, owner, { name: 'Reader', permissions: [{ resourceType: 'projects', action: 'view' }] });

    const list = await withToken(s, viewer.secret, 'GET', '/projects');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Token Street');
    expect((await withToken(s, viewer.secret, 'GET', `/projects/${project.id}`)).status).toBe(200);
    // Its own company named is fine; another company is the 404 of a company the caller is not in.
    expect((await withToken(s, viewer.secret, 'GET', '/projects', undefined, { 'x-company-id': String(owner.company.id) })).status).toBe(200);
    expect((await withToken(s, viewer.secret, 'GET', '/projects', undefined, { 'x-company-id': String(other.company.id) })).status).toBe(404);
    expect((await withToken(s, viewer.secret, 'GET', `/companies/${other.company.id}`)).status).toBe(404);
    // view only: creating a project is refused.
    const create = await withToken(s, viewer.secret, 'POST', `/companies/${owner.company.id}/projects`, { projectName: 'Refused', code: 'NO-1' });
    expect(create.status).toBe(403);
    // Nothing of crews: not in its permissions, though its creator (the owner) holds everything.
    expect((await withToken(s, viewer.secret, 'GET', '/crews')).status).toBe(403);
    // A made-up token and a malformed one are 401.
    expect((await withToken(s, 'fwk_made-up-token-that-does-not-exist-anywhere', 'GET', '/projects')).status).toBe(401);
  });

  it('records changes made through a token as "via <token name>" in the activity', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Audited Paving');
    const writer = await tokenFor(s, owner, { name: 'ERP bridge' });
    const created = await withToken(s, writer.secret, 'POST', `/companies/${owner.company.id}/projects`, { projectName: 'Made by token', code: 'TOK-1' });
    expect(created.status).toBe(201);
    const activity = await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=project`, { token: owner.token, headers: { 'x-company-id': String(owner.company.id) } });
    expect(activity.status).toBe(200);
    const event = activity.body.find((r: { entityId: string }) => r.entityId === String(created.body.id));
    expect(event).toMatchObject({ action: 'created', actor: { id: owner.user.id }, via: 'ERP bridge' });
    // A session's own change says nothing of tokens.
    const own = await createProject(s, owner.token, owner.company.id, { projectName: 'Made by hand' });
    const again = await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=project`, { token: owner.token });
    expect(again.body.find((r: { entityId: string }) => r.entityId === String(own.id)).via).toBeNull();
  });

  it('refuses password, token, membership, session and company-deletion calls to any token', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Guarded Paving');
    const all = await tokenFor(s, owner, {
      name: 'Everything',
      permissions: ['companies', 'memberships', 'roles', 'integrations', 'projects'].map((resourceType) => ({ resourceType, action: 'manage' })),
    });
    const refused = [
      ['PATCH', '/users/me/change-password', { oldPassword: owner.password, newPassword: 'another-pass-1' }],
      ['GET', '/users/me', undefined],
      ['GET', '/users/logout', undefined],
      ['GET', `/companies/${owner.company.id}/api-tokens`, undefined],
      ['POST', `/companies/${owner.company.id}/api-tokens`, { name: 'Child', permissions: [{ resourceType: 'projects', action: 'view' }] }],
      ['DELETE', `/companies/${owner.company.id}/api-tokens/${all.id}`, undefined],
      ['POST', `/companies/${owner.company.id}/memberships`, { name: 'X' }],
      ['DELETE', `/companies/${owner.company.id}`, undefined],
    ] as const;
    for (const [method, path, body] of refused) {
      const res = await withToken(s, all.secret, method, path, body);
      expect({ path, status: res.status, message: res.body?.message }).toEqual({ path, status: 403, message: API_TOKEN_MESSAGES.refused });
    }
    // Still alive and the company still there.
    expect((await withToken(s, all.secret, 'GET', `/companies/${owner.company.id}`)).status).toBe(200);
  });

  it('is 401 at once once revoked or expired', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Revoking Paving');
    const token = await tokenFor(s, owner);
    expect((await withToken(s, token.secret, 'GET', '/projects')).status).toBe(200);
    const revoke = await s.call('DELETE', `${tokensOf(owner.company.id)}/${token.id}`, { token: owner.token });
    expect(revoke.status).toBe(204);
    expect((await withToken(s, token.secret, 'GET', '/projects')).status).toBe(401);
    const list = await s.call('GET', tokensOf(owner.company.id), { token: owner.token });
    expect(list.body[0]).toMatchObject({ id: token.id, status: 'revoked' });

    const expiring = await tokenFor(s, owner, { name: 'Short', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await withToken(s, expiring.secret, 'GET', '/projects')).status).toBe(200);
    // Its expiry passes (moved back in the table rather than waited for).
    await s.services.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expiring.id).execute();
    expect((await withToken(s, expiring.secret, 'GET', '/projects')).status).toBe(401);

    // Another company's token is the same 404 as none.
    const other = await ownerWithCompany(s, 'Other Revoker');
    expect((await s.call('DELETE', `${tokensOf(other.company.id)}/${expiring.id}`, { token: other.token })).status).toBe(404);
    expect((await s.call('DELETE', `${tokensOf(owner.company.id)}/${expiring.id}`, { token: other.token })).status).toBe(404);
  });

  it('never carries more than its creator holds, then or later', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Limited Paving');
    const pm = await addMember(s, owner.company.id, 'ProjectManager');
    const headers = { 'x-company-id': String(owner.company.id) };
    // A project manager holds no integrations:manage by default.
    expect((await s.call('POST', tokensOf(owner.company.id), { token: pm.token, headers, body: { name: 'PM', permissions: [{ resourceType: 'projects', action: 'view' }] } })).status).toBe(403);

    // A role with integrations:manage and projects:view only.
    const role = await s.call('POST', `${API}/roles/company/${owner.company.id}`, {
      token: owner.token,
      body: { name: 'Integrator', permissions: [{ resourceType: 'integrations', action: 'manage' }, { resourceType: 'projects', action: 'view' }] },
    });
    expect(role.status).toBe(201);
    const membership = await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', pm.user.id).executeTakeFirstOrThrow();
    await s.services.db.updateTable('memberships').set({ role_id: role.body.id }).where('id', '=', membership.id).execute();

    const beyond = await s.call('POST', tokensOf(owner.company.id), { token: pm.token, headers, body: { name: 'Too much', permissions: [{ resourceType: 'projects', action: 'manage' }] } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(API_TOKEN_MESSAGES.beyondCreator('projects:manage'));
    const ok = await s.call('POST', tokensOf(owner.company.id), { token: pm.token, headers, body: { name: 'Enough', permissions: [{ resourceType: 'projects', action: 'view' }] } });
    expect(ok.status).toBe(201);
    expect((await withToken(s, ok.body.secret, 'GET', '/projects')).status).toBe(200);

    // The creator's role loses projects:view: so does the token, at once.
    await s.call('PATCH', `${API}/roles/company/${owner.company.id}/${role.body.id}`, { token: owner.token, body: { permissions: [{ resourceType: 'integrations', action: 'manage' }] } });
    expect((await withToken(s, ok.body.secret, 'GET', '/projects')).status).toBe(403);
    // The creator leaves the company: the token no longer authenticates.
    await s.call('DELETE', `${API}/memberships/${membership.id}`, { token: owner.token });
    expect((await withToken(s, ok.body.secret, 'GET', `/companies/${owner.company.id}`)).status).toBe(401);
  });

  it('limits a project-scoped token to its project: other projects 404, other routes 403', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Scoped Paving');
    const mine = await createProject(s, owner.token, owner.company.id, { projectName: 'In scope' });
    const notMine = await createProject(s, owner.token, owner.company.id, { projectName: 'Out of scope' });
    const scoped = await tokenFor(s, owner, { name: 'One project', projectId: mine.id, permissions: [{ resourceType: 'projects', action: 'manage' }, { resourceType: 'tasks', action: 'manage' }] });
    expect(scoped.project).toEqual({ id: mine.id, name: 'In scope' });

    expect((await withToken(s, scoped.secret, 'GET', `/projects/${mine.id}`)).status).toBe(200);
    expect((await withToken(s, scoped.secret, 'GET', `/projects/${mine.id}/tasks`)).status).toBe(200);
    expect((await withToken(s, scoped.secret, 'GET', `/projects/${notMine.id}`)).status).toBe(404);
    expect((await withToken(s, scoped.secret, 'GET', `/projects/${notMine.id}/tasks`)).status).toBe(404);
    const list = await withToken(s, scoped.secret, 'GET', '/projects');
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(API_TOKEN_MESSAGES.projectScope);
    expect((await withToken(s, scoped.secret, 'GET', '/tasks')).status).toBe(403);

    // Another company's project cannot be the scope.
    const other = await ownerWithCompany(s, 'Other Scoper');
    const theirs = await createProject(s, other.token, other.company.id, { projectName: 'Theirs' });
    const bad = await createToken(s, owner.token, owner.company.id, { permissions: [{ resourceType: 'projects', action: 'view' }], projectId: theirs.id });
    expect(bad.status).toBe(400);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Strict Paving');
    const bodies = [
      { name: '', permissions: [{ resourceType: 'projects', action: 'view' }] },
      { name: 'No permissions', permissions: [] },
      { name: 'Any', permissions: [{ resourceType: '_any', action: '_any' }] },
      { name: 'Past', permissions: [{ resourceType: 'projects', action: 'view' }], expiresAt: '2020-01-01T00:00:00Z' },
      { name: 'Not a date', permissions: [{ resourceType: 'projects', action: 'view' }], expiresAt: 'tomorrow' },
      { name: 'Extra', permissions: [{ resourceType: 'projects', action: 'view' }], secret: 'fwk_mine' },
    ];
    for (const body of bodies) expect((await s.call('POST', tokensOf(owner.company.id), { token: owner.token, body })).status).toBe(400);
    expect(await s.services.db.selectFrom('api_tokens').select('id').where('company_id', '=', owner.company.id).execute()).toEqual([]);
  });

  it('records the last use at most once a minute', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Used Paving');
    const token = await tokenFor(s, owner);
    await withToken(s, token.secret, 'GET', '/projects');
    const lastUsed = async () => {
      // The write is not awaited by the request: wait for it.
      for (let i = 0; i < 50; i++) {
        const row = await s.services.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow();
        if (row.last_used_at) return new Date(row.last_used_at).toISOString();
        await new Promise((r) => setTimeout(r, 20));
      }
      return null;
    };
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await withToken(s, token.secret, 'GET', '/projects');
    await new Promise((r) => setTimeout(r, 100));
    expect(await lastUsed()).toBe(first);
    const list = await s.call('GET', tokensOf(owner.company.id), { token: owner.token });
    expect(list.body[0].lastUsedAt).toBe(first);
  });

  it('declares the bearer scheme for sessions and API tokens in the OpenAPI document', async () => {
    const s = server();
    await s.app.ready();
    const doc = s.app.swagger() as unknown as { components: { securitySchemes: Record<string, { scheme: string; description: string }> }; paths: Record<string, Record<string, { description: string }>> };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer!.description).toMatch(/API token/);
    expect(doc.paths['/api/v1/users/me/change-password']!.patch!.description).toMatch(/Not with an API token/);
  });

  it("never lets a token do more than its permissions through its creator's project role", async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Role Paving');
    const project = await createProject(s, owner.token, owner.company.id);
    const foreman = await addMember(s, owner.company.id, 'Supervisor');
    const db = s.services.db;
    const membership = await db.selectFrom('memberships').select('id').where('company_id', '=', owner.company.id).where('user_id', '=', foreman.user.id).where('type', '=', 'company').executeTakeFirstOrThrow();
    const pm = await db.selectFrom('roles').select('id').where('scope_type', '=', 'project').where('scope_id', '=', project.id).where('name', '=', 'Project Manager').executeTakeFirstOrThrow();
    const headers = { 'x-company-id': String(owner.company.id) };
    expect((await s.call('POST', `${API}/projects/${project.id}/memberships`, { token: owner.token, headers, body: { memberships: [{ id: membership.id, roleId: pm.id }] } })).status).toBe(200);
    // The foreman manages the project through the project role, in a session.
    expect((await s.call('PATCH', `${API}/projects/${project.id}`, { token: foreman.token, headers, body: { city: 'Plano' } })).status).toBe(200);
    // A view-only token of theirs (written as the token service writes one).
    const secret = `${API_TOKEN_PREFIX}${'v'.repeat(40)}`;
    await db
      .insertInto('api_tokens')
      .values({ company_id: owner.company.id, name: 'Read only', token_hash: hashToken(secret), hint: 'vvvvvvvv', permissions: JSON.stringify([{ resourceType: 'projects', action: 'view' }]), project_id: null, created_by: foreman.user.id, created_at: new Date().toISOString() })
      .execute();
    const read = await withToken(s, secret, 'GET', `/projects/${project.id}`);
    expect(read.status).toBe(200);
    expect(read.body.canManage).toBe(false);
    expect((await withToken(s, secret, 'PATCH', `/projects/${project.id}`, { city: 'Austin' })).status).toBe(403);
    expect((await db.selectFrom('projects').select('city').where('id', '=', project.id).executeTakeFirstOrThrow()).city).toBe('Plano');
  });
});

describeEachDatabase(
  'API tokens: rate limit per token',
  (server) => {
    it('answers 429 past API_TOKEN_RATE_LIMIT calls a minute, counted per token', async () => {
      const s = server();
      const owner = await ownerWithCompany(s, 'Busy Paving');
      const busy = await tokenFor(s, owner, { name: 'Busy' });
      const calm = await tokenFor(s, owner, { name: 'Calm' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await withToken(s, busy.secret, 'GET', '/projects')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await withToken(s, calm.secret, 'GET', '/projects')).status).toBe(200);
      // Sessions are not counted against tokens.
      expect((await s.call('GET', `${API}/projects`, { token: owner.token })).status).toBe(200);
    });
  },
  { apiTokenRateLimit: 3 },
);

for (const database of DATABASES) {
  describe(`API token secrets stay out of the logs [${database.name}]`, () => {
    const lines: string[] = [];
    let s: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      s = await startTestServer(database.url, {}, { logStream: { write: (line: string) => void lines.push(line) } });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('never logs a secret after creation, whatever the call', async () => {
      const owner = await ownerWithCompany(s, 'Quiet Paving');
      const token = await tokenFor(s, owner);
      await withToken(s, token.secret, 'GET', '/projects');
      await withToken(s, token.secret, 'GET', `/projects?search=${token.secret}`);
      await withToken(s, token.secret, 'PATCH', '/users/me/change-password', {});
      await s.call('DELETE', `${tokensOf(owner.company.id)}/${token.id}`, { token: owner.token });
      await withToken(s, token.secret, 'GET', '/projects');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => l.includes(token.secret) || l.includes(token.secret.slice(4)))).toEqual([]);
    });
  });
}
