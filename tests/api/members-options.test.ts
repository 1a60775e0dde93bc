import { describeEachDatabase, ownerWithCompany } from './harness.js';
import { API, companyWithStaff, insertCategory, insertCrew } from './members-helpers.js';

describeEachDatabase('members: crew and category options of the member dialogs', (server) => {
  it("offers the company's own crews and categories, searched on the server, to member managers only", async () => {
    const s = server();
    const { companyId, hr, supervisor, member } = await companyWithStaff(s, 'Options Co');
    const other = await ownerWithCompany(s, 'Other Options Co');
    const paving = await insertCrew(s, companyId, 'Paving');
    await insertCrew(s, companyId, 'Grading');
    await insertCrew(s, other.company.id, 'Paving Elsewhere');
    const asphalt = await insertCategory(s, companyId, 'Asphalt');
    await insertCategory(s, other.company.id, 'Asphalt Elsewhere');

    const crews = await s.call('GET', `${API}/companies/${companyId}/memberships/options/crews?q=pav`, { token: hr.token });
    expect(crews.status).toBe(200);
    expect(crews.body).toEqual([{ id: paving, name: 'Paving' }]);
    expect(crews.headers['x-total-count']).toBe('1');
    const categories = await s.call('GET', `${API}/companies/${companyId}/memberships/options/categories`, { token: hr.token });
    expect(categories.body).toEqual([{ id: asphalt, name: 'Asphalt', color: null, parentId: null }]);

    const declined = await s.services.db.selectFrom('memberships').select('id').where('email', '=', supervisor.email).executeTakeFirstOrThrow();
    await s.services.db.updateTable('memberships').set({ status: 'declined' }).where('id', '=', declined.id).execute();
    const people = await s.call('GET', `${API}/companies/${companyId}/memberships/options/people?_sort=email`, { token: hr.token });
    expect(people.headers['x-total-count']).toBe('5');
    expect(people.body.map((p: { id: number }) => p.id)).not.toContain(declined.id);
    expect(people.body.find((p: { email: string }) => p.email === hr.email)).toEqual({ id: expect.any(Number), name: 'Test Person', email: hr.email, status: 'accepted', role: 'HumanResources' });

    const crewMember = (await companyWithStaff(s, 'Options Two')).crew;
    expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/people`, { token: crewMember.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/crews`, { token: (await companyWithStaff(s, 'Options Three')).owner.token })).status).toBe(404);
    expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/categories`, { token: other.token })).status).toBe(404);
    for (const path of ['crews', 'categories', 'people']) {
      expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/${path}`, { token: member.token })).status).toBe(403);
    }
  });
});
