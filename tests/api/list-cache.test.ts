import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';
import { API, invitee } from './members-helpers.js';

/**
 * List routes that declare `cache` answer from the read cache: every change made through the API
 * shows in the next page at once, access is checked on every call, and one company's (or user's)
 * cached page never answers another.
 */
describeEachDatabase('cached list pages', (server) => {
  let s: TestServer;
  beforeAll(() => {
    s = server();
  });

  const page = async (token: string, url: string, headers: Record<string, string> = {}) => {
    const res = await s.call('GET', url, { token, headers });
    return { status: res.status, total: Number(res.headers['x-total-count']), names: Array.isArray(res.body) ? res.body.map((r: { name: string }) => r.name) : res.body };
  };

  it('shows every change at once: an invitation, a rename, a removal', async () => {
    const owner = await ownerWithCompany(s, 'Cache Paving');
    const url = `${API}/companies/${owner.company.id}/memberships?_start=0&_end=50&_sort=name&_order=asc`;
    const first = await page(owner.token, url);
    expect(first.total).toBe(1);
    // The same page again is answered from the cache: same rows, same total header.
    expect(await page(owner.token, url)).toEqual(first);

    const invited = await s.call('POST', `${API}/companies/${owner.company.id}/memberships`, { token: owner.token, body: await invitee(s, owner.company.id, { name: 'Zed Newcomer' }) });
    expect(invited.status).toBe(201);
    const afterInvite = await page(owner.token, url);
    expect(afterInvite.total).toBe(2);
    expect(afterInvite.names).toContain('Zed Newcomer');

    expect((await s.call('PATCH', `${API}/memberships/${invited.body.id}`, { token: owner.token, body: { name: 'Zed Renamed' } })).status).toBe(200);
    expect((await page(owner.token, url)).names).toContain('Zed Renamed');

    // A crew the member joins shows in the member's row: a table the page read besides memberships.
    const crew = await s.call('POST', `${API}/crews`, { token: owner.token, headers: { 'x-company-id': String(owner.company.id) }, body: { name: 'Night crew', members: [invited.body.id] } });
    expect(crew.status).toBe(201);
    const rows = (await s.call('GET', url, { token: owner.token })).body as Array<{ name: string; crewNames: string }>;
    expect(rows.find((r) => r.name === 'Zed Renamed')?.crewNames).toBe('Night crew');

    expect((await s.call('DELETE', `${API}/memberships/${invited.body.id}`, { token: owner.token })).status).toBeLessThan(300);
    expect(await page(owner.token, url)).toMatchObject({ total: 1, names: first.names });
  });

  it("answers /users/me with the caller's own changes at once (the view is cached too)", async () => {
    const owner = await ownerWithCompany(s, 'Me Paving');
    expect((await s.call('GET', `${API}/users/me`, { token: owner.token })).body.user.name).toBe('Test Person');
    expect((await s.call('PATCH', `${API}/users/me`, { token: owner.token, body: { name: 'Renamed Person' } })).status).toBe(200);
    expect((await s.call('GET', `${API}/users/me`, { token: owner.token })).body.user.name).toBe('Renamed Person');
  });

  it('checks access on every call: a cached page is no answer for a member without the right, or an outsider', async () => {
    const owner = await ownerWithCompany(s, 'Guarded Paving');
    const url = `${API}/companies/${owner.company.id}/memberships?_start=0&_end=50`;
    expect((await page(owner.token, url)).status).toBe(200);
    const crewMember = await addMember(s, owner.company.id, 'Crew');
    expect((await page(crewMember.token, url)).status).toBe(403);
    const outsider = await ownerWithCompany(s, 'Other Paving');
    expect((await page(outsider.token, url)).status).toBe(404);
  });

  it("never answers one company's page for another's, nor one user's companies for another's", async () => {
    const owner = await ownerWithCompany(s, 'Alpha Crews');
    const other = await ownerWithCompany(s, 'Beta Crews');
    const tab = (id: number) => ({ 'x-company-id': String(id) });
    await s.call('POST', `${API}/crews`, { token: owner.token, headers: tab(owner.company.id), body: { name: 'Alpha crew' } });
    await s.call('POST', `${API}/crews`, { token: other.token, headers: tab(other.company.id), body: { name: 'Beta crew' } });
    // The same URL, answered per company.
    expect((await page(owner.token, `${API}/crews`, tab(owner.company.id))).names).toEqual(['Alpha crew']);
    expect((await page(other.token, `${API}/crews`, tab(other.company.id))).names).toEqual(['Beta crew']);
    // And per user.
    expect((await page(owner.token, `${API}/companies`)).names).toEqual(['Alpha Crews']);
    expect((await page(other.token, `${API}/companies`)).names).toEqual(['Beta Crews']);
  });
});
