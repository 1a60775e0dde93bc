import { damageTypes, footprintTypes, taskTypes } from '../../resources/catalog-types.js';
import { addMember, describeEachDatabase, ownerWithCompany } from './harness.js';

const API = '/api/v1';

for (const resource of [taskTypes, damageTypes, footprintTypes]) {
  const listPath = (companyId: number) => `${API}${resource.paths.list.replace(':companyId', String(companyId))}`;
  const itemPath = (id: number) => `${API}${resource.paths.item.replace(':id', String(id))}`;

  describeEachDatabase(`${resource.label}: company-scoped CRUD from the resource declaration`, (server) => {
    it('creates, lists (paged, sorted, filtered), reads, updates and deletes, recording each change', async () => {
      const s = server();
      const { token, company } = await ownerWithCompany(s);
      const made = [];
      for (const name of ['Trenching', 'Boring', 'Restoration', 'Cleanup']) {
        const res = await s.call('POST', listPath(company.id), { token, body: { name: `  ${name} `, description: `${name} work` } });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ name, description: `${name} work`, companyId: company.id });
        made.push(res.body);
      }
      const page = await s.call('GET', `${listPath(company.id)}?_start=0&_end=2&_sort=name&_order=desc`, { token });
      expect(page.status).toBe(200);
      expect(page.headers['x-total-count']).toBe('4');
      expect(page.body.map((r: { name: string }) => r.name)).toEqual(['Trenching', 'Restoration']);
      const filtered = await s.call('GET', `${listPath(company.id)}?name_startsWith=re&description_like=WORK`, { token });
      expect(filtered.body.map((r: { name: string }) => r.name)).toEqual(['Restoration']);

      const id = made[0].id;
      expect((await s.call('GET', itemPath(id), { token })).body.name).toBe('Trenching');
      const patched = await s.call('PATCH', itemPath(id), { token, body: { description: 'Open-cut trenching' } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ name: 'Trenching', description: 'Open-cut trenching' });
      expect((await s.call('DELETE', itemPath(id), { token })).status).toBe(204);
      expect((await s.call('GET', itemPath(id), { token })).status).toBe(404);

      const activity = await s.call('GET', `${API}/companies/${company.id}/activity?_end=50`, { token });
      const mine = activity.body.filter((e: { entityType: string; entityId: string }) => e.entityId === String(id) && e.entityType !== 'company');
      expect(mine.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
      expect(mine[1].changes).toEqual({ description: { from: 'Trenching work', to: 'Open-cut trenching' } });
    });

    it('answers 400 for bad input and 409 for a duplicate name, changing nothing', async () => {
      const s = server();
      const { token, company } = await ownerWithCompany(s);
      const empty = await s.call('POST', listPath(company.id), { token, body: { name: '   ' } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.details).toEqual([{ field: 'name', message: 'Name is required' }]);
      expect((await s.call('POST', listPath(company.id), { token, body: { name: 'Paving' } })).status).toBe(201);
      const dup = await s.call('POST', listPath(company.id), { token, body: { name: 'Paving' } });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe(`${resource.singular} "Paving" already exists`);
      const bad = await s.call('GET', `${listPath(company.id)}?secret_like=x`, { token });
      expect(bad.status).toBe(400);
      const list = await s.call('GET', listPath(company.id), { token });
      expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Paving']);
    });

    it("hides another company's rows (404) and holds each role to its permission", async () => {
      const s = server();
      const a = await ownerWithCompany(s, 'Alpha');
      const b = await ownerWithCompany(s, 'Bravo');
      const row = (await s.call('POST', listPath(a.company.id), { token: a.token, body: { name: 'Alpha only' } })).body;
      expect((await s.call('GET', itemPath(row.id), { token: b.token })).status).toBe(404);
      expect((await s.call('PATCH', itemPath(row.id), { token: b.token, body: { name: 'Stolen' } })).status).toBe(404);
      expect((await s.call('DELETE', itemPath(row.id), { token: b.token })).status).toBe(404);
      expect((await s.call('GET', listPath(a.company.id), { token: b.token })).status).toBe(404);
      expect((await s.call('POST', listPath(a.company.id), { token: b.token, body: { name: 'Planted' } })).status).toBe(404);

      const plain = await addMember(s, a.company.id, 'Member');
      expect((await s.call('GET', listPath(a.company.id), { token: plain.token })).status).toBe(403);
      expect((await s.call('PATCH', itemPath(row.id), { token: plain.token, body: { name: 'Nope' } })).status).toBe(403);
      const pm = await addMember(s, a.company.id, 'ProjectManager');
      expect((await s.call('POST', listPath(a.company.id), { token: pm.token, body: { name: 'By the PM' } })).status).toBe(201);

      const list = await s.call('GET', listPath(a.company.id), { token: a.token });
      expect(list.body.map((r: { name: string }) => r.name).sort()).toEqual(['Alpha only', 'By the PM']);
    });
  });
}
