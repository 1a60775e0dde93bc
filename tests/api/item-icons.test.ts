import { addMember, describeEachDatabase, multipart, ownerWithCompany, TINY_PNG, type TestServer } from './harness.js';

const API = '/api/v1';
const icon = (fields: Record<string, string> = { type: 'icon' }, bytes = TINY_PNG) => multipart(fields, { name: 'icon.png', type: 'image/png', bytes });

async function upload(s: TestServer, token: string, itemId: number, form = icon()) {
  return s.call('POST', `${API}/items/${itemId}/files`, { token, body: form.body, headers: form.headers });
}

const storedFiles = (s: TestServer, itemId: number) =>
  s.services.db.selectFrom('files').select(['id', 'type', 'company_id']).where('entity_type', '=', 'item').where('entity_id', '=', String(itemId)).execute();

describeEachDatabase('items: icon upload', (server) => {
  it('stores the icon through the storage layer, points the item at it, serves it, and removes it with iconId null', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const item = (await s.call('POST', `${API}/items`, { token: owner.token, body: { name: 'Hydrant' } })).body;
    const res = await upload(s, owner.token, item.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: item.id, name: 'Hydrant', iconId: expect.any(Number) });
    expect(res.body.iconUrl).toMatch(/^\/api\/v1\/staticfiles\/[0-9a-f-]{36}$/);
    expect(await storedFiles(s, item.id)).toEqual([{ id: res.body.iconId, type: 'icon', company_id: owner.company.id }]);
    const served = await s.app.inject({ method: 'GET', url: res.body.iconUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await s.call('GET', `${API}/items/${item.id}`, { token: owner.token })).body.iconUrl).toBe(res.body.iconUrl);
    const listed = await s.call('GET', `${API}/items`, { token: owner.token });
    expect(listed.body[0].iconUrl).toBe(res.body.iconUrl);

    const trail = await s.call('GET', `${API}/companies/${owner.company.id}/activity?entityType=item&entityId=${item.id}`, { token: owner.token });
    expect(trail.body[0]).toMatchObject({ action: 'updated', changes: { iconUrl: { from: null, to: res.body.iconUrl } } });

    const removed = await s.call('PATCH', `${API}/items/${item.id}`, { token: owner.token, body: { iconId: null } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ iconId: null, iconUrl: null, name: 'Hydrant' });
  });

  it('refuses a file that is not an image, a wrong type field and a missing file (400), changing nothing', async () => {
    const s = server();
    const owner = await ownerWithCompany(s);
    const item = (await s.call('POST', `${API}/items`, { token: owner.token, body: { name: 'Valve' } })).body;
    const fake = await upload(s, owner.token, item.id, icon({ type: 'icon' }, Buffer.from('<svg onload="alert(1)"></svg>')));
    expect(fake.status).toBe(400);
    expect(fake.body.error.details).toEqual([{ field: 'file', message: 'The file must be a PNG, JPEG, GIF or WebP image' }]);
    const wrongType = await upload(s, owner.token, item.id, icon({ type: 'logo' }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.details).toEqual([{ field: 'type', message: 'type must be icon' }]);
    expect((await s.call('POST', `${API}/items/${item.id}/files`, { token: owner.token, body: {} })).status).toBe(400);

    expect((await s.call('GET', `${API}/items/${item.id}`, { token: owner.token })).body).toMatchObject({ iconId: null, iconUrl: null });
    expect(await storedFiles(s, item.id)).toEqual([]);
  });

  it("answers 404 for another company's item and 403 without items:manage, storing nothing", async () => {
    const s = server();
    const a = await ownerWithCompany(s, 'Alpha');
    const b = await ownerWithCompany(s, 'Bravo');
    const item = (await s.call('POST', `${API}/items`, { token: a.token, body: { name: 'Alpha Item' } })).body;
    expect((await upload(s, b.token, item.id)).status).toBe(404);
    expect((await upload(s, b.token, 999999)).status).toBe(404);
    for (const role of ['Supervisor', 'Member']) {
      const person = await addMember(s, a.company.id, role);
      expect([role, (await upload(s, person.token, item.id)).status]).toEqual([role, 403]);
    }
    expect(await storedFiles(s, item.id)).toEqual([]);
    expect((await s.call('GET', `${API}/items/${item.id}`, { token: a.token })).body.iconUrl).toBeNull();
    const pm = await addMember(s, a.company.id, 'ProjectManager');
    expect((await upload(s, pm.token, item.id)).status).toBe(200);
  });
});
