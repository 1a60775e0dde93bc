import { describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { API, invitee, multipart } from './members-helpers.js';

/** The members grid's unfiltered total is read from list_totals, which triggers keep (migration 0011). */
describeEachDatabase('members list total kept by the database', (server) => {
  const total = async (s: TestServer, token: string, companyId: number, query = '') => {
    const res = await s.call('GET', `${API}/companies/${companyId}/memberships?_start=0&_end=1${query}`, { token });
    expect(res.status).toBe(200);
    return Number(res.headers['x-total-count']);
  };
  const counted = async (s: TestServer, companyId: number) =>
    Number((await s.services.db.selectFrom('memberships').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).where('type', '=', 'company').executeTakeFirstOrThrow()).n);
  const kept = async (s: TestServer, companyId: number) =>
    (await s.services.db.selectFrom('list_totals').select('n').where('list', '=', 'members').where('scope_id', '=', companyId).executeTakeFirst())?.n ?? 0;

  it('follows invitations, removals, bulk imports and rows moved between companies', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha Paving');
    const b = await ownerWithCompany(s, 'Bravo Paving');
    const companyId = a.company.id as number;
    expect(await total(s, a.token, companyId)).toBe(1);

    const invited = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.call('POST', `${API}/companies/${companyId}/memberships`, { token: a.token, body: await invitee(s, companyId) });
      expect(res.status).toBe(201);
      invited.push(res.body.id as number);
    }
    expect(await total(s, a.token, companyId)).toBe(4);
    expect((await s.call('DELETE', `${API}/memberships/${invited[0]}`, { token: a.token })).status).toBe(204);
    expect(await total(s, a.token, companyId)).toBe(3);

    const csv = ['Name,E-mail,Role', 'Ana Bulk,ana.bulk@example.com,Crew', 'Ben Bulk,ben.bulk@example.com,Crew', 'Bad,not-an-email,Crew'].join('\r\n');
    const { body, headers } = multipart({ type: 'members' }, { name: 'members.csv', type: 'text/csv', content: csv });
    const imported = await s.call('POST', `${API}/companies/${companyId}/memberships/bulk`, { token: a.token, body, headers });
    expect(imported.body.added).toHaveLength(2);
    expect(await total(s, a.token, companyId)).toBe(5);
    // A filtered list is still counted row by row.
    expect(await total(s, a.token, companyId, '&status=invited')).toBe(4);
    expect(await total(s, a.token, companyId, '&name_like=bulk')).toBe(2);

    // Writes that no route makes today are counted all the same: a row moved to another company, or
    // turned into another kind of membership.
    await s.services.db.updateTable('memberships').set({ company_id: b.company.id }).where('id', '=', invited[1]!).execute();
    await s.services.db.updateTable('memberships').set({ type: 'project' }).where('id', '=', invited[2]!).execute();
    expect(await total(s, a.token, companyId)).toBe(3);
    expect(await total(s, b.token, b.company.id)).toBe(2);
    for (const id of [companyId, b.company.id]) expect(await kept(s, id)).toBe(await counted(s, id));
  });
});
