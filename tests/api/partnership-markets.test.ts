import { addMember, companyData, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';

const marketNames = (body: { markets: Array<{ name: string }> }) => body.markets.map((m) => m.name);

async function partnerOf(s: TestServer, token: string, name: string) {
  const res = await s.call('POST', `${API}/partnerships/create/client`, { token, body: companyData({ name }) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
  return res.body as { id: number };
}

describeEachDatabase('partnership markets: add, remove and prefix search', (server) => {
  it('adds markets (creating each once per company), answers { markets }, and finds them by prefix', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const p1 = await partnerOf(s, a.token, 'Client One');
    const p2 = await partnerOf(s, a.token, 'Client Two');

    const first = await s.call('POST', `${API}/partnerships/${p1.id}/market`, { token: a.token, body: { name: '  Austin Fiber ' } });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['markets']);
    expect(marketNames(first.body)).toEqual(['Austin Fiber']);
    await s.call('POST', `${API}/partnerships/${p1.id}/market`, { token: a.token, body: { name: 'Austin Paving' } });
    const same = await s.call('POST', `${API}/partnerships/${p2.id}/market`, { token: a.token, body: { name: 'austin fiber' } });
    expect(same.body.markets).toEqual([first.body.markets[0]]);
    const twice = await s.call('POST', `${API}/partnerships/${p1.id}/market`, { token: a.token, body: { name: 'AUSTIN FIBER' } });
    expect(marketNames(twice.body)).toEqual(['Austin Fiber', 'Austin Paving']);
    expect(await s.services.db.selectFrom('markets').select('id').where('company_id', '=', a.company.id).execute()).toHaveLength(2);

    const found = await s.call('GET', `${API}/market/prefix/AUS`, { token: a.token });
    expect(found.status).toBe(200);
    expect(marketNames(found.body)).toEqual(['Austin Fiber', 'Austin Paving']);
    expect(marketNames((await s.call('GET', `${API}/market/prefix/austin%20p`, { token: a.token })).body)).toEqual(['Austin Paving']);
    expect((await s.call('GET', `${API}/market/prefix/fib`, { token: a.token })).body.markets).toEqual([]);
    expect((await s.call('GET', `${API}/market/prefix/${encodeURIComponent('a%_')}`, { token: a.token })).body.markets).toEqual([]);
    const short = await s.call('GET', `${API}/market/prefix/au`, { token: a.token });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toEqual([{ field: 'text', message: 'Type at least 3 characters' }]);

    const read = await s.call('GET', `${API}/partnerships/get/${p1.id}`, { token: a.token });
    expect(marketNames(read.body)).toEqual(['Austin Fiber', 'Austin Paving']);
    const list = await s.call('GET', `${API}/partnerships/list/client?_sort=name`, { token: a.token });
    expect(list.body.map((r: { markets: Array<{ name: string }> }) => marketNames(r))).toEqual([['Austin Fiber', 'Austin Paving'], ['Austin Fiber']]);
  });

  it('removes a market by id or by name; unknown ones are 404 and bad bodies 400, changing nothing', async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const p = await partnerOf(s, a.token, 'Client One');
    await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: 'Austin Fiber' } });
    const { body } = await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: 'Dallas Fiber' } });
    const dallas = body.markets.find((m: { name: string }) => m.name === 'Dallas Fiber');

    for (const bad of [{}, { name: '' }, { marketId: 'one' }]) {
      const res = await s.call('DELETE', `${API}/partnerships/${p.id}/market`, { token: a.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
    expect((await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: '   ' } })).body.error.details).toEqual([{ field: 'name', message: 'Market is required' }]);
    expect((await s.call('DELETE', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: 'Houston' } })).status).toBe(404);
    expect(marketNames((await s.call('GET', `${API}/partnerships/get/${p.id}`, { token: a.token })).body)).toEqual(['Austin Fiber', 'Dallas Fiber']);

    const byId = await s.call('DELETE', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { marketId: dallas.id } });
    expect(byId.status).toBe(200);
    expect(marketNames(byId.body)).toEqual(['Austin Fiber']);
    const byName = await s.call('DELETE', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: 'austin fiber' } });
    expect(byName.body.markets).toEqual([]);
    // Still offered by the search, for the next partnership.
    expect(marketNames((await s.call('GET', `${API}/market/prefix/dal`, { token: a.token })).body)).toEqual(['Dallas Fiber']);

    const trail = await s.call('GET', `${API}/companies/${a.company.id}/activity?entityType=partnership&entityId=${p.id}`, { token: a.token });
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['market removed', 'market removed', 'market added', 'market added', 'created']);
    expect(trail.body[0].changes.markets).toEqual({ from: 'Austin Fiber', to: '' });
  });

  it("keeps each company's markets to itself and holds roles to their permissions", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const p = await partnerOf(s, a.token, 'Client One');
    await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: a.token, body: { name: 'Austin Fiber' } });
    const theirs = await partnerOf(s, b.token, 'Client Two');
    await s.call('POST', `${API}/partnerships/${theirs.id}/market`, { token: b.token, body: { name: 'Austin Bravo Only' } });

    expect(marketNames((await s.call('GET', `${API}/market/prefix/aus`, { token: a.token })).body)).toEqual(['Austin Fiber']);
    expect(marketNames((await s.call('GET', `${API}/market/prefix/aus`, { token: b.token })).body)).toEqual(['Austin Bravo Only']);
    expect((await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: b.token, body: { name: 'Planted' } })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/partnerships/${p.id}/market`, { token: b.token, body: { name: 'Austin Fiber' } })).status).toBe(404);

    const pm = await addMember(s, a.company.id, 'ProjectManager');
    const supervisor = await addMember(s, a.company.id, 'Supervisor');
    const member = await addMember(s, a.company.id, 'Member');
    expect((await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: pm.token, body: { name: 'Austin Paving' } })).status).toBe(200);
    expect((await s.call('GET', `${API}/market/prefix/aus`, { token: supervisor.token })).status).toBe(200);
    expect((await s.call('POST', `${API}/partnerships/${p.id}/market`, { token: supervisor.token, body: { name: 'Nope' } })).status).toBe(403);
    expect((await s.call('GET', `${API}/market/prefix/aus`, { token: member.token })).status).toBe(403);
    expect(marketNames((await s.call('GET', `${API}/partnerships/get/${p.id}`, { token: a.token })).body)).toEqual(['Austin Fiber', 'Austin Paving']);
  });
});
