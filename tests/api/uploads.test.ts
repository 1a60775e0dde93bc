import { addMember, describeEachDatabase, multipart, ownerWithCompany, registerUser, startTestServer, TINY_PNG, DATABASES } from './harness.js';

const API = '/api/v1';
const png = (name = 'me.png') => ({ name, type: 'image/png', bytes: TINY_PNG });

describeEachDatabase('uploads: profile pictures and company logos', (server) => {
  it('stores a profile picture, points the user at it and serves it at an unguessable URL', async () => {
    const s = server();
    const { token } = await registerUser(s);
    const { body, headers } = multipart({ type: 'profilePicture' }, png());
    const res = await s.call('POST', `${API}/users/me/files`, { token, body, headers });
    expect(res.status).toBe(200);
    const url: string = res.body.user.avatarUrl;
    expect(url).toMatch(/^\/api\/v1\/staticfiles\/[0-9a-f-]{36}$/);
    const served = await s.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user.avatarUrl).toBe(url);
  });

  it('refuses a file that is not an image whatever it claims, and a missing file, changing nothing', async () => {
    const s = server();
    const { token } = await registerUser(s);
    const fake = multipart({ type: 'profilePicture' }, { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') });
    const res = await s.call('POST', `${API}/users/me/files`, { token, body: fake.body, headers: fake.headers });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'file', message: 'The file must be a PNG, JPEG, GIF or WebP image' }]);
    const wrongType = multipart({ type: 'logo' }, png());
    expect((await s.call('POST', `${API}/users/me/files`, { token, body: wrongType.body, headers: wrongType.headers })).status).toBe(400);
    expect((await s.call('POST', `${API}/users/me/files`, { token, body: {} })).status).toBe(400);
    expect((await s.call('GET', `${API}/users/me`, { token })).body.user.avatarUrl).toBeNull();
    const stored = await s.services.db.selectFrom('files').select('id').where('uploaded_by', '=', (await s.call('GET', `${API}/users/me`, { token })).body.user.id).execute();
    expect(stored).toEqual([]);
  });

  it('lets only a company manager set its logo; other tenants get 404', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Logo Co');
    const b = await ownerWithCompany(s, 'Other Co');
    const upload = () => multipart({ type: 'logo' }, png('logo.png'));
    let u = upload();
    const res = await s.call('POST', `${API}/companies/${a.company.id}/files`, { token: a.token, body: u.body, headers: u.headers });
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/api\/v1\/staticfiles\//);
    u = upload();
    expect((await s.call('POST', `${API}/companies/${a.company.id}/files`, { token: b.token, body: u.body, headers: u.headers })).status).toBe(404);
    const member = await addMember(s, a.company.id, 'Member');
    u = upload();
    expect((await s.call('POST', `${API}/companies/${a.company.id}/files`, { token: member.token, body: u.body, headers: u.headers })).status).toBe(403);
    expect((await s.call('GET', `${API}/companies/${a.company.id}`, { token: a.token })).body.logoUrl).toBe(res.body.logoUrl);
  });

  it('answers 404 for an unknown static file id', async () => {
    const res = await server().call('GET', `${API}/staticfiles/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
  });
});

describe('uploads over MAX_UPLOAD_MB', () => {
  it('answers 413 and keeps nothing', async () => {
    const s = await startTestServer(DATABASES[0].url, { maxUploadMb: 0.0001 });
    try {
      const { token } = await registerUser(s);
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(4096)]);
      const { body, headers } = multipart({ type: 'profilePicture' }, { name: 'big.png', type: 'image/png', bytes: big });
      const res = await s.call('POST', `${API}/users/me/files`, { token, body, headers });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await s.services.db.selectFrom('files').select('id').execute()).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
