import { sql } from 'kysely';
import { withDialect } from '../../server/db/dialect-context.js';
import type { CompanyMembership } from '../../server/http/company-access.js';
import { listMembers } from '../../server/modules/members/member-list.js';
import { describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { roleId } from './members-helpers.js';

const API = '/api/v1';

/**
 * Today's meaning of a text filter, which the trigram indexes must not change: the needle anywhere in
 * the value, ASCII letters folded (and nothing else: 'É' is not 'é'), `%`, `_` and `!` literal.
 */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (value: string | null, needle: string) => value !== null && asciiLower(value).includes(asciiLower(needle));
const startsWith = (value: string | null, needle: string) => value !== null && asciiLower(value).startsWith(asciiLower(needle));
const endsWith = (value: string | null, needle: string) => value !== null && asciiLower(value).endsWith(asciiLower(needle));

/** Names that a wrong escape, a wrong folding or FTS5 query syntax leaking through would mismatch. */
const MEMBERS = [
  { name: 'Ana Stanbury', email: 'ANA.STANBURY@EXAMPLE.COM', phone: '+1 555 010 0001' },
  { name: 'BEN STANBURY', email: 'ben@example.com', phone: null },
  { name: 'carla xstanburyx', email: 'carla@stanbury.example.org', phone: '+1 555 010 0003' },
  { name: 'Percent 50% Off', email: 'percent@example.com', phone: null },
  { name: 'Percent 500 Off', email: 'percent500@example.com', phone: null },
  { name: 'Delta A_B Civil', email: 'delta@example.com', phone: '+44 20 7946 0000' },
  { name: 'Echo AxB Civil', email: 'echo@example.com', phone: null },
  { name: 'Quote "Q" Person', email: 'quote@example.com', phone: null },
  { name: 'Élodie Durand', email: 'elodie.durand@example.com', phone: null },
  { name: 'élodie Martin', email: 'elodie.martin@example.com', phone: null },
  { name: 'Kelvin Stone', email: 'kelvin@example.com', phone: null },
  { name: 'NEAR(x) AND y: -z* {name}', email: 'syntax@example.com', phone: null },
  { name: 'Bang!Bang', email: 'bang@example.com', phone: null },
  { name: 'Emoji 🚧 Crew', email: 'emoji@example.com', phone: null },
  { name: 'Bo', email: 'bo@example.com', phone: null },
];

const NAME_NEEDLES = [
  'stanbury', 'STANBURY', 'Stan', 'an', 'a', '', 'xstanburyx', 'stanburyx ', '50%', '0% O', 'A_B', '_B C', 'A%B',
  '"Q"', 'Q"', 'élo', 'ÉLO', 'Élo', '\u212Aelvin', 'kelvin', 'NEAR(x)', 'AND y:', '-z*', '{name}', 'g!B', 'Bang!',
  '🚧 C', '  ', 'Bo', 'nothing at all',
];

interface Row {
  id: number;
  name: string;
  email?: string;
  phone?: string | null;
  code?: string | null;
}

describeEachDatabase('text filters served by trigram indexes', (server) => {
  let token: string;
  let companyId: number;
  let members: Row[];

  async function list(path: string): Promise<Row[]> {
    const res = await server().call('GET', `${API}${path}${path.includes('?') ? '&' : '?'}_start=0&_end=200`, { token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(Number(res.headers['x-total-count']), path).toBe(res.body.length);
    return res.body;
  }
  const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  const expected = (rows: Row[], keep: (r: Row) => boolean) => ids(rows.filter(keep));
  const q = (text: string) => encodeURIComponent(text);

  beforeAll(async () => {
    const s: TestServer = server();
    const owner = await ownerWithCompany(s);
    token = owner.token;
    companyId = owner.company.id;
    const role = await roleId(s, companyId, 'Crew');
    const now = new Date().toISOString();
    await s.services.db
      .insertInto('memberships')
      .values(MEMBERS.map((m) => ({ ...m, user_id: null, company_id: companyId, type: 'company', role_id: role, status: 'invited', notification_settings: '{}', created_at: now, updated_at: now })))
      .execute();
    // Another company's look-alike must stay out of every answer.
    const other = await ownerWithCompany(s, 'Other Paving');
    const otherRole = await roleId(s, other.company.id, 'Crew');
    await s.services.db
      .insertInto('memberships')
      .values({ user_id: null, company_id: other.company.id, type: 'company', role_id: otherRole, status: 'invited', name: 'Zed Stanbury', email: 'zed@example.com', notification_settings: '{}', created_at: now, updated_at: now })
      .execute();
    members = await list(`/companies/${companyId}/memberships`);
    for (const name of ['Night Shift', 'NIGHT owls', 'Day_Shift', 'Day Shift 50%']) {
      expect((await s.call('POST', `${API}/crews`, { token, body: { name } })).status).toBe(201);
    }
    for (const [name, code] of [['Conduit 2in', 'IT-001'], ['CONDUIT 4in', 'it-002'], ['Handhole 50% Off', null], ['Vault_A', 'V_A-1']]) {
      expect((await s.call('POST', `${API}/items`, { token, body: { name, code } })).status).toBe(201);
    }
  });

  it('finds the same members with and without the index: contains, starts with, ends with, case, %, _ and FTS5 syntax', async () => {
    for (const needle of NAME_NEEDLES) {
      expect(ids(await list(`/companies/${companyId}/memberships?name_like=${q(needle)}`)), `name_like=${needle}`).toEqual(
        expected(members, (m) => contains(m.name, needle)),
      );
    }
    for (const needle of ['stan', 'ANA S', 'Bo', 'élo', 'Élo', 'Percent 50%']) {
      expect(ids(await list(`/companies/${companyId}/memberships?name_startsWith=${q(needle)}`)), `name_startsWith=${needle}`).toEqual(
        expected(members, (m) => startsWith(m.name, needle)),
      );
    }
    for (const needle of ['bury', 'URYx', 'Civil', 'il', '{name}']) {
      expect(ids(await list(`/companies/${companyId}/memberships?name_endsWith=${q(needle)}`)), `name_endsWith=${needle}`).toEqual(
        expected(members, (m) => endsWith(m.name, needle)),
      );
    }
    for (const needle of ['EXAMPLE.COM', 'stanbury', 'ana.', '@ex']) {
      expect(ids(await list(`/companies/${companyId}/memberships?email_like=${q(needle)}`)), `email_like=${needle}`).toEqual(
        expected(members, (m) => contains(m.email!, needle)),
      );
    }
    for (const needle of ['555 010', '0001', '+44']) {
      expect(ids(await list(`/companies/${companyId}/memberships?phone_like=${q(needle)}`)), `phone_like=${needle}`).toEqual(
        expected(members, (m) => contains(m.phone ?? null, needle)),
      );
    }
  });

  it('searches with q over indexed fields only (the pickers) and over a mix with unindexed ones (the grid)', async () => {
    const people = await list(`/companies/${companyId}/memberships/options/people`);
    for (const needle of ['stanbury', 'EXAMPLE.ORG', 'élo', '50%', 'xyz']) {
      expect(ids(await list(`/companies/${companyId}/memberships/options/people?q=${q(needle)}`)), `people q=${needle}`).toEqual(
        expected(people, (m) => contains(m.name, needle) || contains(m.email!, needle)),
      );
      // The grid's q also reads the role and other columns: the same rows here, by name or e-mail.
      expect(ids(await list(`/companies/${companyId}/memberships?q=${q(needle)}`)), `members q=${needle}`).toEqual(
        expected(members, (m) => contains(m.name, needle) || contains(m.email!, needle)),
      );
    }
  });

  it('filters crews and items by name and code through their indexes, with the same meaning', async () => {
    const crews = await list('/crews');
    for (const needle of ['night', 'y_S', 'ight s', '50%', 'sh']) {
      expect(ids(await list(`/crews?name_like=${q(needle)}`)), `crews name_like=${needle}`).toEqual(expected(crews, (c) => contains(c.name, needle)));
      expect(ids(await list(`/companies/${companyId}/memberships/options/crews?q=${q(needle)}`)), `crew options q=${needle}`).toEqual(
        expected(crews, (c) => contains(c.name, needle)),
      );
    }
    const items = await list('/items');
    for (const needle of ['conduit', 'duit 4', '50%', 't_A', 'in']) {
      expect(ids(await list(`/items?name_like=${q(needle)}`)), `items name_like=${needle}`).toEqual(expected(items, (i) => contains(i.name, needle)));
    }
    for (const needle of ['IT-00', '-001', 'V_A', 'VxA']) {
      expect(ids(await list(`/items?code_like=${q(needle)}`)), `items code_like=${needle}`).toEqual(expected(items, (i) => contains(i.code ?? null, needle)));
    }
  });

  it('keeps the indexes in step with renames and removals', async () => {
    const s = server();
    const member = members.find((m) => m.name === 'Kelvin Stone')!;
    expect((await s.call('PATCH', `${API}/memberships/${member.id}`, { token, body: { name: 'Kelvin Quarrystone' } })).status).toBe(200);
    expect(ids(await list(`/companies/${companyId}/memberships?name_like=quarry`))).toEqual([member.id]);
    expect(await list(`/companies/${companyId}/memberships?name_like=kelvin stone`)).toEqual([]);
    expect((await s.call('DELETE', `${API}/memberships/${member.id}`, { token })).status).toBe(204);
    expect(await list(`/companies/${companyId}/memberships?name_like=quarry`)).toEqual([]);

    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Graveyard' } })).body;
    expect((await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { name: 'Swing Crew' } })).status).toBe(200);
    expect(ids(await list('/crews?name_like=swing'))).toEqual([crew.id]);
    expect(await list('/crews?name_like=graveyard')).toEqual([]);
    expect((await s.call('DELETE', `${API}/crews/${crew.id}`, { token })).status).toBe(204);
    expect(await list('/crews?name_like=swing')).toEqual([]);

    const item = (await s.call('POST', `${API}/items`, { token, body: { name: 'Pedestal', code: 'PED-9' } })).body;
    expect((await s.call('PATCH', `${API}/items/${item.id}`, { token, body: { name: 'Splice case', code: 'SPL-9' } })).status).toBe(200);
    expect(ids(await list('/items?name_like=splice'))).toEqual([item.id]);
    expect(ids(await list('/items?code_like=spl-'))).toEqual([item.id]);
    expect(await list('/items?name_like=pedestal')).toEqual([]);
    expect(await list('/items?code_like=ped-')).toEqual([]);
    expect((await s.call('DELETE', `${API}/items/${item.id}`, { token })).status).toBe(204);
    expect(await list('/items?name_like=splice')).toEqual([]);
  });

  it('answers text filters of three characters or more from the index itself', async () => {
    const s = server();
    if (s.database.dialect === 'sqlite') {
      // Emptied, the FTS5 tables leave indexed filters without rows: proof that they are read.
      for (const table of ['memberships_text', 'crews_text', 'items_text']) await sql.raw(`insert into ${table} (${table}) values ('delete-all')`).execute(s.services.db);
      const served = [
        `/companies/${companyId}/memberships?name_like=stanbury`,
        `/companies/${companyId}/memberships/options/people?q=stanbury`,
        `/companies/${companyId}/memberships/options/crews?q=night`,
        '/crews?name_like=night',
        '/items?name_like=conduit',
      ];
      for (const path of served) expect(await list(path), path).toEqual([]);
      // Under three characters there are no trigrams to look up: the filter scans.
      expect((await list(`/companies/${companyId}/memberships?name_like=an`)).length).toBeGreaterThan(0);
      for (const table of ['memberships_text', 'crews_text', 'items_text']) await sql.raw(`insert into ${table} (${table}) values ('rebuild')`).execute(s.services.db);
      for (const path of served) expect((await list(path)).length, path).toBeGreaterThan(0);
      return;
    }
    // PostgreSQL picks its indexes by cost: with a large list and seq scans discouraged, the members
    // list's ILIKE must be one the pg_trgm index can serve.
    const role = await roleId(s, companyId, 'Crew');
    await sql`
      insert into memberships (company_id, type, role_id, status, name, email, notification_settings, created_at, updated_at)
      select ${companyId}, 'company', ${role}, 'invited', 'Filler Person ' || i, 'filler.' || i || '@example.com', '{}', now(), now()
      from generate_series(1, 3000) as i`.execute(s.services.db);
    // As autovacuum would have done by then: GIN's pending list merged, statistics fresh.
    await sql`vacuum analyze memberships`.execute(s.services.db);
    const scans = await s.services.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const page = await withDialect('postgres', () => listMembers({ ...s.services, db: trx }, { companyId } as CompanyMembership, { name_like: 'stanbury' }));
      expect(page.rows.map((r) => r.name).sort()).toEqual(['Ana Stanbury', 'BEN STANBURY', 'carla xstanburyx']);
      const { rows } = await sql<{ n: number }>`select pg_stat_get_xact_numscans('memberships_name_trgm_idx'::regclass) as n`.execute(trx);
      return Number(rows[0]!.n);
    });
    expect(scans).toBeGreaterThan(0);
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema() and indexname like '%trgm_idx' order by 1`.execute(s.services.db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      'crews_name_trgm_idx',
      'files_name_trgm_idx',
      'folders_name_trgm_idx',
      'items_code_trgm_idx',
      'items_name_trgm_idx',
      'memberships_email_trgm_idx',
      'memberships_name_trgm_idx',
      'memberships_phone_trgm_idx',
      'memberships_status_trgm_idx',
      'projects_code_trgm_idx',
      'projects_project_name_trgm_idx',
      'tasks_address_trgm_idx',
      'tasks_city_trgm_idx',
      'tasks_description_trgm_idx',
      'tasks_summary_trgm_idx',
    ]);
  });
});
