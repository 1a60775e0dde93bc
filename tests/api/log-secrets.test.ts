import { DATABASES, ownerWithCompany, registerUser, startTestServer, uniqueEmail, type TestServer } from './harness.js';
import { API, invitee, mailTo, tokenMailedTo } from './members-helpers.js';

/** Every log line the server writes, as text. */
function captureLog() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

async function resetToken(s: TestServer, email: string) {
  const res = await s.call('POST', `${API}/users/forgot-password`, { body: { email } });
  expect(res.status).toBe(200);
  const token = /\/app\/reset-password\/([A-Za-z0-9_-]+)/.exec((await mailTo(s, email)).text_body)?.[1];
  if (!token) throw new Error('no reset link mailed');
  return token;
}

async function inviteMember(s: TestServer, owner: { token: string; company: { id: number } }, email: string) {
  const res = await s.call('POST', `${API}/companies/${owner.company.id}/memberships`, { token: owner.token, body: await invitee(s, owner.company.id, { email }) });
  expect(res.status).toBe(201);
  return tokenMailedTo(s, email);
}

async function invitePartner(s: TestServer, owner: { token: string }) {
  const contactEmail = uniqueEmail('partner');
  const res = await s.call('POST', `${API}/partnerships/invite/subcontractor`, { token: owner.token, body: { name: 'Bravo Boring', contactName: 'Bea Bravo', contactEmail } });
  expect(res.status).toBe(201);
  const token = /\/app\/partner-invitation\/([A-Za-z0-9_-]+)\//.exec((await mailTo(s, contactEmail)).text_body)?.[1];
  if (!token) throw new Error('no partner invitation link mailed');
  return token;
}

for (const database of DATABASES) {
  describe(`request logs keep secrets out [${database.name}]`, () => {
    const log = captureLog();
    let s: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      s = await startTestServer(database.url, {}, { logStream: log.stream });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('logs route patterns, never the tokens, passwords or links of reset, invitation and registration calls', async () => {
      const secrets: string[] = [];
      const owner = await ownerWithCompany(s, 'Logging Co');
      secrets.push(owner.token, owner.password);

      // Password reset: the link's page (no route matches it here: the client is not built) and the reset call.
      const user = await registerUser(s, { password: 'first-password-1' });
      const reset = await resetToken(s, user.email);
      expect((await s.call('GET', `/app/reset-password/${reset}`)).status).toBe(404);
      const newPassword = 'second-password-2';
      const done = await s.call('POST', `${API}/users/reset-password`, { body: { token: reset, password: newPassword } });
      expect(done.status).toBe(200);
      secrets.push(reset, newPassword, user.password, user.token, done.body.token);

      // Member invitations: read, accept, decline, and register through the mailed code.
      const accepter = await registerUser(s, { password: 'accepter-password-3' });
      const acceptToken = await inviteMember(s, owner, accepter.email);
      expect((await s.call('GET', `${API}/memberships/invitations/${acceptToken}`)).status).toBe(200);
      expect((await s.call('PATCH', `${API}/memberships/invitations/${acceptToken}/accept`, { token: accepter.token })).status).toBe(200);
      const declineToken = await inviteMember(s, owner, uniqueEmail('decliner'));
      expect((await s.call('PATCH', `${API}/memberships/invitations/${declineToken}/decline`, { body: { reason: 'No thanks' } })).status).toBe(200);
      const newcomer = uniqueEmail('newcomer');
      const code = await inviteMember(s, owner, newcomer);
      const registered = await s.call('POST', `${API}/users/register/${code}`, {
        body: { name: 'New Comer', phone: '+1 512 555 0101', email: newcomer, password: 'newcomer-password-4', passwordConfirm: 'newcomer-password-4' },
      });
      expect(registered.status).toBe(201);
      // The accept link of an invitation carries the token in its query string.
      expect((await s.call('GET', `/app/register/account?invitationToken=${code}&companyId=${owner.company.id}`)).status).toBe(404);
      secrets.push(acceptToken, declineToken, code, accepter.password, accepter.token, 'newcomer-password-4', registered.body.token);

      // Partner invitation details by token, and a sign-in link whose returnTo holds the token.
      const partnerToken = await invitePartner(s, owner);
      expect((await s.call('GET', `${API}/partnerships/invitations/${partnerToken}`)).status).toBe(200);
      const returnTo = encodeURIComponent(`/partner-invitation/${partnerToken}/subcontractor/accept`);
      expect((await s.call('GET', `/app/login?returnTo=${returnTo}`)).status).toBe(404);
      secrets.push(partnerToken);

      const text = log.lines.join('');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain('http://fieldwork.test');

      const requests = log.lines.map((l) => JSON.parse(l) as { msg: string; req?: { method: string; route?: string; url?: string } }).filter((l) => l.req);
      const routes = new Set(requests.map((l) => `${l.req!.method} ${l.req!.route ?? l.req!.url}`));
      for (const expected of [
        'POST /api/v1/users/forgot-password',
        'POST /api/v1/users/reset-password',
        'GET /api/v1/memberships/invitations/:token',
        'PATCH /api/v1/memberships/invitations/:token/accept',
        'PATCH /api/v1/memberships/invitations/:token/decline',
        'POST /api/v1/users/register/:code',
        'GET /api/v1/partnerships/invitations/:token',
        // Unmatched URLs are logged with their token-like parts replaced.
        'GET /app/reset-password/[redacted]',
        `GET /app/register/account?invitationToken=[redacted]&companyId=${owner.company.id}`,
        'GET /app/login?returnTo=[redacted]',
      ]) {
        expect(routes).toContain(expected);
      }
    });
  });
}
