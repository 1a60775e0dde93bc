import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { csvOf, honestBomb, postSheet, xlsxOf } from './imports-helpers.js';

const API = '/api/v1';

async function world(s: TestServer) {
  const a = await ownerWithCompany(s, 'Alpha');
  const b = await ownerWithCompany(s, 'Bravo');
  const who = { token: a.token, headers: {} };
  const post = async (path: string, body: unknown) => (await s.call('POST', `${API}${path}`, { token: a.token, body })).body;
  const materials = await post(`/companies/${a.company.id}/item-categories`, { name: 'Materials', color: '#112233' });
  const asphalt = await post('/items', { name: 'Asphalt', code: 'ASP', unit: 'ton' });
  const labor = await post('/items', { name: 'Labor', unit: 'h' });
  return { a, b, who, materials, asphalt, labor };
}

const catalog = (s: TestServer, companyId: number) =>
  s.services.db.selectFrom('items').select(['id', 'name', 'code', 'unit', 'category_id']).where('company_id', '=', companyId).orderBy('id').execute();

describeEachDatabase('catalog import', (server) => {
  it('previews matched (by code, else name), new and refused rows, writing nothing', async () => {
    const s = server();
    const w = await world(s);
    const before = await catalog(s, w.a.company.id);
    const sheet = await xlsxOf([
      ['Code', 'Name', 'Unit', 'Category', 'Price'],
      ['asp', 'Asphalt hot mix', 'ton', 'materials', 12],
      ['', 'labor', 'hour', '', ''],
      ['GRV', 'Gravel', 'yd', 'Materials', ''],
      ['X1', '', 'yd', '', ''],
      ['X2', 'Sand', '', 'Nope', ''],
      ['grv', 'Gravel again', '', '', ''],
    ]);
    const res = await postSheet(s, w.who, '/items/import/preview', sheet);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ignoredColumns).toEqual(['Price']);
    expect(res.body.counts).toEqual({ total: 6, matched: 2, new: 1, refused: 3 });
    expect(res.body.rows.map((r: { row: number; status: string; reason: string | null; itemId: number | null }) => [r.row, r.status, r.reason, r.itemId])).toEqual([
      [2, 'matched', null, w.asphalt.id],
      [3, 'matched', null, w.labor.id],
      [4, 'new', null, null],
      [5, 'refused', 'Name is required', null],
      [6, 'refused', 'No category is named "Nope": add it under Item Categories first', null],
      [7, 'refused', 'Repeats row 4', null],
    ]);
    expect(await catalog(s, w.a.company.id)).toEqual(before);
  });

  it('imports in one transaction: updates matched items with the filled cells, adds new ones, with the trail', async () => {
    const s = server();
    const w = await world(s);
    const sheet = csvOf([
      ['Code', 'Name', 'Unit', 'Category'],
      ['ASP', 'Asphalt hot mix', '', 'Materials'],
      ['GRV', 'Gravel', 'yd', ''],
      ['', 'Labor', 'h', ''],
    ]);
    const res = await postSheet(s, w.who, '/items/import', sheet, 'c.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ counts: { total: 3, matched: 2, new: 1, refused: 0 }, written: 1, created: 1, skipped: 0 });
    expect(await catalog(s, w.a.company.id)).toEqual([
      { id: w.asphalt.id, name: 'Asphalt hot mix', code: 'ASP', unit: 'ton', category_id: w.materials.id },
      { id: w.labor.id, name: 'Labor', code: null, unit: 'h', category_id: null },
      { id: expect.any(Number), name: 'Gravel', code: 'GRV', unit: 'yd', category_id: null },
    ]);
    const trail = await s.call('GET', `${API}/companies/${w.a.company.id}/activity?entityType=item&entityId=${w.asphalt.id}`, { token: w.a.token });
    expect(trail.body[0]).toMatchObject({ action: 'updated', changes: { name: { from: 'Asphalt', to: 'Asphalt hot mix' } } });
  });

  it('refuses a file with refused rows (400, per row) or a malformed sheet, writing nothing; skipRefused imports the rest', async () => {
    const s = server();
    const w = await world(s);
    const before = await catalog(s, w.a.company.id);
    const sheet = csvOf([['Name', 'Category'], ['Gravel', ''], ['Sand', 'Nope']]);
    const res = await postSheet(s, w.who, '/items/import', sheet, 'c.csv');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'row 3', message: 'No category is named "Nope": add it under Item Categories first' }]);
    for (const [bytes, name] of [[csvOf([['Code', 'Unit'], ['A', 'h']]), 'c.csv'], [honestBomb(), 'c.xlsx'], [Buffer.from(['Name', ...Array.from({ length: 100_000 }, (_, i) => `n${i}`)].join('\n')), 'c.csv']] as const) {
      const bad = await postSheet(s, w.who, '/items/import', bytes, name);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('file');
    }
    expect(await catalog(s, w.a.company.id)).toEqual(before);
    const skipped = await postSheet(s, w.who, '/items/import', sheet, 'c.csv', { skipRefused: 'true' });
    expect(skipped.body).toMatchObject({ written: 0, created: 1, skipped: 1 });
  });

  it('needs items:manage (403) and acts in the active company only', async () => {
    const s = server();
    const w = await world(s);
    const supervisor = await addMember(s, w.a.company.id, 'Supervisor');
    const sheet = csvOf([['Code', 'Name'], ['ASP', 'Taken over']]);
    expect((await postSheet(s, { token: supervisor.token, headers: {} }, '/items/import/preview', sheet, 'c.csv')).status).toBe(403);
    // Bravo's owner with the same code adds an item to Bravo; Alpha's asphalt is untouched.
    const res = await postSheet(s, { token: w.b.token, headers: {} }, '/items/import', sheet, 'c.csv');
    expect(res.body).toMatchObject({ created: 1, written: 0 });
    expect((await catalog(s, w.a.company.id)).find((i) => i.id === w.asphalt.id)?.name).toBe('Asphalt');
  });

  it('serves the xlsx templates of both imports', async () => {
    const s = server();
    const w = await world(s);
    for (const kind of ['budget-items', 'items']) {
      const res = await s.app.inject({ method: 'GET', url: `${API}/imports/templates/${kind}`, headers: { authorization: `Bearer ${w.a.token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${kind}-import-template.xlsx"`);
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await s.call('GET', `${API}/imports/templates/other`, { token: w.a.token })).status).toBe(400);
  });
});
