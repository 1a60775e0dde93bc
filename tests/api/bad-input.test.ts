import { describeEachDatabase, multipart, ownerWithCompany, TINY_PNG, type TestServer } from './harness.js';

const API = '/api/v1';
const NUL = '\u0000';
const TOO_BIG_ID = 2 ** 31;

type Answer = Awaited<ReturnType<TestServer['call']>>;

/** Our error shape (DESIGN.md "Errors"), with the status in all three places and nothing of `echo` in it. */
function expectError(res: Answer, status: number, echo?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({
    error: expect.objectContaining({ statusCode: status, message: expect.any(String), code: expect.any(String) }),
    statusCode: status,
    message: res.body.error.message,
  });
  if (echo) expect(JSON.stringify(res.body)).not.toContain(echo);
}

/** A 400 whose details name the field. */
function expectFieldError(res: Answer, field: string) {
  expectError(res, 400);
  expect(res.body.error.details?.map((d: { field: string }) => d.field), JSON.stringify(res.body)).toContain(field);
}

const fileCount = async (s: TestServer) => (await s.services.db.selectFrom('files').select('id').execute()).length;

async function setUp(s: TestServer) {
  const owner = await ownerWithCompany(s, 'Input Co');
  const item = await s.call('POST', `${API}/items`, { token: owner.token, body: { name: 'Curb' } });
  expect(item.status).toBe(201);
  return { ...owner, companyId: owner.company.id as number, itemId: item.body.id as number };
}

describeEachDatabase('bad input is a 400 in our shape, never a 500', (server) => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    ctx = await setUp(server());
  });

  describe('a malformed multipart body on every upload route', () => {
    const routes = () => [
      { url: `${API}/users/me/files`, type: 'profilePicture' },
      { url: `${API}/companies/${ctx.companyId}/files`, type: 'logo' },
      { url: `${API}/items/${ctx.itemId}/files`, type: 'icon' },
      { url: `${API}/companies/${ctx.companyId}/memberships/bulk`, type: 'members' },
    ];
    const good = (type: string) => multipart({ type }, { name: 'a.png', type: 'image/png', bytes: TINY_PNG });

    it('is a 400 whatever is wrong with it, and keeps nothing', async () => {
      const s = server();
      const before = await fileCount(s);
      for (const route of routes()) {
        const { body, headers } = good(route.type);
        const bad: Array<[string, Buffer | string, string]> = [
          ['a boundary the body does not use', body, 'multipart/form-data; boundary=not-the-one'],
          ['no boundary at all', body, 'multipart/form-data'],
          ['a body cut short', body.subarray(0, body.length - 20), headers['content-type']],
          ['a body cut inside the headers', body.subarray(0, 60), headers['content-type']],
          ['bytes that are not multipart', 'hello, world', headers['content-type']],
          ['not multipart at all', JSON.stringify({ type: route.type }), 'application/json'],
          [
            'no file part',
            `--b\r\nContent-Disposition: form-data; name="type"\r\n\r\n${route.type}\r\n--b--\r\n`,
            'multipart/form-data; boundary=b',
          ],
        ];
        for (const [what, payload, contentType] of bad) {
          const res = await s.call('POST', route.url, { token: ctx.token, body: payload, headers: { 'content-type': contentType } });
          expect.soft(res.status, `${route.url}: ${what}: ${JSON.stringify(res.body)}`).toBe(400);
          if (res.status === 400) expectError(res, 400);
        }
      }
      expect(await fileCount(s)).toBe(before);
    });

    it('still answers 413 for a file over its limit', async () => {
      const s = server();
      const csv = Buffer.concat([Buffer.from('Name,E-mail,Role\r\n'), Buffer.alloc(5 * 1024 * 1024 + 1, 'a')]);
      const { body, headers } = multipart({ type: 'members' }, { name: 'members.csv', type: 'text/csv', bytes: csv });
      const res = await s.call('POST', `${API}/companies/${ctx.companyId}/memberships/bulk`, { token: ctx.token, body, headers });
      expectError(res, 413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses a file name holding NUL, naming the file field', async () => {
      const s = server();
      const before = await fileCount(s);
      for (const route of routes().slice(0, 3)) {
        const { body, headers } = multipart({ type: route.type }, { name: `a${NUL}b.png`, type: 'image/png', bytes: TINY_PNG });
        expectFieldError(await s.call('POST', route.url, { token: ctx.token, body, headers }), 'file');
      }
      expect(await fileCount(s)).toBe(before);
    });
  });

  describe('NUL in text', () => {
    it('is refused in stored fields, naming the field, and stores nothing', async () => {
      const s = server();
      const t = ctx.token;
      const company = { name: `Nul${NUL}Co`, address: '100 Main Street', country: 'US', state: 'TX', city: 'Austin', zip: '78701', contactName: 'Al Owner', contactPhone: '+1 512 555 0100', contactEmail: 'al@nul.example' };
      expectFieldError(await s.call('POST', `${API}/companies`, { token: t, body: company }), 'name');
      expectFieldError(await s.call('POST', `${API}/crews`, { token: t, body: { name: `Crew${NUL}` } }), 'name');
      expectFieldError(await s.call('PATCH', `${API}/users/me`, { token: t, body: { city: `Aus${NUL}tin` } }), 'city');
      expectFieldError(await s.call('POST', `${API}/companies/${ctx.companyId}/task-types`, { token: t, body: { name: 'Dig', description: `a${NUL}` } }), 'description');
      expectFieldError(await s.call('PATCH', `${API}/items/${ctx.itemId}`, { token: t, body: { code: `C${NUL}1` } }), 'code');
      const view = await s.call('POST', `${API}/users/me/views`, { token: t, body: { type: 'items', name: 'Mine', filters: { [`k${NUL}`]: 1 } } });
      expectFieldError(view, `filters.k${NUL}`);
      expect(view.body.error.details[0].message).toMatch(/NUL/);
      expect(rows(await s.call('GET', `${API}/crews`, { token: t }))).toEqual([]);
      expect((await s.call('GET', `${API}/items/${ctx.itemId}`, { token: t })).body.code).toBeNull();
      const companies = await s.services.db.selectFrom('companies').select('name').execute();
      expect(companies.map((c) => c.name)).toEqual(['Input Co']);
    });

    it('is refused in list filters, search, sort and paging values', async () => {
      const s = server();
      for (const query of ['name_like=a%00', 'name=%00', 'q=a%00b', '_sort=name%00', '_start=1%00']) {
        const res = await s.call('GET', `${API}/crews?${query}`, { token: ctx.token });
        expectError(res, 400);
      }
      const members = await s.call('GET', `${API}/companies/${ctx.companyId}/memberships?email_startsWith=%00`, { token: ctx.token });
      expectError(members, 400);
    });

    it('is refused in the login and forgot-password e-mail, and in registration', async () => {
      const s = server();
      expectFieldError(await s.call('POST', `${API}/users/login`, { body: { email: `a${NUL}@example.com`, password: 'secret123' } }), 'email');
      expectFieldError(await s.call('POST', `${API}/users/login`, { body: { email: 'a@example.com', password: `se${NUL}cret` } }), 'password');
      expectFieldError(await s.call('POST', `${API}/users/forgot-password`, { body: { email: `a${NUL}@example.com` } }), 'email');
      const register = { name: `Nul${NUL} Person`, phone: '+1 555 123 4567', email: 'nul.person@example.com', password: 'secret123' };
      expectFieldError(await s.call('POST', `${API}/users`, { body: register }), 'name');
      expect(await s.services.db.selectFrom('users').select('id').where('email', '=', 'nul.person@example.com').execute()).toEqual([]);
    });

    it('is refused in path segments and in X-Company-Id', async () => {
      const s = server();
      const t = ctx.token;
      expectError(await s.call('GET', `${API}/market/prefix/abc%00d`, { token: t }), 400);
      expectError(await s.call('GET', `${API}/partnerships/companies/prefix/abc%00d`, { token: t }), 400);
      expectError(await s.call('GET', `${API}/memberships/invitations/abcdefghij%00`), 400);
      expectError(await s.call('GET', `${API}/partnerships/invitations/abcdefghij%00`), 400);
      expectError(await s.call('POST', `${API}/users/register/abc%00`, { body: { name: 'Nul Person', phone: '+1 555 123 4567', email: 'x@example.com', password: 'secret123' } }), 400);
      expectError(await s.call('GET', `${API}/crews`, { token: t, headers: { 'x-company-id': `${ctx.companyId}${NUL}` } }), 400);
    });

    // The spreadsheet imports' reader takes a NUL for binary data: the whole file is refused, nobody invited.
    it('in a bulk import file refuses the file as not text, inviting nobody', async () => {
      const s = server();
      const csv = `Name,E-mail,Role\r\nNul${NUL}Person,nul.row@example.com,Crew\r\nGood Person,good.row@example.com,Crew\r\n`;
      const { body, headers } = multipart({ type: 'members' }, { name: 'members.csv', type: 'text/csv', bytes: Buffer.from(csv) });
      const res = await s.call('POST', `${API}/companies/${ctx.companyId}/memberships/bulk`, { token: ctx.token, body, headers });
      expectError(res, 400);
      expect(res.body.error.details).toEqual([{ field: 'file', message: 'The file is not a text CSV (it holds binary data)' }]);
      const invited = await s.services.db.selectFrom('memberships').select('id').where('email', 'in', ['nul.row@example.com', 'good.row@example.com']).execute();
      expect(invited).toEqual([]);
    });
  });

  describe('ids of 2^31 and more', () => {
    it('are a 400 in a path, whatever the route, and 2^31-1 is a plain 404', async () => {
      const s = server();
      const t = ctx.token;
      for (const url of [
        `/companies/${TOO_BIG_ID}`,
        `/memberships/${TOO_BIG_ID}`,
        `/crews/${TOO_BIG_ID}`,
        `/items/${TOO_BIG_ID}`,
        `/task-types/${TOO_BIG_ID}`,
        `/partnerships/get/${TOO_BIG_ID}`,
        `/partnerships/get/subcontractor/${TOO_BIG_ID}/client/1`,
        `/roles/company/${TOO_BIG_ID}/all`,
        `/companies/${'9'.repeat(40)}`,
      ]) {
        expectFieldError(await s.call('GET', `${API}${url}`, { token: t }), url.includes('subcontractor') ? 'subcontractorId' : url.includes('roles') ? 'companyId' : 'id');
      }
      expectFieldError(await s.call('PATCH', `${API}/users/me/company/${TOO_BIG_ID}`, { token: t }), 'companyId');
      expectFieldError(await s.call('PATCH', `${API}/roles/company/${ctx.companyId}/${TOO_BIG_ID}`, { token: t, body: { name: 'X' } }), 'id');
      expectError(await s.call('GET', `${API}/companies/${2 ** 31 - 1}`, { token: t }), 404);
    });

    it('are a 400 when the path holds anything but digits', async () => {
      const s = server();
      for (const id of ['0x1', '1e0', '-1', '0', '1.0', '+1']) {
        expectFieldError(await s.call('GET', `${API}/companies/${id}`, { token: ctx.token }), 'id');
      }
    });

    it('are a 400 in a body, naming the field, and change nothing', async () => {
      const s = server();
      const t = ctx.token;
      expectFieldError(await s.call('POST', `${API}/crews`, { token: t, body: { name: 'Big', members: [TOO_BIG_ID] } }), 'members.0');
      expectFieldError(await s.call('POST', `${API}/items`, { token: t, body: { name: 'Big', categoryId: TOO_BIG_ID } }), 'categoryId');
      expectFieldError(await s.call('PATCH', `${API}/items/${ctx.itemId}`, { token: t, body: { marketId: 2 ** 53 } }), 'marketId');
      expectFieldError(await s.call('POST', `${API}/companies/${ctx.companyId}/item-categories`, { token: t, body: { name: 'Big', parentId: TOO_BIG_ID } }), 'parentId');
      expectFieldError(await s.call('POST', `${API}/partnerships/add/client`, { token: t, body: { guestCompanyId: TOO_BIG_ID } }), 'guestCompanyId');
      expectFieldError(await s.call('PATCH', `${API}/users/me/views`, { token: t, body: { view: TOO_BIG_ID, form: { name: 'X' } } }), 'view');
      expectFieldError(await s.call('DELETE', `${API}/users/me/views`, { token: t, body: { view: String(TOO_BIG_ID) } }), 'view');
      expectFieldError(await s.call('POST', `${API}/companies`, { token: t, body: { name: 'Sub', parentId: TOO_BIG_ID } }), 'parentId');
      expect(rows(await s.call('GET', `${API}/crews`, { token: t }))).toEqual([]);
      expect(rows(await s.call('GET', `${API}/items`, { token: t })).map((i: { name: string }) => i.name)).toEqual(['Curb']);
    });

    it('are a 400 in list filters and paging, as are fractions and dates PostgreSQL cannot hold', async () => {
      const s = server();
      const members = `${API}/companies/${ctx.companyId}/memberships`;
      for (const query of [
        `id=${TOO_BIG_ID}`,
        `id_gt=-${TOO_BIG_ID}`,
        'id=1.5',
        'id=1e300',
        `roleId_ne=${TOO_BIG_ID}`,
        `_start=${TOO_BIG_ID}`,
        '_start=99999999999999999999',
        `_end=${TOO_BIG_ID}`,
        'createdAt_gt=0000-01-01',
        'createdAt_lt=-200000-01-01',
        'createdAt_gt=%2B275760-09-13',
      ]) {
        const res = await s.call('GET', `${members}?${query}`, { token: ctx.token });
        expect.soft(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
        if (res.status === 400) expectError(res, 400);
      }
      const fine = await s.call('GET', `${members}?id_lt=${2 ** 31 - 1}&createdAt_gt=0001-01-01&_start=0&_end=${2 ** 31 - 1}`, { token: ctx.token });
      expect(fine.status).toBe(200);
      expect(fine.body.length).toBeGreaterThan(0);
    });

    it('are a 400 in X-Company-Id', async () => {
      const s = server();
      for (const header of [String(TOO_BIG_ID), '0x1', '1e0', '']) {
        expectError(await s.call('GET', `${API}/crews`, { token: ctx.token, headers: { 'x-company-id': header } }), 400);
      }
    });
  });

  describe("Fastify's own client errors", () => {
    it('answer a path segment past the router limit as a 400 in our shape, without echoing it', async () => {
      const s = server();
      for (const segment of ['1'.repeat(101), 'a'.repeat(300), `x${'<b>'.repeat(2000)}`]) {
        expectError(await s.call('GET', `${API}/companies/${segment}`, { token: ctx.token }), 400, segment.slice(0, 60));
        expectError(await s.call('GET', `${API}/market/prefix/${segment}`, { token: ctx.token }), 400, segment.slice(0, 60));
      }
    });

    it('answer a malformed URL, bad JSON, an unsupported body type and an unknown route in our shape', async () => {
      const s = server();
      expectError(await s.call('GET', `${API}/companies/%E0%A4%A`, { token: ctx.token }), 400, '%E0%A4%A');
      expectError(await s.call('POST', `${API}/users/login`, { body: '{"email": ', headers: { 'content-type': 'application/json' } }), 400);
      expectError(await s.call('POST', `${API}/users/login`, { body: '<email/>', headers: { 'content-type': 'application/x-evil-type' } }), 415, 'x-evil-type');
      expectError(await s.call('GET', `${API}/no/such/route/%3Cscript%3E`, { token: ctx.token }), 404, 'script');
      expectError(await s.call('GET', `/no/such/page/%3Cscript%3E`), 404, 'script');
    });
  });
});

/** A list answer's rows. */
function rows(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
