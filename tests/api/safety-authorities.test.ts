import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';
const listPath = (companyId: number) => `${API}/companies/${companyId}/safety-authorities`;
const itemPath = (id: number) => `${API}/safety-authorities/${id}`;

const rows = (s: TestServer, companyId: number) =>
  s.services.db.selectFrom('safety_authorities').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

describeEachDatabase('safety authorities: company-scoped CRUD from the resource declaration', (server) => {
  it('creates, lists (paged, sorted, filtered), reads, updates and deletes, recording each change', async () => {
    const s = server();
    const { token, company } = await ownerWithCompany(s);
    const made = await s.call('POST', listPath(company.id), {
      token,
      body: { name: ' Texas 811 ', description: 'Call before you dig', phone: '+1 800 344 8377', email: ' Tickets@Texas811.org ' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Texas 811', description: 'Call before you dig', phone: '+1 800 344 8377', email: 'tickets@texas811.org', companyId: company.id });
    for (const name of ['OSHA Region 6', 'City Fire Marshal']) {
      expect((await s.call('POST', listPath(company.id), { token, body: { name } })).status).toBe(201);
    }
    const page = await s.call('GET', `${listPath(company.id)}?_start=0&_end=2&_sort=name&_order=asc`, { token });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.body.map((r: { name: string }) => r.name)).toEqual(['City Fire Marshal', 'OSHA Region 6']);
    const filtered = await s.call('GET', `${listPath(company.id)}?email_endsWith=811.org`, { token });
    expect(filtered.body.map((r: { name: string }) => r.name)).toEqual(['Texas 811']);

    const patched = await s.call('PATCH', itemPath(made.body.id), { token, body: { phone: '', description: 'Dig safe' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Texas 811', phone: null, email: 'tickets@texas811.org', description: 'Dig safe' });
    expect((await s.call('GET', itemPath(made.body.id), { token })).body.description).toBe('Dig safe');
    expect((await s.call('DELETE', itemPath(made.body.id), { token })).status).toBe(204);
    expect((await s.call('GET', itemPath(made.body.id), { token })).status).toBe(404);

    const trail = await s.call('GET', `${API}/companies/${company.id}/activity?entityType=safety_authority&entityId=${made.body.id}`, { token });
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
  });

  it('answers 400 for bad input and 409 for a duplicate name, changing nothing', async () => {
    const s = server();
    const { token, company } = await ownerWithCompany(s);
    const first = (await s.call('POST', listPath(company.id), { token, body: { name: 'Texas 811' } })).body;
    const before = await rows(s, company.id);
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: 'X', phone: '+1 800' }, 'phone', 'Phone must be longer than 9 characters'],
      [{ name: 'X', phone: '+1 800 ___ ____' }, 'phone', 'Phone must be longer than 9 characters'],
      [{ name: 'X', email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ];
    for (const [body, field, message] of bad) {
      const res = await s.call('POST', listPath(company.id), { token, body });
      expect([body, res.status, res.body.error?.details]).toEqual([body, 400, [{ field, message }]]);
      const patched = await s.call('PATCH', itemPath(first.id), { token, body: field === 'name' ? body : { [field]: body[field] } });
      expect([body, patched.status]).toEqual([body, 400]);
    }
    const dup = await s.call('POST', listPath(company.id), { token, body: { name: 'Texas 811' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Safety Authority "Texas 811" already exists');
    expect(await rows(s, company.id)).toEqual(before);
  });

  it("hides another company's authorities (404) and holds each role to its permission", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const row = (await s.call('POST', listPath(a.company.id), { token: a.token, body: { name: 'Alpha Authority' } })).body;
    const before = await rows(s, a.company.id);
    expect((await s.call('GET', itemPath(row.id), { token: b.token })).status).toBe(404);
    expect((await s.call('PATCH', itemPath(row.id), { token: b.token, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await s.call('DELETE', itemPath(row.id), { token: b.token })).status).toBe(404);
    expect((await s.call('GET', listPath(a.company.id), { token: b.token })).status).toBe(404);
    expect((await s.call('POST', listPath(a.company.id), { token: b.token, body: { name: 'Planted' } })).status).toBe(404);

    // Supervisors and claims staff look authorities up; they do not change them.
    for (const role of ['Supervisor', 'Claims']) {
      const person = await addMember(s, a.company.id, role);
      expect([role, (await s.call('GET', listPath(a.company.id), { token: person.token })).status]).toEqual([role, 200]);
      expect([role, (await s.call('GET', itemPath(row.id), { token: person.token })).status]).toEqual([role, 200]);
      expect([role, (await s.call('POST', listPath(a.company.id), { token: person.token, body: { name: 'Nope' } })).status]).toEqual([role, 403]);
      expect([role, (await s.call('PATCH', itemPath(row.id), { token: person.token, body: { name: 'Nope' } })).status]).toEqual([role, 403]);
      expect([role, (await s.call('DELETE', itemPath(row.id), { token: person.token })).status]).toEqual([role, 403]);
    }
    for (const role of ['Member', 'Crew', 'HumanResources']) {
      const person = await addMember(s, a.company.id, role);
      expect([role, (await s.call('GET', listPath(a.company.id), { token: person.token })).status]).toEqual([role, 403]);
    }
    expect(await rows(s, a.company.id)).toEqual(before);
    const pm = await addMember(s, a.company.id, 'ProjectManager');
    expect((await s.call('POST', listPath(a.company.id), { token: pm.token, body: { name: 'By The PM' } })).status).toBe(201);
  });
});
