import { describeEachDatabase, registerUser, uniqueEmail, type TestServer } from './harness.js';
import { API } from './members-helpers.js';

const outboxFor = (s: TestServer, email: string) => s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

/** The token of the newest confirmation link mailed to an address. */
async function confirmationToken(s: TestServer, email: string): Promise<string> {
  const mails = await outboxFor(s, email);
  const link = /(http\S+\/app\/confirm-email\?token=\S+)/.exec(mails.at(-1)?.text_body ?? '')?.[1];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

const login = (s: TestServer, email: string, password: string) => s.call('POST', `${API}/users/login`, { body: { email, password } });
const confirm = (s: TestServer, token: string) => s.call('POST', `${API}/users/confirm-email`, { body: { token } });

describeEachDatabase('accounts: changing the e-mail', (server) => {
  const patchMe = (token: string, body: unknown) => server().call('PATCH', `${API}/users/me`, { token, body });

  it('asks for the current password, changing nothing and mailing nobody without it', async () => {
    const { token, email } = await registerUser(server());
    const next = uniqueEmail('next');
    const res = await patchMe(token, { email: next, name: 'Should Not Stick' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'currentPassword', message: 'Enter your current password to change your e-mail' }]);
    const me = (await server().call('GET', `${API}/users/me`, { token })).body.user;
    expect(me).toMatchObject({ email, name: 'Test Person' });
    expect(await outboxFor(server(), next)).toHaveLength(0);
  });

  it('refuses a wrong current password with 400 on that field', async () => {
    const { token, email } = await registerUser(server());
    const next = uniqueEmail('next');
    const res = await patchMe(token, { email: next, currentPassword: 'not-my-password' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    expect(await outboxFor(server(), next)).toHaveLength(0);
    expect(await outboxFor(server(), email)).toHaveLength(0);
  });

  it('mails a link to the new address and a notice to the old one; the e-mail changes only when the link is opened', async () => {
    const s = server();
    const { user, token, email, password } = await registerUser(s);
    const next = uniqueEmail('moved');
    const res = await patchMe(token, { email: next.toUpperCase(), currentPassword: password, city: 'Austin' });
    expect(res.status).toBe(200);
    expect(res.body.pendingEmail).toBe(next);
    expect(res.body.user).toMatchObject({ email, city: 'Austin' });
    expect((await login(s, email, password)).status).toBe(200);

    const [link] = await outboxFor(s, next);
    expect(link).toMatchObject({ subject: 'Confirm your new Fieldwork e-mail' });
    expect(link!.text_body).toContain('24 hours');
    const [notice] = await outboxFor(s, email);
    expect(notice).toMatchObject({ subject: 'Your Fieldwork e-mail is about to change' });
    expect(notice!.text_body).toContain(next);
    expect(notice!.text_body).not.toContain('confirm-email');

    const stored = await s.services.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const tokenValue = await confirmationToken(s, next);
    expect(stored.token_hash).not.toBe(tokenValue);
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(24 * 60 * 60 * 1000);

    const confirmed = await confirm(s, tokenValue);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: next });
    expect((await login(s, next, password)).status).toBe(200);
    expect((await login(s, email, password)).status).toBe(401);
    const actions = (await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'user').where('entity_id', '=', String(user.id)).orderBy('id').execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['email_change_requested', 'email_changed']));
  });

  it('takes a link only once', async () => {
    const s = server();
    const { token, password } = await registerUser(s);
    const next = uniqueEmail('once');
    await patchMe(token, { email: next, currentPassword: password });
    const link = await confirmationToken(s, next);
    expect((await confirm(s, link)).status).toBe(200);
    const again = await confirm(s, link);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'INVALID_EMAIL_TOKEN', message: 'This confirmation link is invalid or has expired.' });
  });

  it('refuses an expired link, leaving the e-mail as it was', async () => {
    const s = server();
    const { user, token, email, password } = await registerUser(s);
    const next = uniqueEmail('late');
    await patchMe(token, { email: next, currentPassword: password });
    await s.services.db.updateTable('email_changes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.id).execute();
    expect((await confirm(s, await confirmationToken(s, next))).status).toBe(400);
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user.email).toBe(email);
  });

  it('answers 409 when the address was taken meanwhile, leaving the e-mail as it was', async () => {
    const s = server();
    const { token, email, password } = await registerUser(s);
    const next = uniqueEmail('contested');
    await patchMe(token, { email: next, currentPassword: password });
    await registerUser(s, { email: next });
    const res = await confirm(s, await confirmationToken(s, next));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user.email).toBe(email);
  });

  it("refuses another account's e-mail with 409 EMAIL_TAKEN before mailing anyone", async () => {
    const s = server();
    const taken = await registerUser(s);
    const { token, password } = await registerUser(s);
    const before = (await outboxFor(s, taken.email)).length;
    const res = await patchMe(token, { email: taken.email.toUpperCase(), currentPassword: password });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
    expect(await outboxFor(s, taken.email)).toHaveLength(before);
  });

  it('lets only the newest link work, and a password change cancels a pending one', async () => {
    const s = server();
    const { token, password } = await registerUser(s);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await patchMe(token, { email: first, currentPassword: password });
    await patchMe(token, { email: second, currentPassword: password });
    expect((await confirm(s, await confirmationToken(s, first))).status).toBe(400);

    const third = uniqueEmail('third');
    await patchMe(token, { email: third, currentPassword: password });
    const changed = await s.call('PATCH', `${API}/users/me/change-password`, { token, body: { currentPassword: password, password: 'another123' } });
    expect(changed.status).toBe(200);
    expect((await confirm(s, await confirmationToken(s, third))).status).toBe(400);
  });

  it('needs no password when the e-mail sent is the current one', async () => {
    const { token, email } = await registerUser(server());
    const res = await patchMe(token, { email: email.toUpperCase(), name: 'Same Mail Person' });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('pendingEmail');
    expect(res.body.user).toMatchObject({ email, name: 'Same Mail Person' });
  });
});
