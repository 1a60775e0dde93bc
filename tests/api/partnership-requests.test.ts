import { sql } from 'kysely';
import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

type Owner = Awaited<ReturnType<typeof ownerWithCompany>>;

/** Alpha (the host) asks Bravo to be its subcontractor; Bravo has its own contact on file. */
async function requestPair(s: TestServer) {
  const a = await ownerWithCompany(s, 'Alpha Paving');
  const b = await ownerWithCompany(s, 'Bravo Boring');
  await s.call('PATCH', `${API}/companies/${b.company.id}`, { token: b.token, body: { contactName: 'Bea Bravo', contactEmail: 'bea@bravo.example' } });
  const res = await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } });
  expect(res.status).toBe(201);
  return { a, b, request: res.body as { id: number } };
}

const mailsTo = (s: TestServer, address: string) => s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute();

const statusOf = async (s: TestServer, id: number) =>
  (await s.services.db.selectFrom('partnerships').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const trailActions = async (s: TestServer, owner: Owner) =>
  (await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=partnership&_sort=createdAt&_order=asc`, { token: owner.token })).body.map(
    (e: { action: string }) => e.action,
  );

describeEachDatabase('partnership requests: consent before anything is shared', (server) => {
  it('shows the asking company only the name until the asked one accepts, in list, get, search and the pair lookup', async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);

    const hidden = { name: 'Bravo Boring', status: 'requested', contactName: null, contactEmail: null, side: 'host' };
    expect((await s.call('GET', `${API}/partnerships/get/${request.id}`, { token: a.token })).body).toMatchObject(hidden);
    const list = await s.call('GET', `${API}/partnerships/list/subcontractor`, { token: a.token });
    expect(list.body).toEqual([expect.objectContaining(hidden)]);
    const between = await s.call('GET', `${API}/partnerships/get/subcontractor/${b.company.id}/client/${a.company.id}`, { token: a.token });
    expect(between.body).toMatchObject(hidden);
    // Searching or sorting by the contact reveals nothing either.
    for (const query of ['q=bea', 'contactName_like=bea', 'contactEmail_like=bravo.example']) {
      expect((await s.call('GET', `${API}/partnerships/list/subcontractor?${query}`, { token: a.token })).body, query).toEqual([]);
    }
    expect(JSON.stringify((await s.call('GET', `${API}/partnerships/list/subcontractor?_sort=contactName`, { token: a.token })).body)).not.toContain('Bea');
    // The company search behind the Add dialog answers names and ids only.
    const search = await s.call('GET', `${API}/partnerships/companies/prefix/bra`, { token: a.token });
    expect(search.body.companies).toEqual([{ id: b.company.id, name: 'Bravo Boring' }]);

    // The asked company sees who asks, with the asking company's contact, as an incoming request.
    const incoming = await s.call('GET', `${API}/partnerships/list/client?status=requested&side=partner`, { token: b.token });
    expect(incoming.body).toEqual([
      expect.objectContaining({ id: request.id, name: 'Alpha Paving', contactName: 'Alice Owner', contactEmail: 'office@acme.example', side: 'partner', status: 'requested' }),
    ]);
    expect((await s.call('GET', `${API}/partnerships/list/subcontractor?side=partner`, { token: a.token })).body).toEqual([]);

    const accepted = await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: b.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: request.id, status: 'active', side: 'partner', name: 'Alpha Paving' });
    expect((await s.call('GET', `${API}/partnerships/get/${request.id}`, { token: a.token })).body).toMatchObject({
      status: 'active',
      contactName: 'Bea Bravo',
      contactEmail: 'bea@bravo.example',
    });
    expect((await s.call('GET', `${API}/partnerships/list/subcontractor?q=bea`, { token: a.token })).body).toHaveLength(1);
    expect(await trailActions(s, a)).toEqual(['requested', 'accepted']);
    expect(await trailActions(s, b)).toEqual(['requested', 'accepted']);
  });

  it("mails the asked company's partnership managers only, with escaped names, and nobody when the request is refused", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha <b>Paving</b>');
    const b = await ownerWithCompany(s, 'Bravo Boring');
    const pm = await addMember(s, b.company.id, 'ProjectManager');
    const supervisor = await addMember(s, b.company.id, 'Supervisor');
    const member = await addMember(s, b.company.id, 'Member');

    const res = await s.call('POST', `${API}/partnerships/add/client`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(res.status).toBe(201);
    for (const who of [b, pm]) {
      const [mail] = await mailsTo(s, who.email);
      expect(mail, who.email).toBeDefined();
      expect(mail!.subject).toBe('Alpha <b>Paving</b> asks Bravo Boring to work with them as their client');
      expect(mail!.text_body).toContain(`http://fieldwork.test/app/subcontractors/${res.body.id}`);
      expect(mail!.html_body).toContain('Alpha &lt;b&gt;Paving&lt;/b&gt;');
      expect(mail!.html_body).not.toContain('<b>Paving');
    }
    for (const who of [supervisor, member, a]) expect(await mailsTo(s, who.email), who.email).toEqual([]);

    // A second request the same way round is a 409, from either company, and mails nobody again.
    expect((await s.call('POST', `${API}/partnerships/add/client`, { token: a.token, body: { guestCompanyId: b.company.id } })).status).toBe(409);
    expect((await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: b.token, body: { guestCompanyId: a.company.id } })).status).toBe(409);
    expect(await mailsTo(s, pm.email)).toHaveLength(1);
  });

  it('declines with a reason both companies keep; the asking company may ask again later', async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);
    const empty = await s.call('PATCH', `${API}/partnerships/${request.id}/decline`, { token: b.token, body: { reason: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    expect(await statusOf(s, request.id)).toBe('requested');

    const declined = await s.call('PATCH', `${API}/partnerships/${request.id}/decline`, { token: b.token, body: { reason: ' We only work in Texas. ' } });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'We only work in Texas.', side: 'partner' });
    expect((await s.call('GET', `${API}/partnerships/get/${request.id}`, { token: a.token })).body).toMatchObject({
      status: 'declined',
      declineReason: 'We only work in Texas.',
      contactName: null,
      contactEmail: null,
    });
    for (const side of [a, b]) {
      const trail = await s.call('GET', `${API}/companies/${side.company.id}/activity?entityType=partnership&action=declined`, { token: side.token });
      expect(trail.body[0].changes.declineReason).toEqual({ from: null, to: 'We only work in Texas.' });
    }
    const again = await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } });
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('requested');
  });

  it('lets only the asked company answer and only the asking one withdraw (403), strangers see nothing (404), and changes nothing', async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);
    const c = await ownerWithCompany(s, 'Charlie');
    const supervisor = await addMember(s, b.company.id, 'Supervisor');
    const reason = { reason: 'No' };

    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: a.token })).status).toBe(403);
    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/decline`, { token: a.token, body: reason })).status).toBe(403);
    expect((await s.call('DELETE', `${API}/partnerships/delete/${request.id}`, { token: b.token })).status).toBe(403);
    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: supervisor.token })).status).toBe(403);
    for (const [method, path, body] of [
      ['PATCH', `/partnerships/${request.id}/accept`, undefined],
      ['PATCH', `/partnerships/${request.id}/decline`, reason],
      ['DELETE', `/partnerships/delete/${request.id}`, undefined],
      ['PATCH', '/partnerships/999999/accept', undefined],
    ] as const) {
      const res = await s.call(method, `${API}${path}`, { token: c.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Bravo');
    }
    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/accept`)).status).toBe(401);
    expect(await statusOf(s, request.id)).toBe('requested');
    expect(await trailActions(s, b)).toEqual(['requested']);
  });

  it('answers 409 for every transition the status does not allow', async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);
    const reason = { reason: 'Too late' };
    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: b.token })).status).toBe(200);
    // Active: answered already.
    for (const verb of ['accept', 'decline'] as const) {
      const res = await s.call('PATCH', `${API}/partnerships/${request.id}/${verb}`, { token: b.token, body: verb === 'decline' ? reason : undefined });
      expect(res.status, verb).toBe(409);
      expect(res.body.error.code).toBe('ILLEGAL_TRANSITION');
    }
    // The partner may end it too; then nothing moves any more.
    expect((await s.call('DELETE', `${API}/partnerships/delete/${request.id}`, { token: b.token })).status).toBe(204);
    expect((await s.call('GET', `${API}/partnerships/get/${request.id}`, { token: a.token })).body).toMatchObject({ status: 'ended', endedBy: 'partner' });
    for (const [method, path, who, body] of [
      ['PATCH', `/partnerships/${request.id}/accept`, b, undefined],
      ['PATCH', `/partnerships/${request.id}/decline`, b, reason],
      ['DELETE', `/partnerships/delete/${request.id}`, a, undefined],
      ['DELETE', `/partnerships/delete/${request.id}`, b, undefined],
    ] as const) {
      expect((await s.call(method, `${API}${path}`, { token: who.token, body })).status, `${method} ${path}`).toBe(409);
    }
    expect(await trailActions(s, a)).toEqual(['requested', 'accepted', 'ended']);

    // A declined request cannot be accepted or withdrawn afterwards.
    const second = (await s.call('POST', `${API}/partnerships/add/subcontractor`, { token: a.token, body: { guestCompanyId: b.company.id } })).body;
    await s.call('PATCH', `${API}/partnerships/${second.id}/decline`, { token: b.token, body: reason });
    expect((await s.call('PATCH', `${API}/partnerships/${second.id}/accept`, { token: b.token })).status).toBe(409);
    expect((await s.call('DELETE', `${API}/partnerships/delete/${second.id}`, { token: a.token })).status).toBe(409);
    expect(await statusOf(s, second.id)).toBe('declined');
  });

  it('withdraws a request: both companies see it ended and both trails record it', async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);
    expect((await s.call('DELETE', `${API}/partnerships/delete/${request.id}`, { token: a.token })).status).toBe(204);
    expect((await s.call('GET', `${API}/partnerships/list/client`, { token: b.token })).body).toEqual([
      expect.objectContaining({ id: request.id, status: 'ended', endedBy: 'host', side: 'partner' }),
    ]);
    expect((await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: b.token })).status).toBe(409);
    expect(await trailActions(s, a)).toEqual(['requested', 'withdrawn']);
    expect(await trailActions(s, b)).toEqual(['requested', 'withdrawn']);
  });

  it("keeps the database itself from removing or changing another company's items when a partnership or market row goes", async () => {
    const s = server();
    const { a, b, request } = await requestPair(s);
    await s.call('PATCH', `${API}/partnerships/${request.id}/accept`, { token: b.token });
    const market = (await s.call('POST', `${API}/partnerships/${request.id}/market`, { token: a.token, body: { name: 'Austin' } })).body.markets[0];
    const item = await s.call('POST', `${API}/partnerships/${request.id}/items`, { token: b.token, body: { name: "Bravo's Own", marketId: market.id } });
    expect(item.status).toBe(201);

    // No route deletes these rows; if anything ever did, the foreign keys refuse instead of cascading into Bravo's items.
    await expect(s.services.db.deleteFrom('partnerships').where('id', '=', request.id).execute()).rejects.toThrow();
    await s.services.db.deleteFrom('partnership_markets').where('market_id', '=', market.id).execute();
    await expect(s.services.db.deleteFrom('markets').where('id', '=', market.id).execute()).rejects.toThrow();
    const kept = await s.services.db.selectFrom('items').selectAll().where('id', '=', item.body.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ company_id: b.company.id, partnership_id: request.id, market_id: market.id });
    // The rebuilt table keeps its indexes: codes stay unique per list.
    await s.call('PATCH', `${API}/items/${item.body.id}`, { token: b.token, body: { code: 'B-1' } });
    expect((await s.call('POST', `${API}/partnerships/${request.id}/items`, { token: b.token, body: { name: 'Clash', code: 'b-1' } })).status).toBe(409);
    const fks = s.config.databaseUrl
      ? await sql<{ n: number }>`select count(*)::int as n from pg_constraint where conrelid = 'items'::regclass and contype = 'f' and confdeltype <> 'a'`.execute(s.services.db)
      : await sql<{ n: number }>`select count(*) as n from pragma_foreign_key_list('items') where "table" in ('partnerships', 'markets') and on_delete <> 'NO ACTION'`.execute(s.services.db);
    // On PostgreSQL only the icon's own file may still clear itself ('set null' within the company).
    expect(Number(fks.rows[0]!.n)).toBe(s.config.databaseUrl ? 1 : 0);
  });
});
