import { describeEachDatabase, registerUser, uniqueEmail } from './harness.js';

describeEachDatabase('accounts: register, login, me, logout', (server) => {
  it('registers a user and answers the user and a token without secrets', async () => {
    const email = uniqueEmail('reg');
    const res = await server().call('POST', '/api/v1/users', {
      body: { name: 'Maria Lopez', phone: '+1 555 000 1111', email: email.toUpperCase(), password: 'secret1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ name: 'Maria Lopez', email, memberships: [], roles: ['Platform/Member'] });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('rejects bad registration input with 400 and field details, creating nothing', async () => {
    const email = uniqueEmail('bad');
    const res = await server().call('POST', '/api/v1/users', { body: { name: 'Al', phone: '', email, password: '123' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name must be at least 5 characters long' },
        { field: 'phone', message: 'Phone number is required' },
        { field: 'password', message: 'Password must be at least 6 characters long' },
      ]),
    );
    const login = await server().call('POST', '/api/v1/users/login', { body: { email, password: '123' } });
    expect(login.status).toBe(401);
  });

  it("refuses a confirmation that differs from the password with 'Passwords do not match', creating nothing", async () => {
    const email = uniqueEmail('confirm');
    const body = { name: 'Maria Lopez', phone: '+1 555 000 1111', email, password: 'secret1' };
    const res = await server().call('POST', '/api/v1/users', { body: { ...body, passwordConfirm: 'secret2' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('passwordConfirm: Passwords do not match');
    expect(res.body.error.details).toEqual([{ field: 'passwordConfirm', message: 'Passwords do not match' }]);
    expect(await server().services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    expect((await server().call('POST', '/api/v1/users', { body: { ...body, passwordConfirm: 'secret1' } })).status).toBe(201);
  });

  it('refuses a second account with the same e-mail (409)', async () => {
    const { email } = await registerUser(server());
    const res = await server().call('POST', '/api/v1/users', {
      body: { name: 'Someone Else', phone: '+1 555 222 3333', email, password: 'another1' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
  });

  it('logs in, reads me, logs out, and the token stops working', async () => {
    const { email, password } = await registerUser(server());
    const login = await server().call('POST', '/api/v1/users/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const token = login.body.token;
    const me = await server().call('GET', '/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect((await server().call('GET', '/api/v1/users/logout', { token })).status).toBe(204);
    const after = await server().call('GET', '/api/v1/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ statusCode: 401, error: { statusCode: 401, code: 'UNAUTHORIZED' } });
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerUser(server());
    const wrong = await server().call('POST', '/api/v1/users/login', { body: { email, password: 'not-it-at-all' } });
    const unknown = await server().call('POST', '/api/v1/users/login', { body: { email: uniqueEmail('nobody'), password: 'whatever' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('answers 401 for a missing, malformed or forged token', async () => {
    expect((await server().call('GET', '/api/v1/users/me')).status).toBe(401);
    expect((await server().call('GET', '/api/v1/users/me', { token: 'garbage' })).status).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4Iiwic3ViIjoiMSIsImV4cCI6NDEwMjQ0NDgwMH0.c2lnbmF0dXJlLWRvZXMtbm90LW1hdGNo';
    expect((await server().call('GET', '/api/v1/users/me', { token: forged })).status).toBe(401);
  });
});
