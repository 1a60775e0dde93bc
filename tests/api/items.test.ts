import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

type Owner = Awaited<ReturnType<typeof ownerWithCompany>>;

async function post(s: TestServer, token: string, body: Record<string, unknown>, path = `${API}/items`) {
  const res = await s.call('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`create item failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function category(s: TestServer, owner: Owner, name: string, parentId: number | null = null) {
  const res = await s.call('POST', `${API}/companies/${owner.company.id}/item-categories`, { token: owner.token, body: { name, parentId } });
  return res.body as { id: number };
}

/** Every item row of a company, straight from the database: what "nothing changed" is checked against. */
const rows = (s: TestServer, companyId: number) =>
  s.services.db.selectFrom('items').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

const names = (list: Array<{ name: string }>) => list.map((i) => i.name);

describeEachDatabase('items: the active company catalog', (server) => {
  it('creates an item with every field, lists it paged, sorted and filtered, reads, updates and deletes it, recording each change', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const paving = await category(s, owner, 'Paving');
    const asphalt = await category(s, owner, 'Asphalt', paving.id);
    const made = await post(s, owner.token, {
      name: ' Hot mix overlay ',
      code: 'HM-100',
      unit: 'sq ft',
      categoryId: asphalt.id,
      productionIsAllowed: true,
      productionItemType: 'area',
      lineColor: '#FF0000',
      photosNumber: '2',
    });
    expect(made).toEqual({
      id: expect.any(Number),
      companyId: owner.company.id,
      name: 'Hot mix overlay',
      code: 'HM-100',
      unit: 'sq ft',
      iconId: null,
      iconUrl: null,
      categoryId: asphalt.id,
      categoryName: 'Asphalt',
      productionIsAllowed: true,
      productionItemType: 'area',
      lineColor: '#ff0000',
      photosNumber: 2,
      marketId: null,
      marketName: null,
      partnershipId: null,
      clientId: null,
      clientName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await post(s, owner.token, { name: 'Saw cut', code: 'SC-1', unit: 'ft', categoryId: paving.id, productionItemType: 'linear', photosNumber: 0 });
    await post(s, owner.token, { name: 'Manhole adjust', unit: 'each', productionIsAllowed: true, productionItemType: 'count', photosNumber: 4 });
    await post(s, owner.token, { name: 'Asphalt patch', code: 'AP-7', categoryId: asphalt.id });

    const page = await s.call('GET', `${API}/items?_start=0&_end=2&_sort=name&_order=desc`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page.body)).toEqual(['Saw cut', 'Manhole adjust']);
    const byCode = await s.call('GET', `${API}/items?_sort=code&_order=asc&code_ne=SC-1`, { token: owner.token });
    expect(names(byCode.body)).toEqual(['Asphalt patch', 'Hot mix overlay', 'Manhole adjust']);
    const filters: Array<[string, string[]]> = [
      [`categoryId=${asphalt.id}`, ['Asphalt patch', 'Hot mix overlay']],
      ['categoryName_like=ASPH', ['Asphalt patch', 'Hot mix overlay']],
      ['productionIsAllowed=true', ['Hot mix overlay', 'Manhole adjust']],
      ['productionItemType=linear', ['Saw cut']],
      ['photosNumber_gt=1', ['Hot mix overlay', 'Manhole adjust']],
      ['unit_startsWith=sq', ['Hot mix overlay']],
      ['q=cut', ['Saw cut']],
      ['lineColor=%23ff0000', ['Hot mix overlay']],
    ];
    for (const [query, expected] of filters) {
      const res = await s.call('GET', `${API}/items?${query}`, { token: owner.token });
      expect([query, names(res.body)]).toEqual([query, expected]);
    }
    expect((await s.call('GET', `${API}/items?iconUrl_like=x`, { token: owner.token })).status).toBe(400);

    const read = await s.call('GET', `${API}/items/${made.id}`, { token: owner.token });
    expect(read.body).toEqual(made);
    const patched = await s.call('PATCH', `${API}/items/${made.id}`, {
      token: owner.token,
      body: { name: 'Hot mix overlay 2in', categoryId: null, lineColor: 'abc', photosNumber: 3, productionIsAllowed: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Hot mix overlay 2in', code: 'HM-100', categoryId: null, categoryName: null, lineColor: '#abc', photosNumber: 3, productionIsAllowed: false, productionItemType: 'area' });
    expect((await s.call('DELETE', `${API}/items/${made.id}`, { token: owner.token })).status).toBe(204);
    expect((await s.call('GET', `${API}/items/${made.id}`, { token: owner.token })).status).toBe(404);

    const trail = await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=item&entityId=${made.id}`, { token: owner.token });
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(trail.body[1].changes).toMatchObject({
      name: { from: 'Hot mix overlay', to: 'Hot mix overlay 2in' },
      lineColor: { from: '#ff0000', to: '#abc' },
      photosNumber: { from: 2, to: 3 },
      categoryId: { from: asphalt.id, to: null },
    });
  });

  it("answers 400 for bad input ('Bad Hex', photos, production type, another company's category) and 409 for a duplicate code, changing nothing", async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Alpha');
    const other = await ownerWithCompany(s, 'Bravo');
    const theirs = await category(s, other, 'Bravo Category');
    const item = await post(s, owner.token, { name: 'Curb', code: 'C-1', lineColor: '#123456' });
    const before = await rows(s, owner.company.id);

    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'X', lineColor: '#12' }, 'lineColor', 'Bad Hex'],
      [{ name: 'X', lineColor: 'red' }, 'lineColor', 'Bad Hex'],
      [{ name: 'X', photosNumber: -1 }, 'photosNumber', 'Photos must be a whole number from 0 to 100'],
      [{ name: 'X', photosNumber: 1.5 }, 'photosNumber', 'Photos must be a whole number from 0 to 100'],
      [{ name: 'X', photosNumber: 'two' }, 'photosNumber', 'Photos must be a whole number from 0 to 100'],
      [{ name: 'X', productionItemType: 'volume' }, 'productionItemType', 'Choose a production type'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'X', productionIsAllowed: 'yes' }, 'productionIsAllowed', 'Must be true or false'],
      [{ name: 'X', categoryId: theirs.id }, 'categoryId', 'No such category in this company'],
      [{ name: 'X', categoryId: 999999 }, 'categoryId', 'No such category in this company'],
      [{ name: 'X', marketId: 999999 }, 'marketId', 'No such market for this item'],
    ];
    for (const [body, field, message] of bad) {
      const created = await s.call('POST', `${API}/items`, { token: owner.token, body });
      expect([body, created.status, created.body.error?.details]).toEqual([body, 400, [{ field, message }]]);
      const { name: _name, ...change } = body;
      const patched = await s.call('PATCH', `${API}/items/${item.id}`, { token: owner.token, body: field === 'name' ? body : change });
      expect([body, patched.status, patched.body.error?.details]).toEqual([body, 400, [{ field, message }]]);
    }
    const iconId = await s.call('PATCH', `${API}/items/${item.id}`, { token: owner.token, body: { iconId: 5 } });
    expect(iconId.status).toBe(400);
    expect(iconId.body.error.details[0].field).toBe('iconId');

    const dup = await s.call('POST', `${API}/items`, { token: owner.token, body: { name: 'Another curb', code: 'c-1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An item with code "c-1" already exists in this list');
    const second = await post(s, owner.token, { name: 'Gutter', code: 'G-1' });
    expect((await s.call('PATCH', `${API}/items/${second.id}`, { token: owner.token, body: { code: 'C-1' } })).status).toBe(409);
    await s.call('DELETE', `${API}/items/${second.id}`, { token: owner.token });

    expect(await rows(s, owner.company.id)).toEqual(before);
    expect(await rows(s, other.company.id)).toEqual([]);
  });

  it("holds each role to items:view / items:manage and hides another company's items (404), changing nothing", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const item = await post(s, a.token, { name: 'Alpha Item', code: 'A-1' });
    await post(s, b.token, { name: 'Bravo Item' });
    const before = await rows(s, a.company.id);

    // The active company decides what GET /items lists: Bravo never sees Alpha's.
    expect(names((await s.call('GET', `${API}/items`, { token: b.token })).body)).toEqual(['Bravo Item']);
    expect((await s.call('GET', `${API}/items/${item.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/items/${item.id}`, { token: b.token, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/items/${item.id}`, { token: b.token })).status).toBe(404);
    // Naming Alpha in X-Company-Id does not help a non-member.
    const foreign = await s.call('GET', `${API}/items`, { token: b.token, headers: { 'x-company-id': String(a.company.id) } });
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Company not found']);

    for (const role of ['Supervisor', 'CrewLeader', 'Crew', 'Claims', 'HumanResources', 'Member']) {
      const person = await addMember(s, a.company.id, role);
      const token = person.token;
      expect([role, (await s.call('GET', `${API}/items`, { token })).status]).toEqual([role, 403]);
      expect([role, (await s.call('GET', `${API}/items/${item.id}`, { token })).status]).toEqual([role, 403]);
      expect([role, (await s.call('POST', `${API}/items`, { token, body: { name: 'Nope' } })).status]).toEqual([role, 403]);
      expect([role, (await s.call('PATCH', `${API}/items/${item.id}`, { token, body: { name: 'Nope' } })).status]).toEqual([role, 403]);
      expect([role, (await s.call('DELETE', `${API}/items/${item.id}`, { token })).status]).toEqual([role, 403]);
    }
    expect(await rows(s, a.company.id)).toEqual(before);

    const pm = await addMember(s, a.company.id, 'ProjectManager');
    expect(names((await s.call('GET', `${API}/items`, { token: pm.token })).body)).toEqual(['Alpha Item']);
    const byPm = await post(s, pm.token, { name: 'By The PM' });
    expect((await s.call('PATCH', `${API}/items/${byPm.id}`, { token: pm.token, body: { unit: 'ft' } })).body.unit).toBe('ft');
    expect((await s.call('DELETE', `${API}/items/${byPm.id}`, { token: pm.token })).status).toBe(204);
  });
});

describeEachDatabase('items: per partnership', (server) => {
  /** The host asks the client company, which accepts. */
  async function clientPartnership(s: TestServer, host: Owner, client: Owner) {
    const res = await s.call('POST', `${API}/partnerships/add/client`, { token: host.token, body: { guestCompanyId: client.company.id } });
    expect(res.status).toBe(201);
    expect((await s.call('PATCH', `${API}/partnerships/${res.body.id}/accept`, { token: client.token })).status).toBe(200);
    return res.body as { id: number };
  }

  it("creates and lists items for a partnership; each side keeps its own; the client and market follow the partnership", async () => {
    const s = server();
    const host = await ownerWithCompany(s, 'Host Paving');
    const client = await ownerWithCompany(s, 'City Of Austin');
    const partnership = await clientPartnership(s, host, client);
    const market = await s.call('POST', `${API}/partnerships/${partnership.id}/market`, { token: host.token, body: { name: 'Austin North' } });
    expect(market.status).toBeLessThan(300);
    const marketId = market.body.markets[0].id as number;
    await post(s, host.token, { name: 'Own Item' });

    const path = `${API}/partnerships/${partnership.id}/items`;
    const made = await post(s, host.token, { name: 'Client Item', code: 'CL-1', marketId }, path);
    expect(made).toMatchObject({ partnershipId: partnership.id, clientId: client.company.id, clientName: 'City Of Austin', marketId, marketName: 'Austin North', companyId: host.company.id });
    // Codes are unique per list: the same code may be used again for the company's own items.
    await post(s, host.token, { name: 'Own With Same Code', code: 'CL-1' });
    expect((await s.call('POST', path, { token: host.token, body: { name: 'Clash', code: 'cl-1' } })).status).toBe(409);

    const listed = await s.call('GET', path, { token: host.token });
    expect(listed.status).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(names(listed.body)).toEqual(['Client Item']);
    expect(names((await s.call('GET', `${API}/items?clientId=${client.company.id}`, { token: host.token })).body)).toEqual(['Client Item']);
    expect(names((await s.call('GET', `${API}/items?partnershipId=${partnership.id}`, { token: host.token })).body)).toEqual(['Client Item']);
    expect(names((await s.call('GET', `${API}/items?clientName_like=austin&_sort=name`, { token: host.token })).body)).toEqual(['Client Item']);
    expect((await s.call('GET', `${API}/items`, { token: host.token })).headers['x-total-count']).toBe('3');

    // The client company takes part in the partnership too: it sees its own items for it, never the host's.
    expect((await s.call('GET', path, { token: client.token })).body).toEqual([]);
    const clientOwn = await post(s, client.token, { name: 'Kept By The Client' }, path);
    expect(clientOwn).toMatchObject({ companyId: client.company.id, clientId: client.company.id, partnershipId: partnership.id });
    expect(names((await s.call('GET', path, { token: host.token })).body)).toEqual(['Client Item']);

    // A market must be one of this partnership's.
    const elsewhere = await ownerWithCompany(s, 'Elsewhere');
    const other = await clientPartnership(s, host, elsewhere);
    const otherMarket = (await s.call('POST', `${API}/partnerships/${other.id}/market`, { token: host.token, body: { name: 'Dallas' } })).body.markets[0].id;
    const wrongMarket = await s.call('POST', path, { token: host.token, body: { name: 'Wrong Market', marketId: otherMarket } });
    expect(wrongMarket.status).toBe(400);
    expect(wrongMarket.body.error.details).toEqual([{ field: 'marketId', message: 'No such market for this item' }]);
    const movedMarket = await s.call('PATCH', `${API}/items/${made.id}`, { token: host.token, body: { marketId: otherMarket } });
    expect(movedMarket.status).toBe(400);
    expect((await s.call('PATCH', `${API}/items/${made.id}`, { token: host.token, body: { marketId: null } })).body.marketName).toBeNull();

    // Ending the partnership (here by the client) keeps every item on both sides; no new ones are made for it.
    expect((await s.call('DELETE', `${API}/partnerships/delete/${partnership.id}`, { token: client.token })).status).toBe(204);
    expect(names((await s.call('GET', `${API}/items?_sort=name`, { token: host.token })).body)).toEqual(['Client Item', 'Own Item', 'Own With Same Code']);
    expect(names((await s.call('GET', path, { token: client.token })).body)).toEqual(['Kept By The Client']);
    const late = await s.call('POST', path, { token: host.token, body: { name: 'Too Late' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This partnership has ended: its items stay, but no new ones can be added');
    // Each side removes its own rows when it wants to, and only its own.
    expect((await s.call('DELETE', `${API}/items/${clientOwn.id}`, { token: host.token })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/items/${clientOwn.id}`, { token: client.token })).status).toBe(204);
    expect(names((await s.call('GET', path, { token: host.token })).body)).toEqual(['Client Item']);
  });

  it('takes new items for a request only from the company that asked, until it is answered', async () => {
    const s = server();
    const host = await ownerWithCompany(s, 'Host');
    const client = await ownerWithCompany(s, 'Client');
    const request = (await s.call('POST', `${API}/partnerships/add/client`, { token: host.token, body: { guestCompanyId: client.company.id } })).body;
    const path = `${API}/partnerships/${request.id}/items`;
    await post(s, host.token, { name: 'Prepared' }, path);
    const early = await s.call('POST', path, { token: client.token, body: { name: 'Too Early' } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Accept the request first: items can be added once you work together');
    expect(await rows(s, client.company.id)).toEqual([]);
    await s.call('PATCH', `${API}/partnerships/${request.id}/decline`, { token: client.token, body: { reason: 'No thanks' } });
    expect((await s.call('POST', path, { token: host.token, body: { name: 'After No' } })).status).toBe(409);
    expect(names((await s.call('GET', path, { token: host.token })).body)).toEqual(['Prepared']);
  });

  it("answers 404 for another company's partnership and 403 without the item permissions, changing nothing", async () => {
    const s = server();
    const host = await ownerWithCompany(s, 'Host');
    const client = await ownerWithCompany(s, 'Client');
    const stranger = await ownerWithCompany(s, 'Stranger');
    const partnership = await clientPartnership(s, host, client);
    const path = `${API}/partnerships/${partnership.id}/items`;
    await post(s, host.token, { name: 'Host Item' }, path);
    const before = await rows(s, host.company.id);

    expect((await s.call('GET', path, { token: stranger.token })).status).toBe(404);
    expect((await s.call('POST', path, { token: stranger.token, body: { name: 'Planted' } })).status).toBe(404);
    expect((await s.call('GET', `${API}/partnerships/999999/items`, { token: host.token })).status).toBe(404);
    expect((await s.call('POST', `${API}/partnerships/999999/items`, { token: host.token, body: { name: 'Nowhere' } })).status).toBe(404);
    const badBody = await s.call('POST', path, { token: host.token, body: { name: 'Bad', lineColor: 'nope' } });
    expect(badBody.body.error.details).toEqual([{ field: 'lineColor', message: 'Bad Hex' }]);

    const supervisor = await addMember(s, host.company.id, 'Supervisor');
    expect((await s.call('GET', path, { token: supervisor.token })).status).toBe(403);
    expect((await s.call('POST', path, { token: supervisor.token, body: { name: 'Nope' } })).status).toBe(403);
    const member = await addMember(s, host.company.id, 'Member');
    expect((await s.call('POST', path, { token: member.token, body: { name: 'Nope' } })).status).toBe(403);

    expect(await rows(s, host.company.id)).toEqual(before);
    expect(await rows(s, stranger.company.id)).toEqual([]);
    const pm = await addMember(s, host.company.id, 'ProjectManager');
    expect(names((await s.call('GET', path, { token: pm.token })).body)).toEqual(['Host Item']);
  });
});
