import { describeEachDatabase, registerUser, type TestServer } from './harness.js';

const me = async (s: TestServer, token: string) => (await s.call('GET', '/api/v1/users/me', { token })).body.user;
const userRow = (s: TestServer, id: number) => s.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDatabase('accounts: profile', (server) => {
  const patchMe = (token: string | undefined, body: unknown) => server().call('PATCH', '/api/v1/users/me', { token, body });

  it('updates the profile fields and answers the user', async () => {
    const { user, token } = await registerUser(server());
    const res = await patchMe(token, {
      name: 'Maria Gonzalez',
      phone: '+1 512 555 0199',
      birthday: '1988-04-12',
      address: '12 Oak Lane',
      country: 'US',
      state: 'TX',
      city: 'Austin',
      zip: '78702',
      ssn: '123-45-6789',
      driversLicense: 'TX1234567',
      cdl: 'B',
      emergencyContactName: 'Jose Gonzalez',
      emergencyContactPhone: '+1 512 555 0100',
    });
    expect(res.status).toBe(200);
    const expected = {
      id: user.id,
      name: 'Maria Gonzalez',
      birthday: '1988-04-12',
      zip: '78702',
      driversLicense: '****4567',
      emergencyContactName: 'Jose Gonzalez',
      emergencyContactPhone: '+1 512 555 0100',
    };
    expect(res.body.user).toMatchObject(expected);
    expect(await me(server(), token)).toMatchObject(expected);
    const row = await userRow(server(), user.id);
    expect(row).toMatchObject({ emergency_contact_name: 'Jose Gonzalez', city: 'Austin' });
    expect(row.drivers_license).not.toContain('TX1234567');

    const audit = await server()
      .services.db.selectFrom('audit_events')
      .select('changes')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'profile_updated')
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(audit.changes);
    expect(changes.name).toEqual({ from: 'Test Person', to: 'Maria Gonzalez' });
    expect(changes).not.toHaveProperty('ssn');
    expect(changes).not.toHaveProperty('drivers_license');
    expect(changes).not.toHaveProperty('password_hash');
  });

  it('leaves absent fields alone and clears a field sent as null', async () => {
    const { user, token } = await registerUser(server());
    await patchMe(token, { city: 'Dallas', address: '1 Elm Street' });
    const res = await patchMe(token, { address: null });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ city: 'Dallas', address: null, name: user.name, phone: user.phone });
  });

  it('merges settings into the stored ones', async () => {
    const { user, token } = await registerUser(server());
    expect((await patchMe(token, { settings: { theme: 'sunset' } })).status).toBe(200);
    const res = await patchMe(token, { settings: { layout: { style: 'layout2', navbar: 'dark' } } });
    expect(res.body.user.settings).toMatchObject({ theme: 'sunset', layout: { style: 'layout2', navbar: 'dark' } });
    expect(JSON.parse((await userRow(server(), user.id)).settings)).toEqual({ theme: 'sunset', layout: { style: 'layout2', navbar: 'dark' } });
  });

  it('answers bad input with 400 and per-field details, changing nothing', async () => {
    const { user, token } = await registerUser(server());
    const before = await userRow(server(), user.id);
    const res = await patchMe(token, { name: 'Al', zip: '123', birthday: 'yesterday', city: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 5 characters long' },
        { field: 'zip', message: 'Zip must be exactly 5 digits' },
        { field: 'birthday', message: 'Birthday must be a date (YYYY-MM-DD)' },
        expect.objectContaining({ field: 'city' }),
      ]),
    );
    expect(await userRow(server(), user.id)).toEqual(before);
  });

  it('refuses fields outside the profile, so permissions cannot be granted through it', async () => {
    const { user, token } = await registerUser(server());
    const res = await patchMe(token, { name: 'Maria Gonzalez', permissions: ['self:companies:view'], password_hash: 'x' });
    expect(res.status).toBe(400);
    const row = await userRow(server(), user.id);
    expect(JSON.parse(row.permissions)).toEqual(['self:companies:create']);
    expect(row.name).toBe(user.name);
  });
});

describeEachDatabase('accounts: shortcuts', (server) => {
  const patchShortcuts = (token: string | undefined, body: unknown) => server().call('PATCH', '/api/v1/users/me/shortcuts', { token, body });

  it('replaces the shortcuts, keeping their order and dropping repeats', async () => {
    const { token } = await registerUser(server());
    const res = await patchShortcuts(token, { shortcuts: ['projects', 'crews', 'projects', 'invoices'] });
    expect(res.status).toBe(200);
    expect(res.body.user.shortcuts).toEqual(['projects', 'crews', 'invoices']);
    expect((await patchShortcuts(token, { shortcuts: ['members'] })).body.user.shortcuts).toEqual(['members']);
    expect((await me(server(), token)).shortcuts).toEqual(['members']);
  });

  it('answers bad input with 400 and per-field details, changing nothing', async () => {
    const { token } = await registerUser(server());
    await patchShortcuts(token, { shortcuts: ['projects'] });
    const notList = await patchShortcuts(token, { shortcuts: 'projects' });
    expect(notList.status).toBe(400);
    expect(notList.body.error.details).toEqual([expect.objectContaining({ field: 'shortcuts' })]);
    const empty = await patchShortcuts(token, { shortcuts: ['crews', ''] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([expect.objectContaining({ field: 'shortcuts.1' })]);
    expect((await me(server(), token)).shortcuts).toEqual(['projects']);
  });
});

describeEachDatabase('accounts: signed-in calls refuse anonymous requests', (server) => {
  const calls: Array<[string, string, unknown]> = [
    ['PATCH', '/api/v1/users/me', { name: 'Nobody Here' }],
    ['PATCH', '/api/v1/users/me/change-password', { currentPassword: 'secret123', password: 'another1' }],
    ['PATCH', '/api/v1/users/me/company/1', undefined],
    ['PATCH', '/api/v1/users/me/shortcuts', { shortcuts: ['projects'] }],
    ['POST', '/api/v1/users/me/views', { type: 'projects', name: 'Mine', filters: {} }],
    ['PATCH', '/api/v1/users/me/views', { view: 1, form: { name: 'Other' } }],
    ['DELETE', '/api/v1/users/me/views', { view: 1 }],
  ];
  it.each(calls)('%s %s without a token is 401', async (method, url, body) => {
    const res = await server().call(method as 'PATCH', url, { body });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('a signed-out token is 401 too', async () => {
    const { token } = await registerUser(server());
    await server().call('GET', '/api/v1/users/logout', { token });
    expect((await server().call('PATCH', '/api/v1/users/me', { token, body: { name: 'Nobody Here' } })).status).toBe(401);
  });
});
