import { hashToken, randomToken } from '../../server/lib/tokens.js';
import { describeEachDatabase, registerUser, uniqueEmail, type TestServer } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

// The invitation-sending flow comes later; these rows stand in for what it will write.
async function insertCompany(s: TestServer, name: string, opts: { deleted?: boolean } = {}) {
  const db = s.services.db;
  const company = await db
    .insertInto('companies')
    .values({
      parent_id: null,
      ein: null,
      name,
      address: null,
      country: 'US',
      state: 'TX',
      city: 'Austin',
      zip: null,
      contact_name: null,
      contact_phone: null,
      contact_email: null,
      logo_url: null,
      plan: 'free',
      settings: '{}',
      invoice_settings: '{}',
      created_by: null,
      created_at: iso(),
      updated_at: iso(),
      deleted_at: opts.deleted ? iso() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ scope_type: 'company', scope_id: company.id, name: 'Member', is_default: 1, assignable: 1, permissions: '[]', created_at: iso(), updated_at: iso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: company.id, roleId: role.id };
}

async function insertMembership(
  s: TestServer,
  company: { companyId: number; roleId: number },
  fields: { email: string; status: 'invited' | 'accepted'; userId?: number; code?: string; expiresAt?: string },
) {
  const row = await s.services.db
    .insertInto('memberships')
    .values({
      user_id: fields.userId ?? null,
      company_id: company.companyId,
      project_id: null,
      type: 'company',
      role_id: company.roleId,
      status: fields.status,
      name: 'Invited Person',
      email: fields.email,
      phone: null,
      country: null,
      state: null,
      notification_settings: '{}',
      invite_token_hash: fields.code ? hashToken(fields.code) : null,
      invite_expires_at: fields.code ? (fields.expiresAt ?? iso(7 * DAY)) : null,
      invited_by: null,
      decline_reason: null,
      created_at: iso(),
      updated_at: iso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function invite(s: TestServer, email: string, opts: { expiresAt?: string; deleted?: boolean } = {}) {
  const company = await insertCompany(s, 'Invite Co', { deleted: opts.deleted });
  const code = randomToken();
  const membershipId = await insertMembership(s, company, { email, status: 'invited', code, expiresAt: opts.expiresAt });
  return { ...company, code, membershipId };
}

const membershipRow = (s: TestServer, id: number) => s.services.db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const userByEmail = (s: TestServer, email: string) => s.services.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const person = (email: string) => ({ name: 'Nina Invited', phone: '+1 555 010 2020', email, password: 'secret123' });

describeEachDatabase('accounts: register through a member invitation', (server) => {
  const registerWith = (code: string, body: unknown) => server().call('POST', `/api/v1/users/register/${code}`, { body });

  it('creates the user, accepts the membership and makes its company the default', async () => {
    const email = uniqueEmail('invited');
    // The invitation kept the capitals it was typed with; the comparison ignores them.
    const { code, companyId, membershipId } = await invite(server(), email.replace(/^i/, 'I'));
    const res = await registerWith(code, person(email));
    expect(res.status).toBe(201);
    expect(res.body.token).toEqual(expect.any(String));
    const user = res.body.user;
    expect(user).toMatchObject({ email, settings: { defaultCompanyId: companyId }, company: { id: companyId }, role: 'Member' });
    expect(user.memberships).toEqual([expect.objectContaining({ id: membershipId, companyId, status: 'accepted' })]);
    expect(user.roles).toEqual(['Platform/Member', `${companyId}/Member`]);

    const me = await server().call('GET', '/api/v1/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.company.id).toBe(companyId);
    expect(await membershipRow(server(), membershipId)).toMatchObject({
      user_id: user.id,
      status: 'accepted',
      invite_token_hash: null,
      invite_expires_at: null,
    });
    const stored = await userByEmail(server(), email);
    expect(JSON.parse(stored!.settings)).toEqual({ defaultCompanyId: companyId });

    const audit = await server()
      .services.db.selectFrom('audit_events')
      .select(['entity_type', 'action', 'company_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'user'), eb('entity_id', '=', String(user.id))]),
          eb.and([eb('entity_type', '=', 'membership'), eb('entity_id', '=', String(membershipId))]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { entity_type: 'user', action: 'registered', company_id: null },
      { entity_type: 'membership', action: 'accepted', company_id: companyId },
    ]);
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail('twice');
    const { code } = await invite(server(), email);
    expect((await registerWith(code, person(email))).status).toBe(201);
    const again = await registerWith(code, person(uniqueEmail('second')));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'INVALID_INVITATION', message: 'This invitation is invalid or has expired.' });
  });

  it('refuses an expired, an unknown and a deleted company invitation, creating no user', async () => {
    const email = uniqueEmail('late');
    const expired = await invite(server(), email, { expiresAt: iso(-1000) });
    const gone = await invite(server(), email, { deleted: true });
    for (const code of [expired.code, gone.code, randomToken()]) {
      const res = await registerWith(code, person(email));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_INVITATION');
    }
    expect(await userByEmail(server(), email)).toBeUndefined();
    expect((await membershipRow(server(), expired.membershipId)).status).toBe('invited');
  });

  it('refuses another e-mail than the invited one, leaving the invitation open', async () => {
    const email = uniqueEmail('right');
    const wrong = uniqueEmail('wrong');
    const { code, membershipId } = await invite(server(), email);
    const res = await registerWith(code, person(wrong));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('This invitation was sent to another e-mail address.');
    expect(res.body.error.details).toEqual([{ field: 'email', message: 'This invitation was sent to another e-mail address.' }]);
    expect(await userByEmail(server(), wrong)).toBeUndefined();
    expect(await membershipRow(server(), membershipId)).toMatchObject({ status: 'invited', user_id: null });
    expect((await registerWith(code, person(email))).status).toBe(201);
  });

  it('refuses an e-mail that already has an account (409), leaving the invitation open', async () => {
    const existing = await registerUser(server());
    const { code, membershipId } = await invite(server(), existing.email);
    const res = await registerWith(code, person(existing.email));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
    expect(await membershipRow(server(), membershipId)).toMatchObject({ status: 'invited', user_id: null });
  });

  it('answers bad input with 400 and per-field details, leaving the invitation open', async () => {
    const email = uniqueEmail('typo');
    const { code, membershipId } = await invite(server(), email);
    const res = await registerWith(code, { name: 'Al', phone: '', email, password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 5 characters long' },
        { field: 'phone', message: 'Phone number is required' },
        { field: 'password', message: 'Password must be at least 6 characters long' },
      ]),
    );
    expect(await userByEmail(server(), email)).toBeUndefined();
    expect(await membershipRow(server(), membershipId)).toMatchObject({ status: 'invited', user_id: null });
  });

  it("refuses a confirmation that differs from the password with 'Passwords do not match', leaving the invitation open", async () => {
    const email = uniqueEmail('confirm');
    const { code, membershipId } = await invite(server(), email);
    const res = await registerWith(code, { ...person(email), passwordConfirm: 'secret124' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'passwordConfirm', message: 'Passwords do not match' }]);
    expect(await userByEmail(server(), email)).toBeUndefined();
    expect(await membershipRow(server(), membershipId)).toMatchObject({ status: 'invited', user_id: null });
    expect((await registerWith(code, { ...person(email), passwordConfirm: 'secret123' })).status).toBe(201);
  });
});

describeEachDatabase('accounts: default company', (server) => {
  const choose = (token: string | undefined, companyId: number | string) => server().call('PATCH', `/api/v1/users/me/company/${companyId}`, { token });
  const storedSettings = async (userId: number) =>
    JSON.parse((await server().services.db.selectFrom('users').select('settings').where('id', '=', userId).executeTakeFirstOrThrow()).settings);

  /** A user who joined one company by invitation and holds an accepted membership in a second. */
  async function memberOfTwo() {
    const email = uniqueEmail('two');
    const first = await invite(server(), email);
    const reg = await server().call('POST', `/api/v1/users/register/${first.code}`, { body: person(email) });
    const second = await insertCompany(server(), 'Second Co');
    await insertMembership(server(), second, { email, status: 'accepted', userId: reg.body.user.id });
    return { userId: reg.body.user.id as number, token: reg.body.token as string, first: first.companyId, second: second.companyId };
  }

  it('switches the default company and keeps it through later settings changes', async () => {
    const { userId, token, first, second } = await memberOfTwo();
    const res = await choose(token, second);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ settings: { defaultCompanyId: second }, company: { id: second } });
    expect(await storedSettings(userId)).toEqual({ defaultCompanyId: second });

    await server().call('PATCH', '/api/v1/users/me', { token, body: { settings: { theme: 'beach' } } });
    expect(await storedSettings(userId)).toEqual({ defaultCompanyId: second, theme: 'beach' });
    expect((await choose(token, first)).body.user.company.id).toBe(first);
  });

  it('answers 404 for a company the user is not an accepted member of, or that is deleted, changing nothing', async () => {
    const { userId, token, first } = await memberOfTwo();
    const stranger = await insertCompany(server(), 'Stranger Co');
    const deleted = await insertCompany(server(), 'Deleted Co', { deleted: true });
    await insertMembership(server(), deleted, { email: 'x@example.com', status: 'accepted', userId });
    const pending = await insertCompany(server(), 'Pending Co');
    await insertMembership(server(), pending, { email: 'x@example.com', status: 'invited', userId, code: randomToken() });

    for (const companyId of [stranger.companyId, deleted.companyId, pending.companyId, 999999]) {
      const res = await choose(token, companyId);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Company not found');
    }
    expect(await storedSettings(userId)).toEqual({ defaultCompanyId: first });
  });

  it('answers a malformed company id with 400 and field details, changing nothing', async () => {
    const { userId, token, first } = await memberOfTwo();
    for (const bad of ['abc', '0', '1.5']) {
      const res = await choose(token, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'companyId' })]);
    }
    expect(await storedSettings(userId)).toEqual({ defaultCompanyId: first });
  });
});
