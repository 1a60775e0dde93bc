import { matchPattern, parseListQuery, PAGE_SIZE, type ListSpec } from '../../server/lib/list-query.js';
import { companyData, describeEachDatabase, registerUser, type TestServer } from './harness.js';

const API = '/api/v1';

interface Company {
  id: number;
  name: string;
  city: string;
  parentId: number | null;
  createdAt: string;
}

/** Names chosen so an unescaped % or _ in a LIKE pattern would match the wrong rows. */
const FIXTURE = [
  { name: 'Alpha Paving', city: 'Austin', state: 'TX' },
  { name: 'Bravo Builders', city: 'Dallas', state: 'TX' },
  { name: 'Charlie 100% Concrete', city: 'Boston', state: 'MA' },
  { name: 'Delta A_B Civil', city: 'Denver', state: 'CO' },
  { name: 'Echo AxB Civil', city: 'Austin', state: 'TX' },
  { name: 'Foxtrot 100 Concrete', city: 'El Paso', state: 'TX' },
];

describe('parseListQuery', () => {
  const spec: ListSpec = {
    fields: { id: { column: 'id', type: 'number', filter: true, sort: true }, name: { column: 'name', type: 'text', filter: true } },
    defaultSort: [{ field: 'id', order: 'asc' }],
    tiebreaker: 'id',
  };

  it('pages 25 by default and never more than the maximum', () => {
    expect(parseListQuery(spec, {})).toMatchObject({ offset: 0, limit: PAGE_SIZE.default });
    expect(parseListQuery(spec, { _start: '10', _end: '100000' })).toMatchObject({ offset: 10, limit: PAGE_SIZE.max });
  });

  it('refuses sorting by a field not declared sortable', () => {
    expect(() => parseListQuery(spec, { _sort: 'name' })).toThrow(/cannot sort by "name"/);
  });

  it('accepts exactly each field kind\'s operators, and a field\'s own declared ones', () => {
    const kinds: ListSpec = {
      fields: {
        id: { column: 'id', type: 'number', filter: true, sort: true },
        active: { column: 'active', type: 'boolean', filter: true },
        day: { column: 'day', type: 'day', filter: true },
        code: { column: 'code', type: 'text', filter: true, operators: ['equals', 'startsWith'] },
      },
      defaultSort: [{ field: 'id', order: 'asc' }],
      tiebreaker: 'id',
    };
    const ops = (raw: Record<string, string>) => parseListQuery(kinds, raw).conditions.map((c) => [c.op, c.values]);
    expect(ops({ active: 'true', active_ne: '0' })).toEqual([['equals', [1]], ['ne', [0]]]);
    expect(() => ops({ active_gt: '0' })).toThrow(/active_gt: is not a filter of this field; active takes active, active_ne/);
    expect(ops({ day_gte: '2026-03-01', day_lte: '2026-03-31', day_ne: '2026-03-15' })).toEqual([
      ['gte', ['2026-03-01']],
      ['lte', ['2026-03-31']],
      ['ne', ['2026-03-15']],
    ]);
    expect(() => ops({ day_gt: '2026-02-30' })).toThrow(/real day/);
    expect(() => ops({ day_like: '2026' })).toThrow(/_like applies to text fields only/);
    expect(ops({ code_startsWith: 'A' })).toEqual([['startsWith', ['A']]]);
    expect(() => ops({ code_like: 'A' })).toThrow(/code takes code, code_startsWith/);
  });

  it('reads a matches pattern: * any run, ? one character, the rest literal, and its longest literal run', () => {
    expect(matchPattern('Ab*B?cd')).toEqual({ like: 'Ab%B_cd', needle: 'Ab' });
    expect(matchPattern('*100%*')).toEqual({ like: '%100!%%', needle: '100%' });
    expect(matchPattern('a_b*concrete')).toEqual({ like: 'a!_b%concrete', needle: 'concrete' });
    expect(matchPattern('**')).toEqual({ like: '%%', needle: null });
  });
});

describeEachDatabase('list queries (json-server conventions) on GET /companies', (server) => {
  let token: string;
  let all: Company[];

  const names = (rows: Company[]) => rows.map((c) => c.name);
  const byName = (a: Company, b: Company) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  async function list(query: string) {
    const res = await server().call('GET', `${API}/companies?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { rows: res.body as Company[], total: Number(res.headers['x-total-count']) };
  }
  async function rejected(query: string) {
    const res = await server().call('GET', `${API}/companies?${query}`, { token });
    expect(res.status).toBe(400);
    return res.body.error as { message: string; details: Array<{ field: string; message: string }> };
  }

  beforeAll(async () => {
    const s: TestServer = server();
    const user = await registerUser(s);
    token = user.token;
    const created: Company[] = [];
    for (const fields of FIXTURE) {
      const res = await s.call('POST', `${API}/companies`, { token, body: companyData(fields) });
      created.push(res.body);
    }
    const sub = await s.call('POST', `${API}/companies`, { token, body: companyData({ name: 'Golf Sub', city: 'Tyler', parentId: created[0]!.id }) });
    created.push(sub.body);
    // Another user's company must never show up in this user's lists.
    const other = await registerUser(s);
    await s.call('POST', `${API}/companies`, { token: other.token, body: companyData({ name: 'Alpha Outsider', city: 'Austin' }) });
    all = created.sort(byName);
  });

  it('sorts by name by default and reports the total in X-Total-Count', async () => {
    const res = await server().call('GET', `${API}/companies`, { token });
    expect(res.headers['x-total-count']).toBe('7');
    expect(String(res.headers['access-control-expose-headers'])).toContain('X-Total-Count');
    expect(names(res.body)).toEqual(names(all));
  });

  it('pages with _start and _end while the total stays the full count', async () => {
    const page = await list('_start=2&_end=4');
    expect(names(page.rows)).toEqual(names(all.slice(2, 4)));
    expect(page.total).toBe(7);
    const beyond = await list('_start=50&_end=60');
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(7);
  });

  it('sorts by comma lists of fields and orders', async () => {
    const expected = [...all].sort((a, b) => (a.city < b.city ? -1 : a.city > b.city ? 1 : -byName(a, b)));
    expect(names((await list('_sort=city,name&_order=asc,desc&_end=100')).rows)).toEqual(names(expected));
    expect(names((await list('_sort=name&_order=desc')).rows)).toEqual(names([...all].reverse()));
  });

  it('sorts empty values last ascending and first descending on every database', async () => {
    const asc = await list('_sort=parentId&_order=asc');
    expect(asc.rows[0]!.name).toBe('Golf Sub');
    const desc = await list('_sort=parentId&_order=desc');
    expect(desc.rows.at(-1)!.name).toBe('Golf Sub');
  });

  it('filters by equals, repeated equals (any of) and not-equals', async () => {
    expect(names((await list('city=Austin')).rows)).toEqual(['Alpha Paving', 'Echo AxB Civil']);
    const anyOf = await list('city=Austin&city=Denver');
    expect(names(anyOf.rows)).toEqual(['Alpha Paving', 'Delta A_B Civil', 'Echo AxB Civil']);
    expect(anyOf.total).toBe(3);
    expect(names((await list('city_ne=Austin')).rows)).toEqual(names(all.filter((c) => c.city !== 'Austin')));
    const ids = all.slice(0, 2).map((c) => c.id);
    expect((await list(`id=${ids[0]}&id=${ids[1]}`)).rows.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it('compares numbers as numbers and dates as dates', async () => {
    const ids = all.map((c) => c.id).sort((a, b) => a - b);
    const pivot = ids[3]!;
    const count = async (q: string) => (await list(q)).total;
    expect(await count(`id_gte=${pivot}`)).toBe(ids.filter((id) => id >= pivot).length);
    expect(await count(`id_gt=${pivot}`)).toBe(ids.filter((id) => id > pivot).length);
    expect(await count(`id_lte=${pivot}`)).toBe(ids.filter((id) => id <= pivot).length);
    expect(await count(`id_lt=${pivot}`)).toBe(ids.filter((id) => id < pivot).length);
    // 9 < 10 numerically but not as text: a text comparison would get this wrong.
    expect(await count('id_lt=10000000')).toBe(7);
    const when = [...all].sort((a, b) => a.id - b.id)[4]!.createdAt;
    expect(await count(`createdAt_gte=${encodeURIComponent(when)}`)).toBe(all.filter((c) => c.createdAt >= when).length);
    expect(await count(`createdAt_lt=${encodeURIComponent(when)}`)).toBe(all.filter((c) => c.createdAt < when).length);
  });

  it('matches _like case-insensitively with % and _ taken literally', async () => {
    expect(names((await list('name_like=PAVING')).rows)).toEqual(['Alpha Paving']);
    expect(names((await list(`name_like=${encodeURIComponent('100%')}`)).rows)).toEqual(['Charlie 100% Concrete']);
    expect(names((await list('name_like=a_b')).rows)).toEqual(['Delta A_B Civil']);
    expect(names((await list('name_like=concrete')).rows)).toEqual(['Charlie 100% Concrete', 'Foxtrot 100 Concrete']);
  });

  it('reports a text filter\'s full total on every page, past the end and for an empty page', async () => {
    const withC = ['Charlie 100% Concrete', 'Delta A_B Civil', 'Echo AxB Civil', 'Foxtrot 100 Concrete'];
    const first = await list('name_like=c&_start=0&_end=1');
    expect([names(first.rows), first.total]).toEqual([withC.slice(0, 1), 4]);
    expect(Object.keys(first.rows[0]!)).not.toContain('list_total_rows');
    const last = await list('name_like=c&_start=3&_end=10');
    expect([names(last.rows), last.total]).toEqual([withC.slice(3), 4]);
    expect(await list('name_like=c&_start=10&_end=20')).toEqual({ rows: [], total: 4 });
    expect(await list('name_like=c&_start=0&_end=0')).toEqual({ rows: [], total: 4 });
    expect(await list('name_like=zzz')).toEqual({ rows: [], total: 0 });
  });

  it('matches _startsWith and _endsWith', async () => {
    expect(names((await list('name_startsWith=alpha')).rows)).toEqual(['Alpha Paving']);
    expect(names((await list('name_endsWith=CIVIL')).rows)).toEqual(['Delta A_B Civil', 'Echo AxB Civil']);
    expect(names((await list('city_startsWith=%25')).rows)).toEqual([]);
  });

  it('matches a _matches pattern: * any run, ? one character, case-insensitive, % and _ literal', async () => {
    const m = async (pattern: string) => names((await list(`name_matches=${encodeURIComponent(pattern)}`)).rows);
    expect(await m('*civil')).toEqual(['Delta A_B Civil', 'Echo AxB Civil']);
    expect(await m('* A?B civil')).toEqual(['Delta A_B Civil', 'Echo AxB Civil']);
    // The pattern is the whole value: without * it is not "contains".
    expect(await m('civil')).toEqual([]);
    expect(await m('ALPHA PAVING')).toEqual(['Alpha Paving']);
    expect(await m('*A_B*')).toEqual(['Delta A_B Civil']);
    expect(await m('*100%*')).toEqual(['Charlie 100% Concrete']);
    expect(await m('*1?0 concrete')).toEqual(['Foxtrot 100 Concrete']);
    expect(await m('?????')).toEqual([]);
    expect(await m('*o*o*')).toEqual(['Foxtrot 100 Concrete']);
  });

  it('offers every operator of each kind: text, number and date', async () => {
    const count = async (q: string) => (await list(`${q}&_end=100`)).total;
    const byId = [...all].sort((a, b) => a.id - b.id);
    const pivot = byId[3]!;
    const expectations: Array<[string, (c: Company) => boolean]> = [
      ['city_like=AS', (c) => /as/i.test(c.city)],
      ['city_startsWith=d', (c) => /^d/i.test(c.city)],
      ['city_endsWith=ON', (c) => /on$/i.test(c.city)],
      ['city_matches=*a?o*', (c) => /a.o/i.test(c.city)],
      ['city=Austin', (c) => c.city === 'Austin'],
      ['city_ne=Austin', (c) => c.city !== 'Austin'],
      [`id=${pivot.id}`, (c) => c.id === pivot.id],
      [`id_ne=${pivot.id}`, (c) => c.id !== pivot.id],
      [`id_gt=${pivot.id}`, (c) => c.id > pivot.id],
      [`id_gte=${pivot.id}`, (c) => c.id >= pivot.id],
      [`id_lt=${pivot.id}`, (c) => c.id < pivot.id],
      [`id_lte=${pivot.id}`, (c) => c.id <= pivot.id],
      [`createdAt=${encodeURIComponent(pivot.createdAt)}`, (c) => c.createdAt === pivot.createdAt],
      [`createdAt_ne=${encodeURIComponent(pivot.createdAt)}`, (c) => c.createdAt !== pivot.createdAt],
      [`createdAt_gt=${encodeURIComponent(pivot.createdAt)}`, (c) => c.createdAt > pivot.createdAt],
      [`createdAt_lte=${encodeURIComponent(pivot.createdAt)}`, (c) => c.createdAt <= pivot.createdAt],
    ];
    for (const [query, keep] of expectations) expect([query, await count(query)]).toEqual([query, all.filter(keep).length]);
  });

  it('combines conditions on several columns with AND', async () => {
    const four = await list('state=TX&name_matches=*i*&city_ne=Dallas&id_gt=0');
    expect(names(four.rows)).toEqual(['Alpha Paving', 'Echo AxB Civil']);
    const three = await list('name_like=civil&city_startsWith=aus&state_ne=CO');
    expect([names(three.rows), three.total]).toEqual([['Echo AxB Civil'], 1]);
    expect((await list('name_like=civil&city=Denver&state=TX')).total).toBe(0);
  });

  it('searches every text field with q', async () => {
    expect(names((await list('q=austin')).rows)).toEqual(['Alpha Paving', 'Echo AxB Civil']);
    expect(names((await list('q=civil&city=Denver')).rows)).toEqual(['Delta A_B Civil']);
    // "co" is in two names and in Delta's state (CO): q looks at every text field at once.
    expect(names((await list('q=co')).rows)).toEqual(['Charlie 100% Concrete', 'Delta A_B Civil', 'Foxtrot 100 Concrete']);
  });

  it('answers 400 for undeclared fields, unknown operators and bad values', async () => {
    const unknown = await rejected('zip=78701');
    expect(unknown.message).toMatch(/zip/);
    expect(unknown.details[0]!.field).toBe('zip');
    const operator = await rejected('name_gt=x');
    expect(operator.message).toMatch(/name_gt: is not a filter of this field; name takes name_like, name_startsWith, name_endsWith, name_matches, name, name_ne/);
    expect(operator.details[0]!.field).toBe('name_gt');
    expect((await rejected('id_matches=1*')).message).toMatch(/id_matches: _matches applies to text fields only/);
    expect((await rejected('zip_matches=7*')).message).toMatch(/zip_matches: is not a filter of this list/);
    // A refused filter lists nothing: not the rows without it.
    expect((await server().call('GET', `${API}/companies?name_like=alpha&city_gt=A`, { token })).body.error).toBeDefined();
    expect((await rejected('_sort=zip')).message).toMatch(/cannot sort by "zip"/);
    expect((await rejected('_sort=name&_order=up')).message).toMatch(/asc or desc/);
    expect((await rejected('_order=desc')).details[0]!.field).toBe('_order');
    expect((await rejected('id_gt=abc')).message).toMatch(/number/);
    expect((await rejected('createdAt_gte=yesterday-ish')).message).toMatch(/date/);
    expect((await rejected('id_like=1')).message).toMatch(/text fields/);
    expect((await rejected('_start=-1')).details[0]!.field).toBe('_start');
    expect((await rejected('_start=10&_end=5')).details[0]!.field).toBe('_end');
    expect((await rejected('name_like=a&name_like=b')).message).toMatch(/only once/);
  });
});
