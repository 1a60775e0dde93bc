import { addMember, companyData, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

async function count(s: TestServer, table: 'partnerships' | 'companies' | 'memberships' | 'roles') {
  const row = await s.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

describeEachDatabase('partnerships: add, create, list, read and delete', (server) => {
  it('asks an existing company to be a subcontractor; once it accepts, both sides see the partnership from their side', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha Paving');
    const b = await ownerWithCompany(s, 'Bravo Boring');
    await s.call('PATCH', `${API}/companies/${b.company.id}`, { token: b.token, body: { contactName: 'Bea Bravo', contactEmail: 'bea@bravo.example' } });

    const added = await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ type: 'subcontractor', clientId: a.company.id, subcontractorId: b.company.id, partnerId: b.company.id, name: 'Bravo Boring', status: 'requested', side: 'host' });
    const accepted = await s.call('PATCH', `${API}/partnerships/${added.body.id}/accept`, { token: b.token });
    expect(accepted.status).toBe(200);

    const read = await s.call('GET', `${API}/partnerships/get/${added.body.id}`, { token: a.token });
    expect(read.body).toMatchObject({
      type: 'subcontractor',
      clientId: a.company.id,
      subcontractorId: b.company.id,
      partnerId: b.company.id,
      name: 'Bravo Boring',
      contactName: 'Bea Bravo',
      contactEmail: 'bea@bravo.example',
      status: 'active',
      side: 'host',
      markets: [],
      declineReason: null,
      endedAt: null,
      endedBy: null,
    });

    const mine = await s.call('GET', `${API}/partnerships/list/subcontractor`, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(names(mine.body)).toEqual(['Bravo Boring']);
    expect((await s.call('GET', `${API}/partnerships/list/client`, { token: a.token })).body).toEqual([]);

    // Bravo sees Alpha among its clients, with Alpha's own contact, and may read it.
    const theirs = await s.call('GET', `${API}/partnerships/list/client`, { token: b.token });
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]).toMatchObject({ id: added.body.id, type: 'client', partnerId: a.company.id, name: 'Alpha Paving', contactName: 'Alice Owner', contactEmail: 'office@acme.example', side: 'partner' });
    const partnerRead = await s.call('GET', `${API}/partnerships/get/${added.body.id}`, { token: b.token });
    expect(partnerRead.status).toBe(200);
    expect(partnerRead.body.side).toBe('partner');
    expect(Object.keys(partnerRead.body).sort()).toEqual(Object.keys(added.body).sort());

    const between = await s.call('GET', `${API}/partnerships/get/subcontractor/${b.company.id}/client/${a.company.id}`, { token: a.token });
    expect(between.status).toBe(200);
    expect(between.body.id).toBe(added.body.id);
    const reversed = await s.call('GET', `${API}/partnerships/get/subcontractor/${a.company.id}/client/${b.company.id}`, { token: a.token });
    expect(reversed.status).toBe(404);

    // Both trails record the request and the answer.
    for (const side of [a, b]) {
      const trail = await s.call('GET', `${API}/companies/${side.company.id}/activity?entityType=partnership&_sort=createdAt&_order=asc`, { token: side.token });
      expect(trail.body.map((e: { action: string; entityId: string }) => [e.action, e.entityId])).toEqual([
        ['requested', String(added.body.id)],
        ['accepted', String(added.body.id)],
      ]);
    }
  });

  it('refuses a second partnership the same way round (409), from either side; the other way round is a new one', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const before = await count(s, 'partnerships');
    expect((await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } })).status).toBe(201);
    const again = await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(again.status).toBe(409);
    const mirrored = await s.call('POST', `${API}/partnerships/add/client`, { token: b.token, body: { guestCompanyId: a.company.id } });
    expect(mirrored.status).toBe(409);
    expect(await count(s, 'partnerships')).toBe(before + 1);
    const otherWay = await s.call('POST', `${API}/partnerships/add/client`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(otherWay.status).toBe(201);
    expect(otherWay.body).toMatchObject({ type: 'client', clientId: b.company.id, subcontractorId: a.company.id });
  });

  it('answers 400 with per-field details for bad input to add and create, and changes nothing', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const gone = await ownerWithCompany(s, 'Gone Company');
    await s.call('DELETE', `${API}/companies/${gone.company.id}`, { token: gone.token });
    const before = { partnerships: await count(s, 'partnerships'), companies: await count(s, 'companies') };

    const cases: Array<[string, unknown, string]> = [
      ['/partnerships/add/subcontractor', {}, 'guestCompanyId'],
      ['/partnerships/add/subcontractor', { guestCompanyId: 'seven' }, 'guestCompanyId'],
      ['/partnerships/add/subcontractor', { guestCompanyId: a.company.id }, 'guestCompanyId'],
      ['/partnerships/add/subcontractor', { guestCompanyId: 999999 }, 'guestCompanyId'],
      ['/partnerships/add/subcontractor', { guestCompanyId: gone.company.id }, 'guestCompanyId'],
      ['/partnerships/add/supplier', { guestCompanyId: gone.company.id }, 'type'],
      ['/partnerships/create/client', companyData({ zip: '123' }), 'zip'],
      ['/partnerships/create/client', companyData({ name: '  ' }), 'name'],
      ['/partnerships/create/client', companyData({ contactEmail: 'not-an-email' }), 'contactEmail'],
    ];
    for (const [path, body, field] of cases) {
      const res = await s.call('POST', `${API}${path}`, { token: a.token, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect({ partnerships: await count(s, 'partnerships'), companies: await count(s, 'companies') }).toEqual(before);
  });

  it('creates a new partner company with its default roles and no members, and the partnership, in one go', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const members = await count(s, 'memberships');
    const res = await s.call('POST', `${API}/partnerships/create/client`, {
      token: a.token,
      body: companyData({ name: '  Charlie Fiber ', contactName: 'Chris Client', contactEmail: 'Chris@Charlie.example', ein: '' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'client', name: 'Charlie Fiber', contactName: 'Chris Client', contactEmail: 'chris@charlie.example', status: 'active', side: 'host' });
    const company = await s.services.db.selectFrom('companies').selectAll().where('id', '=', res.body.partnerId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Charlie Fiber', zip: '78701', ein: null, created_by: a.user.id, parent_id: null });
    const roles = await s.services.db.selectFrom('roles').select('name').where('scope_type', '=', 'company').where('scope_id', '=', company.id).execute();
    expect(roles).toHaveLength(8);
    expect(await count(s, 'memberships')).toBe(members);
    // The creator holds no membership in it, so it is not theirs to open.
    expect((await s.call('GET', `${API}/companies/${company.id}`, { token: a.token })).status).toBe(404);
    const list = await s.call('GET', `${API}/partnerships/list/client`, { token: a.token });
    expect(names(list.body)).toEqual(['Charlie Fiber']);
  });

  it('pages, sorts and filters the list in the database; unknown filters are a 400', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    for (const name of ['Delta Drilling', 'Echo Electric', 'Foxtrot Fiber', 'Golf Grading']) {
      const res = await s.call('POST', `${API}/partnerships/create/subcontractor`, { token: a.token, body: companyData({ name, contactName: `${name.split(' ')[0]} Contact` }) });
      expect(res.status).toBe(201);
    }
    await s.call('POST', `${API}/partnerships/invite/subcontractor`, { token: a.token, body: { name: 'Hotel Hauling', contactName: 'Hal', contactEmail: 'hal@hotel.example' } });

    const page = await s.call('GET', `${API}/partnerships/list/subcontractor?_start=1&_end=3&_sort=name&_order=desc`, { token: a.token });
    expect(page.headers['x-total-count']).toBe('5');
    expect(names(page.body)).toEqual(['Golf Grading', 'Foxtrot Fiber']);
    const like = await s.call('GET', `${API}/partnerships/list/subcontractor?name_like=FIBER`, { token: a.token });
    expect(names(like.body)).toEqual(['Foxtrot Fiber']);
    const contact = await s.call('GET', `${API}/partnerships/list/subcontractor?contactName_startsWith=ech`, { token: a.token });
    expect(names(contact.body)).toEqual(['Echo Electric']);
    const invited = await s.call('GET', `${API}/partnerships/list/subcontractor?status=invited`, { token: a.token });
    expect(names(invited.body)).toEqual(['Hotel Hauling']);
    const search = await s.call('GET', `${API}/partnerships/list/subcontractor?q=grad`, { token: a.token });
    expect(names(search.body)).toEqual(['Golf Grading']);
    expect((await s.call('GET', `${API}/partnerships/list/subcontractor?partner_company_id=1`, { token: a.token })).status).toBe(400);
    expect((await s.call('GET', `${API}/partnerships/list/subcontractor?_sort=secret`, { token: a.token })).status).toBe(400);
    expect((await s.call('GET', `${API}/partnerships/list/vendor`, { token: a.token })).status).toBe(400);
  });

  it('holds each role to its permission: owners and project managers manage, supervisors only view, members neither', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const pm = await addMember(s, a.company.id, 'ProjectManager');
    const supervisor = await addMember(s, a.company.id, 'Supervisor');
    const member = await addMember(s, a.company.id, 'Member');

    const byPm = await s.call('POST', `${API}/partnerships/add/client`, { token: pm.token, body: { guestCompanyId: b.company.id } });
    expect(byPm.status).toBe(201);
    const id = byPm.body.id;
    expect((await s.call('GET', `${API}/partnerships/list/client`, { token: supervisor.token })).status).toBe(200);
    expect((await s.call('GET', `${API}/partnerships/get/${id}`, { token: supervisor.token })).status).toBe(200);

    const changes: Array<[string, string, unknown]> = [
      ['POST', '/partnerships/add/subcontractor', { guestCompanyId: b.company.id }],
      ['POST', '/partnerships/invite/client', { name: 'Nope', contactName: 'No One', contactEmail: 'no@one.example' }],
      ['POST', '/partnerships/create/client', companyData({ name: 'Nope Co' })],
      ['DELETE', `/partnerships/delete/${id}`, undefined],
      ['POST', `/partnerships/${id}/market`, { name: 'Austin Fiber' }],
      ['DELETE', `/partnerships/${id}/market`, { name: 'Austin Fiber' }],
      ['GET', '/partnerships/companies/prefix/Bra', undefined],
    ];
    const before = await count(s, 'partnerships');
    for (const who of [supervisor, member]) {
      for (const [method, path, body] of changes) {
        const res = await s.call(method as 'POST', `${API}${path}`, { token: who.token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect((await s.call('GET', `${API}/partnerships/list/client`, { token: member.token })).status).toBe(403);
    expect((await s.call('GET', `${API}/partnerships/get/${id}`, { token: member.token })).status).toBe(403);
    expect(await count(s, 'partnerships')).toBe(before);
    expect((await s.call('GET', `${API}/partnerships/list/client`)).status).toBe(401);
  });

  it("keeps other companies' partnerships out of reach (404), and lets a partner read only the shared one", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const c = await ownerWithCompany(s, 'Charlie');
    const shared = (await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } })).body;
    const secret = (await s.call('POST', `${API}/partnerships/create/client`, { token: a.token, body: companyData({ name: 'Secret Client' }) })).body;

    for (const [method, path, body] of [
      ['GET', `/partnerships/get/${shared.id}`, undefined],
      ['DELETE', `/partnerships/delete/${shared.id}`, undefined],
      ['POST', `/partnerships/${shared.id}/market`, { name: 'Stolen' }],
      ['DELETE', `/partnerships/${shared.id}/market`, { name: 'Stolen' }],
      ['GET', `/partnerships/get/subcontractor/${b.company.id}/client/${a.company.id}`, undefined],
    ] as const) {
      const res = await s.call(method, `${API}${path}`, { token: c.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Bravo');
    }
    expect((await s.call('GET', `${API}/partnerships/list/client`, { token: c.token })).body).toEqual([]);

    // The partner reads the shared partnership, but not the host's others, nor the host company itself.
    expect((await s.call('GET', `${API}/partnerships/get/${secret.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/companies/${a.company.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/companies/${a.company.id}/activity`, { token: b.token })).status).toBe(404);
    const theirs = await s.call('GET', `${API}/partnerships/list/client`, { token: b.token });
    expect(names(theirs.body)).toEqual(['Alpha']);
    expect(theirs.body[0]).not.toHaveProperty('address');
    // …and may not change it.
    expect((await s.call('DELETE', `${API}/partnerships/delete/${shared.id}`, { token: b.token })).status).toBe(403);
    expect((await s.call('POST', `${API}/partnerships/${shared.id}/market`, { token: b.token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await s.call('GET', `${API}/partnerships/get/${shared.id}`, { token: a.token })).body.markets).toEqual([]);
  });

  it('ends a partnership on DELETE: both sides keep it, see it ended, and find it in both trails; the pair may start again', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const p = (await s.call('POST', `${API}/partnerships/create/client`, { token: a.token, body: companyData({ name: 'Charlie' }) })).body;
    const q = (await s.call('POST', `${API}/partnerships/add/client`, { token: a.token, body: { guestCompanyId: b.company.id } })).body;
    expect((await s.call('PATCH', `${API}/partnerships/${q.id}/accept`, { token: b.token })).status).toBe(200);
    await s.call('POST', `${API}/partnerships/${q.id}/market`, { token: a.token, body: { name: 'Austin Fiber' } });
    const before = await count(s, 'partnerships');

    const res = await s.call('DELETE', `${API}/partnerships/delete/${q.id}`, { token: a.token });
    expect(res.status).toBe(204);
    expect(await count(s, 'partnerships')).toBe(before);
    const hostView = (await s.call('GET', `${API}/partnerships/get/${q.id}`, { token: a.token })).body;
    expect(hostView).toMatchObject({ status: 'ended', endedBy: 'host', name: 'Bravo', markets: [{ name: 'Austin Fiber' }] });
    expect(Date.parse(hostView.endedAt)).not.toBeNaN();
    const ended = await s.call('GET', `${API}/partnerships/list/subcontractor?status=ended`, { token: b.token });
    expect(ended.body.map((r: { id: number; endedBy: string; side: string }) => [r.id, r.endedBy, r.side])).toEqual([[q.id, 'host', 'partner']]);
    expect(names((await s.call('GET', `${API}/partnerships/list/client?status_ne=ended&_sort=name`, { token: a.token })).body)).toEqual(['Charlie']);

    // An ended partnership stays ended (409), and takes no new markets.
    expect((await s.call('DELETE', `${API}/partnerships/delete/${q.id}`, { token: a.token })).status).toBe(409);
    expect((await s.call('DELETE', `${API}/partnerships/delete/${q.id}`, { token: b.token })).status).toBe(409);
    expect((await s.call('POST', `${API}/partnerships/${q.id}/market`, { token: a.token, body: { name: 'Dallas' } })).status).toBe(409);
    // The market stays in the company for other partnerships, and the host may still unlink it.
    expect((await s.call('GET', `${API}/market/prefix/aus`, { token: a.token })).body.markets.map((m: { name: string }) => m.name)).toEqual(['Austin Fiber']);
    expect((await s.call('DELETE', `${API}/partnerships/${q.id}/market`, { token: a.token, body: { name: 'Austin Fiber' } })).status).toBe(200);

    for (const [side, name] of [[a, 'Bravo'], [b, 'Alpha']] as const) {
      const trail = await s.call('GET', `${API}/companies/${side.company.id}/activity?entityType=partnership&action=ended`, { token: side.token });
      expect(trail.body).toHaveLength(1);
      expect(trail.body[0]).toMatchObject({ entityId: String(q.id) });
      expect(trail.body[0].changes.status).toEqual({ from: 'active', to: 'ended' });
      expect((await s.call('GET', `${API}/partnerships/get/${q.id}`, { token: side.token })).body.name).toBe(name);
    }
    // The same pair may work together again: a new request beside the ended one.
    const again = await s.call('POST', `${API}/partnerships/add/client`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(q.id);
    const between = await s.call('GET', `${API}/partnerships/get/subcontractor/${a.company.id}/client/${b.company.id}`, { token: b.token });
    expect(between.body).toMatchObject({ id: again.body.id, status: 'requested' });
    expect(p.status).toBe('active');
  });

  it('finds companies to add by name prefix: ids and names only, never the own or deleted ones, 3 characters at least', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Austin Alpha');
    await ownerWithCompany(s, 'Austin Bravo');
    const gone = await ownerWithCompany(s, 'Austin Gone');
    await s.call('DELETE', `${API}/companies/${gone.company.id}`, { token: gone.token });
    await ownerWithCompany(s, 'Dallas Delta');

    const res = await s.call('GET', `${API}/partnerships/companies/prefix/aus`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.companies.map((c: { name: string }) => c.name)).toEqual(['Austin Bravo']);
    expect(Object.keys(res.body.companies[0]).sort()).toEqual(['id', 'name']);
    const short = await s.call('GET', `${API}/partnerships/companies/prefix/au`, { token: a.token });
    expect(short.status).toBe(400);
    expect(short.body.error.details[0].field).toBe('text');
    // A wildcard is a character like any other.
    expect((await s.call('GET', `${API}/partnerships/companies/prefix/${encodeURIComponent('%%%')}`, { token: a.token })).body.companies).toEqual([]);
  });
});
