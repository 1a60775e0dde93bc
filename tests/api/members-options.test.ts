import { describeEachDatabase, ownerWithCompany } from './harness.js';
import { API, companyWithStaff, insertCategory, insertCrew } from './members-helpers.js';

describeEachDatabase('members: crew and category options of the member dialogs', (server) => {
  it("offers the company's own crews and categories, searched on the server, to member managers only", async () => {
    const s = server();
    const { companyId, hr, supervisor } = await companyWithStaff(s, 'Options Co');
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

    expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/crews`, { token: supervisor.token })).status).toBe(403);
    expect((await s.call('GET', `${API}/companies/${companyId}/memberships/options/categories`, { token: other.token })).status).toBe(404);
  });
});
