import { addMember, companyData, createCompany, describeEachDatabase, ownerWithCompany, registerUser } from './harness.js';

const API = '/api/v1';

describeEachDatabase('companies: sub-companies list', (server) => {
  it("lists every live sub-company to the parent's members, with the caller's role there or null", async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Parent Co');
    const parentId = owner.company.id;
    const pm = await addMember(s, parentId, 'ProjectManager');
    // The project manager is given companies:manage, creates a sub-company and so owns it alone.
    const roles = await s.call('GET', `${API}/roles/company/${parentId}/all`, { token: owner.token });
    const pmRole = roles.body.find((r: { name: string }) => r.name === 'ProjectManager');
    await s.call('PATCH', `${API}/roles/company/${parentId}/${pmRole.id}`, {
      token: owner.token,
      body: { permissions: [...pmRole.permissions, { resourceType: 'companies', action: 'manage' }] },
    });
    const theirs = await s.call('POST', `${API}/companies`, { token: pm.token, body: companyData({ name: 'Bravo Branch', city: 'Dallas', parentId }) });
    expect(theirs.status).toBe(201);
    const mine = await createCompany(s, owner.token, { name: 'Alpha Branch', parentId });
    const gone = await createCompany(s, owner.token, { name: 'Closed Branch', parentId });
    await s.call('DELETE', `${API}/companies/${gone.id}`, { token: owner.token });
    await createCompany(s, owner.token, { name: 'Unrelated Co' });

    const res = await s.call('GET', `${API}/companies/${parentId}/sub-companies`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body).toEqual([
      { id: mine.id, name: 'Alpha Branch', city: 'Austin', state: 'TX', country: 'US', logoUrl: null, parentId, createdAt: mine.createdAt, role: 'Owner' },
      expect.objectContaining({ id: theirs.body.id, name: 'Bravo Branch', city: 'Dallas', role: null }),
    ]);
    // Only a summary: no contact details of a company the caller does not belong to.
    expect(res.body[1]).not.toHaveProperty('contactEmail');

    const byPm = await s.call('GET', `${API}/companies/${parentId}/sub-companies?_sort=name&_order=desc`, { token: pm.token });
    expect(byPm.body.map((c: { name: string; role: string | null }) => [c.name, c.role])).toEqual([
      ['Bravo Branch', 'Owner'],
      ['Alpha Branch', null],
    ]);
    const plain = await addMember(s, parentId, 'Member');
    const paged = await s.call('GET', `${API}/companies/${parentId}/sub-companies?_start=1&_end=2&name_like=branch`, { token: plain.token });
    expect(paged.body.map((c: { name: string }) => c.name)).toEqual(['Bravo Branch']);
    expect(paged.headers['x-total-count']).toBe('2');

    // The parent cannot go while a sub-company it may not even open is live.
    const blocked = await s.call('DELETE', `${API}/companies/${parentId}`, { token: owner.token });
    expect(blocked.status).toBe(409);
  });

  it('answers 404 to non-members of the parent and 400 for an unknown filter', async () => {
    const s = server();
    const owner = await ownerWithCompany(s, 'Parent Co');
    await createCompany(s, owner.token, { name: 'Child Co', parentId: owner.company.id });
    const stranger = await ownerWithCompany(s, 'Stranger Co');
    const loner = await registerUser(s);
    for (const token of [stranger.token, loner.token]) {
      expect((await s.call('GET', `${API}/companies/${owner.company.id}/sub-companies`, { token })).status).toBe(404);
    }
    expect((await s.call('GET', `${API}/companies/${owner.company.id}/sub-companies?contactEmail=x`, { token: owner.token })).status).toBe(400);
    expect((await s.call('GET', `${API}/companies/${owner.company.id}/sub-companies`)).status).toBe(401);
  });
});
