import { registerUser, startTestServer, uniqueEmail } from './harness.js';

describe('accounts: credential endpoints are rate limited per IP', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(null, { authRateLimit: 3 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the fourth login within the minute with 429 RATE_LIMITED', async () => {
    const body = { email: uniqueEmail('limited'), password: 'whatever1' };
    for (let i = 0; i < 3; i++) expect((await server.call('POST', '/api/v1/users/login', { body })).status).toBe(401);
    const fourth = await server.call('POST', '/api/v1/users/login', { body });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ statusCode: 429, error: { statusCode: 429, code: 'RATE_LIMITED' } });
  });

  it.each([
    ['/api/v1/users/forgot-password', { email: 'someone@example.com' }],
    ['/api/v1/users/reset-password', { token: 'x'.repeat(43), password: 'whatever1' }],
    ['/api/v1/users/register/some-code', { name: 'Nina Invited', phone: '+1 555 010 2020', email: 'n@example.com', password: 'secret123' }],
  ])('limits POST %s the same way', async (url, body) => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.call('POST', url, { body })).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('limits change-password, so a stolen session cannot guess the current password', async () => {
    // Registering counts against POST /users only, a window of its own.
    const { token } = await registerUser(server);
    const body = { currentPassword: 'guess-one', password: 'whatever1' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await server.call('PATCH', '/api/v1/users/me/change-password', { token, body })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
