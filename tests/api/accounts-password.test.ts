import { hashToken } from '../../server/lib/tokens.js';
import { describeEachDatabase, registerUser, uniqueEmail, type TestServer } from './harness.js';
import { until } from './until.js';

// These servers send no mail (no SMTP_URL): the answer does not promise one (tests/api/mail.test.ts covers SMTP).
const FORGOT_ANSWER = {
  message: 'If an account exists for that e-mail, a reset link has been made. This server does not send e-mail: ask your administrator to pass the link on to you.',
};

const outboxFor = (s: TestServer, email: string) =>
  s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

/** Asks for a reset link and reads its token out of the mail that follows. */
async function requestResetToken(s: TestServer, email: string): Promise<string> {
  const before = (await outboxFor(s, email)).length;
  const res = await s.call('POST', '/api/v1/users/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  // The reset mail is delivered without holding up the answer, so the outbox row appears shortly after.
  const mail = await until('the reset mail', async () => (await outboxFor(s, email))[before], 5000, 20);
  const token = mail.text_body.match(/\/app\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text_body}`);
  return token;
}

const login = (s: TestServer, email: string, password: string) => s.call('POST', '/api/v1/users/login', { body: { email, password } });
const me = (s: TestServer, token: string) => s.call('GET', '/api/v1/users/me', { token });

const auditActions = async (s: TestServer, userId: number) =>
  (
    await s.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describeEachDatabase('accounts: forgot and reset password', (server) => {
  it('answers a known and an unknown e-mail identically and mails a one-hour link only to the known one', async () => {
    const { user, email } = await registerUser(server());
    const unknown = uniqueEmail('nobody');
    const forUnknown = await server().call('POST', '/api/v1/users/forgot-password', { body: { email: unknown } });
    const forKnown = await server().call('POST', '/api/v1/users/forgot-password', { body: { email: email.toUpperCase() } });
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forKnown.body).toEqual(FORGOT_ANSWER);
    expect(forUnknown.body).toEqual(forKnown.body);

    const [mail] = await until('the reset mail', async () => {
      const rows = await outboxFor(server(), email);
      return rows.length ? rows : undefined;
    }, 5000, 20);
    expect(mail).toMatchObject({ subject: 'Reset your Fieldwork password', status: 'kept' });
    const token = mail!.text_body.match(/http:\/\/fieldwork\.test\/app\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(mail!.html_body).toContain(`http://fieldwork.test/app/reset-password/${token}`);
    expect(await outboxFor(server(), unknown)).toEqual([]);

    const resets = await server().services.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(resets).toHaveLength(1);
    expect(resets[0]!.token_hash).toBe(hashToken(token!));
    const lifetime = Date.parse(resets[0]!.expires_at) - Date.parse(resets[0]!.created_at);
    expect(lifetime).toBe(60 * 60 * 1000);
    expect(await auditActions(server(), user.id)).toContain('password_reset_requested');
  });

  it('answers a malformed e-mail with 400 and field details, creating no link and no mail', async () => {
    const resetsBefore = await server().services.db.selectFrom('password_resets').select('id').execute();
    const mailsBefore = await server().services.db.selectFrom('mail_outbox').select('id').execute();
    const res = await server().call('POST', '/api/v1/users/forgot-password', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    expect(await server().services.db.selectFrom('password_resets').select('id').execute()).toEqual(resetsBefore);
    expect(await server().services.db.selectFrom('mail_outbox').select('id').execute()).toEqual(mailsBefore);
  });

  it('resets once: answers a working token, ends every earlier session, and the old password stops working', async () => {
    const { user, email, password, token: registered } = await registerUser(server());
    const loggedIn = (await login(server(), email, password)).body.token as string;
    const resetToken = await requestResetToken(server(), email);

    const res = await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password: 'brand-new-1' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email });
    expect(JSON.stringify(res.body.user)).not.toMatch(/argon2|password/i);
    expect((await me(server(), res.body.token)).status).toBe(200);
    expect((await me(server(), registered)).status).toBe(401);
    expect((await me(server(), loggedIn)).status).toBe(401);
    expect((await login(server(), email, password)).status).toBe(401);
    expect((await login(server(), email, 'brand-new-1')).status).toBe(200);
    expect(await auditActions(server(), user.id)).toContain('password_reset');

    const again = await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password: 'third-one-3' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired.' });
    expect((await login(server(), email, 'brand-new-1')).status).toBe(200);
  });

  it('refuses an expired link and an unknown one, leaving the password as it was', async () => {
    const { email, password } = await registerUser(server());
    const resetToken = await requestResetToken(server(), email);
    await server()
      .services.db.updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(resetToken))
      .execute();
    const expired = await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password: 'brand-new-1' } });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('INVALID_RESET_TOKEN');
    const unknown = await server().call('POST', '/api/v1/users/reset-password', { body: { token: 'x'.repeat(43), password: 'brand-new-1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_RESET_TOKEN');
    expect((await login(server(), email, password)).status).toBe(200);
    expect((await login(server(), email, 'brand-new-1')).status).toBe(401);
  });

  it('answers a too-short password with 400 and field details, keeping the link unspent', async () => {
    const { email, password, token } = await registerUser(server());
    const resetToken = await requestResetToken(server(), email);
    const res = await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password: '123' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'password', message: 'Password must be at least 6 characters long' }]);
    expect((await login(server(), email, password)).status).toBe(200);
    expect((await me(server(), token)).status).toBe(200);
    const used = await server().services.db.selectFrom('password_resets').select('used_at').where('token_hash', '=', hashToken(resetToken)).executeTakeFirstOrThrow();
    expect(used.used_at).toBeNull();
    const ok = await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password: 'brand-new-1' } });
    expect(ok.status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const { email } = await registerUser(server());
    const resetToken = await requestResetToken(server(), email);
    const statuses = await Promise.all(
      ['racer-one-1', 'racer-two-2'].map(async (password) => (await server().call('POST', '/api/v1/users/reset-password', { body: { token: resetToken, password } })).status),
    );
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('spends every other open link of the user with the one used', async () => {
    const { email } = await registerUser(server());
    const first = await requestResetToken(server(), email);
    const second = await requestResetToken(server(), email);
    expect(first).not.toBe(second);
    expect((await server().call('POST', '/api/v1/users/reset-password', { body: { token: second, password: 'brand-new-1' } })).status).toBe(200);
    const stale = await server().call('POST', '/api/v1/users/reset-password', { body: { token: first, password: 'brand-new-2' } });
    expect(stale.status).toBe(400);
    expect((await login(server(), email, 'brand-new-1')).status).toBe(200);
  });
});

describeEachDatabase('accounts: change password', (server) => {
  const change = (token: string | undefined, body: unknown) => server().call('PATCH', '/api/v1/users/me/change-password', { token, body });

  it('changes the password, keeps the current session and ends the others', async () => {
    const { user, email, password, token: current } = await registerUser(server());
    const earlier = (await login(server(), email, password)).body.token as string;
    const res = await change(current, { currentPassword: password, password: 'changed-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email });
    expect((await me(server(), current)).status).toBe(200);
    expect((await me(server(), earlier)).status).toBe(401);
    expect((await login(server(), email, 'changed-pass-1')).status).toBe(200);
    expect((await login(server(), email, password)).status).toBe(401);

    const audit = await server()
      .services.db.selectFrom('audit_events')
      .select('changes')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'password_changed')
      .executeTakeFirstOrThrow();
    expect(audit.changes).not.toMatch(/argon2|password_hash/);
  });

  it('refuses a wrong current password with 400 on currentPassword, changing nothing', async () => {
    const { email, password, token } = await registerUser(server());
    const other = (await login(server(), email, password)).body.token as string;
    const res = await change(token, { currentPassword: 'not-my-password', password: 'changed-pass-1' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    expect((await login(server(), email, password)).status).toBe(200);
    expect((await login(server(), email, 'changed-pass-1')).status).toBe(401);
    expect((await me(server(), other)).status).toBe(200);
  });

  it('answers bad input with 400 and field details, changing nothing', async () => {
    const { email, password, token } = await registerUser(server());
    const res = await change(token, { currentPassword: '', password: '12' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'currentPassword', message: 'Current password is required' },
        { field: 'password', message: 'Password must be at least 6 characters long' },
      ]),
    );
    expect((await login(server(), email, password)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await change(undefined, { currentPassword: 'whatever1', password: 'changed-pass-1' });
    expect(res.status).toBe(401);
  });
});
