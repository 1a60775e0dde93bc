import { describeEachDatabase, registerUser, type TestServer } from './harness.js';

const userRow = (s: TestServer, id: number) => s.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDatabase('accounts: profile form rules and display settings', (server) => {
  const patchMe = (token: string, body: unknown) => server().call('PATCH', '/api/v1/users/me', { token, body });

  it('stores an emptied optional field as null and checks the SSN and birthday', async () => {
    const { user, token } = await registerUser(server());
    await patchMe(token, { city: 'Austin', zip: '78701', ssn: '123-45-6789', birthday: '1990-01-02' });
    const cleared = await patchMe(token, { city: '  ', zip: '', ssn: '', birthday: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user).toMatchObject({ city: null, zip: null, ssn: null, birthday: null });

    const before = await userRow(server(), user.id);
    const bad = await patchMe(token, { ssn: '123456789', birthday: '2999-01-01', name: 'Changed Name' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'ssn', message: 'SSN must look like 999-99-9999' },
        { field: 'birthday', message: 'Birthday cannot be in the future' },
      ]),
    );
    expect(await userRow(server(), user.id)).toEqual(before);
  });

  it('saves the theme and layout, and refuses unknown themes and layout options without saving', async () => {
    const { user, token } = await registerUser(server());
    const layout = { style: 'layout3', mode: 'boxed', navbar: 'light', toolbar: 'dark', customScrollbars: false, navbarFolded: true };
    const ok = await patchMe(token, { settings: { theme: 'deepOcean', layout } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.settings).toMatchObject({ theme: 'deepOcean', layout });

    const before = await userRow(server(), user.id);
    for (const settings of [{ theme: 'neon' }, { layout: { style: 'layout9' } }, { layout: { navbar: 'purple' } }, { layout: { navbarFolded: 'yes' } }, { layout: { extra: 1 } }, { defaultCompanyId: 5 }]) {
      const res = await patchMe(token, { settings });
      expect(res.status, JSON.stringify(settings)).toBe(400);
    }
    expect(await userRow(server(), user.id)).toEqual(before);
  });
});
