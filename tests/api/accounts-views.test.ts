import { describeEachDatabase, registerUser, type TestServer } from './harness.js';

const views = async (s: TestServer, token: string) => (await s.call('GET', '/api/v1/users/me', { token })).body.user.views;

describeEachDatabase('accounts: saved views', (server) => {
  const create = (token: string, body: unknown) => server().call('POST', '/api/v1/users/me/views', { token, body });
  const update = (token: string, body: unknown) => server().call('PATCH', '/api/v1/users/me/views', { token, body });
  const remove = (token: string, body: unknown) => server().call('DELETE', '/api/v1/users/me/views', { token, body });

  it('creates, lists, updates and deletes a view', async () => {
    const { token } = await registerUser(server());
    const filters = { status: { operator: 'equals', value: 'open' }, sort: [{ field: 'name', order: 'asc' }] };
    const created = await create(token, { type: 'projects', name: 'Open projects', filters });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      type: 'projects',
      name: 'Open projects',
      filters,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await views(server(), token)).toEqual([created.body]);

    const updated = await update(token, { view: created.body.id, form: { name: 'Still open', filters: { status: 'open' } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, type: 'projects', name: 'Still open', filters: { status: 'open' }, createdAt: created.body.createdAt });
    expect(await views(server(), token)).toEqual([updated.body]);

    const renamedOnly = await update(token, { view: created.body.id, form: { name: 'Renamed' } });
    expect(renamedOnly.body).toMatchObject({ name: 'Renamed', filters: { status: 'open' } });

    const deleted = await remove(token, { view: created.body.id });
    expect(deleted.status).toBe(204);
    expect(await views(server(), token)).toEqual([]);
    expect((await update(token, { view: created.body.id, form: { name: 'Gone' } })).status).toBe(404);
    expect((await remove(token, { view: created.body.id })).status).toBe(404);

    const actions = await server()
      .services.db.selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'user_view')
      .where('entity_id', '=', String(created.body.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
  });

  it('accepts the spec\'s type and filters alone, naming the view "View N" with the first N free for that grid', async () => {
    const { token } = await registerUser(server());
    const first = await create(token, { type: 'crews', filters: { name: 'North' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'crews', name: 'View 1', filters: { name: 'North' } });
    expect((await create(token, { type: 'crews', name: 'View 3', filters: {} })).status).toBe(201);
    expect((await create(token, { type: 'crews', filters: {} })).body.name).toBe('View 2');
    expect((await create(token, { type: 'crews', filters: {} })).body.name).toBe('View 4');
    expect((await create(token, { type: 'items', filters: {} })).body.name).toBe('View 1');

    expect((await remove(token, { view: first.body.id })).status).toBe(204);
    expect((await create(token, { type: 'crews', filters: {} })).body.name).toBe('View 1');
    const names = (await views(server(), token)).map((v: { type: string; name: string }) => `${v.type}/${v.name}`);
    expect(names.sort()).toEqual(['crews/View 1', 'crews/View 2', 'crews/View 3', 'crews/View 4', 'items/View 1']);
  });

  it('refuses a second view with the same type and name (409) but allows it for another type', async () => {
    const { token } = await registerUser(server());
    expect((await create(token, { type: 'projects', name: 'Mine', filters: {} })).status).toBe(201);
    const dup = await create(token, { type: 'projects', name: 'Mine', filters: { a: 1 } });
    expect(dup.status).toBe(409);
    expect((await create(token, { type: 'crews', name: 'Mine', filters: {} })).status).toBe(201);
    const other = await create(token, { type: 'projects', name: 'Other', filters: {} });
    const rename = await update(token, { view: other.body.id, form: { name: 'Mine' } });
    expect(rename.status).toBe(409);
    const names = (await views(server(), token)).map((v: { type: string; name: string }) => `${v.type}/${v.name}`);
    expect(names.sort()).toEqual(['crews/Mine', 'projects/Mine', 'projects/Other']);
  });

  it("answers 404 for another user's view and leaves it untouched", async () => {
    const owner = await registerUser(server());
    const intruder = await registerUser(server());
    const view = (await create(owner.token, { type: 'projects', name: 'Private', filters: { a: 1 } })).body;
    const patch = await update(intruder.token, { view: view.id, form: { name: 'Hijacked' } });
    expect(patch.status).toBe(404);
    expect(patch.body.error.message).toBe('View not found');
    const del = await remove(intruder.token, { view: view.id });
    expect(del.status).toBe(404);
    expect(del.body.error.message).toBe('View not found');
    expect(await views(server(), owner.token)).toEqual([view]);
  });

  it('answers bad input with 400 and per-field details, changing nothing', async () => {
    const { token } = await registerUser(server());
    const view = (await create(token, { type: 'projects', name: 'Keep me', filters: { a: 1 } })).body;

    const badCreate = await create(token, { type: '', name: '  ', filters: 'everything' });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['filters', 'name', 'type']);
    expect(badCreate.body.error.details).toContainEqual({ field: 'name', message: 'View name is required' });

    const badUpdate = await update(token, { view: 'first', form: { name: '' } });
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['form.name', 'view']);

    const badDelete = await remove(token, { view: -1 });
    expect(badDelete.status).toBe(400);
    expect(badDelete.body.error.details).toEqual([expect.objectContaining({ field: 'view' })]);

    expect(await views(server(), token)).toEqual([view]);
  });
});
