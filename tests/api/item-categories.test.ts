import { CATEGORY_MESSAGES } from '../../resources/item-categories.js';
import { addMember, describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

const API = '/api/v1';
const listPath = (companyId: number) => `${API}/companies/${companyId}/item-categories`;
const itemPath = (id: number) => `${API}/item-categories/${id}`;

async function create(s: TestServer, token: string, companyId: number, body: Record<string, unknown>) {
  const res = await s.call('POST', listPath(companyId), { token, body });
  if (res.status !== 201) throw new Error(`create category failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; parentId: number | null; color: string | null };
}

const all = async (s: TestServer, token: string, companyId: number) =>
  (await s.call('GET', `${listPath(companyId)}?_end=200&_sort=id`, { token })).body as Array<{ id: number; name: string; parentId: number | null; color: string | null; description: string | null }>;

describeEachDatabase('item categories: a tree per company', (server) => {
  it('creates a tree, lists it flat with parentId (paged, sorted, filtered), moves and deletes a leaf, recording each change', async () => {
    const s = server();
    const { token, company } = await ownerWithCompany(s);
    const paving = await create(s, token, company.id, { name: ' Paving ', description: 'Hard surfaces', color: '#AABBCC' });
    expect(paving).toMatchObject({ name: 'Paving', description: 'Hard surfaces', color: '#aabbcc', parentId: null, companyId: company.id });
    const asphalt = await create(s, token, company.id, { name: 'Asphalt', parentId: paving.id, color: 'f80' });
    expect(asphalt).toMatchObject({ parentId: paving.id, color: '#f80' });
    const concrete = await create(s, token, company.id, { name: 'Concrete', parentId: paving.id });
    const patch = await create(s, token, company.id, { name: 'Patching', parentId: asphalt.id });
    await create(s, token, company.id, { name: 'Utilities' });

    const page = await s.call('GET', `${listPath(company.id)}?_start=0&_end=2&_sort=name&_order=asc`, { token });
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.body.map((c: { name: string }) => c.name)).toEqual(['Asphalt', 'Concrete']);
    const children = await s.call('GET', `${listPath(company.id)}?parentId=${paving.id}&_sort=name&_order=desc`, { token });
    expect(children.body.map((c: { name: string }) => c.name)).toEqual(['Concrete', 'Asphalt']);
    const coloured = await s.call('GET', `${listPath(company.id)}?color=%23f80`, { token });
    expect(coloured.body.map((c: { name: string }) => c.name)).toEqual(['Asphalt']);

    // Patching moves from Asphalt to Concrete; Concrete goes to the top level.
    const moved = await s.call('PATCH', itemPath(patch.id), { token, body: { parentId: concrete.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(concrete.id);
    const top = await s.call('PATCH', itemPath(concrete.id), { token, body: { parentId: null, color: '' } });
    expect(top.body).toMatchObject({ parentId: null, color: null, name: 'Concrete' });
    const renamed = await s.call('PATCH', itemPath(asphalt.id), { token, body: { name: 'Hot Mix Asphalt' } });
    expect(renamed.body).toMatchObject({ name: 'Hot Mix Asphalt', parentId: paving.id, color: '#f80' });

    expect((await s.call('DELETE', itemPath(asphalt.id), { token })).status).toBe(204);
    expect((await s.call('GET', itemPath(asphalt.id), { token })).status).toBe(404);

    const activity = await s.call('GET', `${API}/companies/${company.id}/activity?_end=100`, { token });
    const mine = activity.body.filter((e: { entityType: string; entityId: string }) => e.entityType === 'item_category' && e.entityId === String(asphalt.id));
    expect(mine.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(mine[1].changes).toEqual({ name: { from: 'Asphalt', to: 'Hot Mix Asphalt' } });
  });

  it("answers 400 for a bad colour ('Bad Hex'), an unknown parent and a cycle, and 409 for a duplicate sibling, changing nothing", async () => {
    const s = server();
    const { token, company } = await ownerWithCompany(s);
    const root = await create(s, token, company.id, { name: 'Root', color: '#123' });
    const child = await create(s, token, company.id, { name: 'Child', parentId: root.id });
    const grandchild = await create(s, token, company.id, { name: 'Grandchild', parentId: child.id });
    const before = await all(s, token, company.id);

    for (const color of ['#12', '#1234', 'blue', '#ggg', '#aabbccd', 12]) {
      const res = await s.call('POST', listPath(company.id), { token, body: { name: 'Painted', color } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'color', message: 'Bad Hex' }]);
      const patched = await s.call('PATCH', itemPath(root.id), { token, body: { color } });
      expect(patched.status).toBe(400);
      expect(patched.body.error.details).toEqual([{ field: 'color', message: 'Bad Hex' }]);
    }
    const noName = await s.call('POST', listPath(company.id), { token, body: { name: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error.details).toEqual([{ field: 'name', message: 'Name is required' }]);

    const unknown = await s.call('POST', listPath(company.id), { token, body: { name: 'Orphan', parentId: 999999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: 'parentId', message: 'No such category in this company' }]);

    for (const [id, parentId] of [
      [root.id, root.id],
      [root.id, child.id],
      [root.id, grandchild.id],
      [child.id, grandchild.id],
    ]) {
      const res = await s.call('PATCH', itemPath(id), { token, body: { parentId, name: 'Renamed' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'parentId', message: CATEGORY_MESSAGES.cycle }]);
    }

    const dup = await s.call('POST', listPath(company.id), { token, body: { name: 'child', parentId: root.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Category "child" already exists');
    // The same name elsewhere in the tree is another category.
    const elsewhere = await create(s, token, company.id, { name: 'Child', parentId: child.id });

    const after = (await all(s, token, company.id)).filter((c) => c.id !== elsewhere.id);
    expect(after).toEqual(before);
  });

  it('refuses to delete a category that has subcategories or items (409), and deletes it once empty', async () => {
    const s = server();
    const { token, company } = await ownerWithCompany(s);
    const root = await create(s, token, company.id, { name: 'Signs' });
    const child = await create(s, token, company.id, { name: 'Stop Signs', parentId: root.id });
    const withChildren = await s.call('DELETE', itemPath(root.id), { token });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toBe('This category has 1 subcategory: move or delete them first.');

    const item = await s.call('POST', `${API}/items`, { token, body: { name: 'Stop Sign R1-1', categoryId: child.id } });
    expect(item.status).toBe(201);
    const used = await s.call('DELETE', itemPath(child.id), { token });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This category is used by 1 item: move them to another category first.');
    expect((await all(s, token, company.id)).map((c) => c.name)).toEqual(['Signs', 'Stop Signs']);

    expect((await s.call('PATCH', `${API}/items/${item.body.id}`, { token, body: { categoryId: null } })).status).toBe(200);
    expect((await s.call('DELETE', itemPath(child.id), { token })).status).toBe(204);
    expect((await s.call('DELETE', itemPath(root.id), { token })).status).toBe(204);
    expect(await all(s, token, company.id)).toEqual([]);
  });

  it("hides another company's categories (404), refuses them as a parent (400), and holds each role to its permission", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const mine = await create(s, a.token, a.company.id, { name: 'Alpha Only', color: '#010203' });
    const theirs = await create(s, b.token, b.company.id, { name: 'Bravo Only' });

    expect((await s.call('GET', itemPath(mine.id), { token: b.token })).status).toBe(404);
    expect((await s.call('PATCH', itemPath(mine.id), { token: b.token, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await s.call('DELETE', itemPath(mine.id), { token: b.token })).status).toBe(404);
    expect((await s.call('GET', listPath(a.company.id), { token: b.token })).status).toBe(404);
    expect((await s.call('POST', listPath(a.company.id), { token: b.token, body: { name: 'Planted' } })).status).toBe(404);
    // Bravo cannot hang its category under Alpha's, nor Alpha under Bravo's.
    const under = await s.call('PATCH', itemPath(theirs.id), { token: b.token, body: { parentId: mine.id } });
    expect(under.status).toBe(400);
    expect(under.body.error.details).toEqual([{ field: 'parentId', message: 'No such category in this company' }]);
    expect((await s.call('POST', listPath(a.company.id), { token: a.token, body: { name: 'Sneaky', parentId: theirs.id } })).status).toBe(400);

    const supervisor = await addMember(s, a.company.id, 'Supervisor');
    expect((await s.call('GET', listPath(a.company.id), { token: supervisor.token })).status).toBe(200);
    expect((await s.call('GET', itemPath(mine.id), { token: supervisor.token })).status).toBe(200);
    expect((await s.call('POST', listPath(a.company.id), { token: supervisor.token, body: { name: 'By Supervisor' } })).status).toBe(403);
    expect((await s.call('PATCH', itemPath(mine.id), { token: supervisor.token, body: { name: 'By Supervisor' } })).status).toBe(403);
    expect((await s.call('DELETE', itemPath(mine.id), { token: supervisor.token })).status).toBe(403);
    for (const role of ['Member', 'Claims', 'HumanResources']) {
      const person = await addMember(s, a.company.id, role);
      expect((await s.call('GET', listPath(a.company.id), { token: person.token })).status).toBe(403);
      expect((await s.call('GET', itemPath(mine.id), { token: person.token })).status).toBe(403);
    }
    const pm = await addMember(s, a.company.id, 'ProjectManager');
    const byPm = await s.call('POST', listPath(a.company.id), { token: pm.token, body: { name: 'By The PM', parentId: mine.id } });
    expect(byPm.status).toBe(201);
    expect((await s.call('PATCH', itemPath(byPm.body.id), { token: pm.token, body: { color: '#fff' } })).status).toBe(200);

    expect((await all(s, a.token, a.company.id)).map((c) => [c.name, c.color])).toEqual([
      ['Alpha Only', '#010203'],
      ['By The PM', '#fff'],
    ]);
    expect((await all(s, b.token, b.company.id)).map((c) => [c.name, c.parentId])).toEqual([['Bravo Only', null]]);
  });
});
