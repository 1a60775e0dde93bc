import { CREW_HAS_PRODUCTION } from '../../server/modules/crews/crew-service.js';
import { call } from './budgets-helpers.js';
import { productionWorld, recordProduction } from './productions-helpers.js';
import { addMember, companyData, describeEachDatabase, ownerWithCompany, registerUser, type TestServer } from './harness.js';

const API = '/api/v1';

/** A membership row in any state, written straight into the database (the members API is another area). */
async function membership(s: TestServer, companyId: number, name: string, opts: { status?: string; type?: string; role?: string } = {}) {
  const role = await s.services.db
    .selectFrom('roles')
    .select('id')
    .where('scope_type', '=', 'company')
    .where('scope_id', '=', companyId)
    .where('name', '=', opts.role ?? 'Crew')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('memberships')
    .values({
      user_id: null,
      company_id: companyId,
      type: opts.type ?? 'company',
      role_id: role.id,
      status: opts.status ?? 'accepted',
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      notification_settings: '{}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function category(s: TestServer, companyId: number, name: string) {
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('item_categories')
    .values({ company_id: companyId, name, description: null, parent_id: null, color: '#336699', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Everything stored about a company's crews, to show a refused request changed nothing. */
async function stored(s: TestServer, companyId: number) {
  const db = s.services.db;
  const crews = await db.selectFrom('crews').select(['id', 'name', 'updated_at']).where('company_id', '=', companyId).orderBy('id').execute();
  const ids = crews.map((c) => c.id);
  const people = ids.length
    ? await db.selectFrom('crew_members').selectAll().where('crew_id', 'in', ids).orderBy('crew_id').orderBy('membership_id').orderBy('is_leader').execute()
    : [];
  const categories = ids.length
    ? await db.selectFrom('crew_categories').selectAll().where('crew_id', 'in', ids).orderBy('crew_id').orderBy('category_id').execute()
    : [];
  const audits = await db.selectFrom('audit_events').select('id').where('entity_type', '=', 'crew').where('company_id', '=', companyId).execute();
  return { crews, people, categories, audits: audits.length };
}

/** A company with an owner, three accepted people, one invited and one declined, and two categories. */
async function crewCompany(s: TestServer, name = 'Acme Paving') {
  const owner = await ownerWithCompany(s, name);
  const companyId = owner.company.id as number;
  const people = {
    ann: await membership(s, companyId, 'Ann Archer'),
    bob: await membership(s, companyId, 'Bob Baker'),
    cy: await membership(s, companyId, 'Cy Cole', { role: 'CrewLeader' }),
    ivy: await membership(s, companyId, 'Ivy Invited', { status: 'invited' }),
    dee: await membership(s, companyId, 'Dee Declined', { status: 'declined' }),
  };
  const categories = { asphalt: await category(s, companyId, 'Asphalt'), concrete: await category(s, companyId, 'Concrete') };
  return { ...owner, companyId, people, categories };
}

describeEachDatabase('crews', (server) => {
  it('creates a crew with members, leaders and categories, answered with names, and records it', async () => {
    const s = server();
    const { token, companyId, people, categories } = await crewCompany(s);
    const res = await s.call('POST', `${API}/crews`, {
      token,
      body: { name: '  Paving Crew A ', members: [people.bob, people.ann, people.ivy, people.ann], leaders: [people.cy], categories: [categories.concrete, categories.asphalt] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      companyId,
      name: 'Paving Crew A',
      members: [
        { id: people.ann, name: 'Ann Archer', status: 'accepted', roleName: 'Crew' },
        { id: people.bob, name: 'Bob Baker', status: 'accepted' },
        { id: people.ivy, name: 'Ivy Invited', status: 'invited' },
      ],
      leaders: [{ id: people.cy, name: 'Cy Cole', roleName: 'CrewLeader' }],
      categories: [
        { id: categories.asphalt, name: 'Asphalt', color: '#336699', parentId: null },
        { id: categories.concrete, name: 'Concrete' },
      ],
    });
    const read = await s.call('GET', `${API}/crews/${res.body.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);

    const activity = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=crew&entityId=${res.body.id}`, { token });
    expect(activity.body).toHaveLength(1);
    expect(activity.body[0]).toMatchObject({
      action: 'created',
      changes: {
        name: { from: null, to: 'Paving Crew A' },
        members: { from: null, to: ['Ann Archer', 'Bob Baker', 'Ivy Invited'] },
        leaders: { from: null, to: ['Cy Cole'] },
        categories: { from: null, to: ['Asphalt', 'Concrete'] },
      },
    });
  });

  it('lists crews paged, sorted and filtered, with head counts and names', async () => {
    const s = server();
    const { token, people, categories } = await crewCompany(s);
    const make = async (name: string, members: number[], leaders: number[], cats: number[] = []) =>
      (await s.call('POST', `${API}/crews`, { token, body: { name, members, leaders, categories: cats } })).body;
    const north = await make('North', [people.ann, people.bob, people.ivy], [people.cy], [categories.asphalt]);
    await make('South', [people.bob], []);
    const east = await make('East', [], [people.ann, people.cy], [categories.concrete]);

    const all = await s.call('GET', `${API}/crews`, { token });
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body.map((c: { name: string }) => c.name)).toEqual(['East', 'North', 'South']);
    expect(all.body[1]).toMatchObject({
      memberCount: 3,
      leaderCount: 1,
      memberNames: 'Ann Archer, Bob Baker, Ivy Invited',
      leaderNames: 'Cy Cole',
      members: [
        { id: people.ann, name: 'Ann Archer' },
        { id: people.bob, name: 'Bob Baker' },
        { id: people.ivy, name: 'Ivy Invited' },
      ],
    });

    const byCount = await s.call('GET', `${API}/crews?_sort=memberCount,name&_order=desc,asc&_start=0&_end=2`, { token });
    expect(byCount.headers['x-total-count']).toBe('3');
    expect(byCount.body.map((c: { name: string }) => c.name)).toEqual(['North', 'South']);
    const names = async (query: string) => (await s.call('GET', `${API}/crews?${query}`, { token })).body.map((c: { name: string }) => c.name);
    expect(await names('name_like=OR')).toEqual(['North']);
    expect(await names('name_startsWith=s')).toEqual(['South']);
    expect(await names('memberCount_gt=0&leaderCount_gt=0')).toEqual(['North']);
    expect(await names(`memberId=${people.bob}`)).toEqual(['North', 'South']);
    expect(await names(`leaderId=${people.ann}`)).toEqual(['East']);
    expect(await names(`categoryId=${categories.concrete}&categoryId=${categories.asphalt}`)).toEqual(['East', 'North']);
    expect(await names('q=eas')).toEqual(['East']);
    expect(north.id).not.toBe(east.id);

    for (const bad of ['memberId=abc', 'secret_like=x', '_sort=memberNames', 'memberCount_like=3']) {
      const res = await s.call('GET', `${API}/crews?${bad}`, { token });
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.body.error.details?.length).toBeGreaterThan(0);
    }
  });

  it('updates name, members, leaders and categories; lists not sent are kept', async () => {
    const s = server();
    const { token, companyId, people, categories } = await crewCompany(s);
    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Night', members: [people.ann], leaders: [people.cy], categories: [categories.asphalt] } })).body;

    const renamed = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { name: 'Night Shift', members: [people.bob, people.ivy] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Night Shift');
    expect(renamed.body.members.map((p: { id: number }) => p.id)).toEqual([people.bob, people.ivy]);
    expect(renamed.body.leaders.map((p: { id: number }) => p.id)).toEqual([people.cy]);
    expect(renamed.body.categories.map((c: { id: number }) => c.id)).toEqual([categories.asphalt]);

    const cleared = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { leaders: [], categories: [categories.concrete] } });
    expect(cleared.body.leaders).toEqual([]);
    expect(cleared.body.categories.map((c: { name: string }) => c.name)).toEqual(['Concrete']);

    // A no-op save is not an event.
    const same = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { name: 'Night Shift', members: [people.ivy, people.bob] } });
    expect(same.status).toBe(200);

    const activity = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=crew&entityId=${crew.id}`, { token });
    expect(activity.body.map((e: { action: string }) => e.action)).toEqual(['updated', 'updated', 'created']);
    expect(activity.body[1].changes).toEqual({
      name: { from: 'Night', to: 'Night Shift' },
      members: { from: ['Ann Archer'], to: ['Bob Baker', 'Ivy Invited'] },
    });
    expect(activity.body[0].changes).toEqual({ leaders: { from: ['Cy Cole'], to: [] }, categories: { from: ['Asphalt'], to: ['Concrete'] } });
  });

  it('deletes a crew with its assignments and records it', async () => {
    const s = server();
    const { token, companyId, people, categories } = await crewCompany(s);
    const keep = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Keep', members: [people.ann] } })).body;
    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Gone', members: [people.ann], leaders: [people.cy], categories: [categories.asphalt] } })).body;
    const res = await s.call('DELETE', `${API}/crews/${crew.id}`, { token });
    expect(res.status).toBe(204);
    expect((await s.call('GET', `${API}/crews/${crew.id}`, { token })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/crews/${crew.id}`, { token })).status).toBe(404);
    const after = await stored(s, companyId);
    expect(after.crews.map((c) => c.id)).toEqual([keep.id]);
    expect(after.people).toEqual([{ crew_id: keep.id, membership_id: people.ann, is_leader: 0 }]);
    expect(after.categories).toEqual([]);
    const left = await s.services.db.selectFrom('crew_categories').select('crew_id').where('crew_id', '=', crew.id).execute();
    expect(left).toEqual([]);
    const activity = await s.call('GET', `${API}/companies/${companyId}/activity?entityType=crew&entityId=${crew.id}`, { token });
    expect(activity.body[0]).toMatchObject({ action: 'deleted', changes: { name: { from: 'Gone', to: null }, leaders: { from: ['Cy Cole'], to: null } } });
  });

  it('keeps a crew that recorded production: deleting it is a 409 that changes nothing', async () => {
    const s = server();
    const w = await productionWorld(s);
    await recordProduction(s, w, w.people.ownerLeader);
    const res = await call(s, w.people.owner)('DELETE', `/crews/${w.crews.paving}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CREW_HAS_PRODUCTION);
    expect(await s.services.db.selectFrom('crew_members').select('membership_id').where('crew_id', '=', w.crews.paving).execute()).toHaveLength(2);
    expect((await call(s, w.people.owner)('DELETE', `/crews/${w.crews.stranger}`)).status).toBe(404);
  });

  it('answers 409 for a name already used in the company, whatever its case, changing nothing', async () => {
    const s = server();
    const { token, companyId } = await crewCompany(s);
    await s.call('POST', `${API}/crews`, { token, body: { name: 'Paving' } });
    const other = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Milling' } })).body;
    const before = await stored(s, companyId);
    const dup = await s.call('POST', `${API}/crews`, { token, body: { name: 'PAVING' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'CREW_NAME_TAKEN', message: 'A crew named "PAVING" already exists' });
    const rename = await s.call('PATCH', `${API}/crews/${other.id}`, { token, body: { name: 'paving' } });
    expect(rename.status).toBe(409);
    expect(await stored(s, companyId)).toEqual(before);
    // The same name is free in another company.
    const elsewhere = await ownerWithCompany(s, 'Elsewhere');
    expect((await s.call('POST', `${API}/crews`, { token: elsewhere.token, body: { name: 'Paving' } })).status).toBe(201);
  });

  it('answers 400 with per-field details for bad input, changing nothing', async () => {
    const s = server();
    const { token, companyId, people } = await crewCompany(s);
    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Base', members: [people.ann] } })).body;
    const before = await stored(s, companyId);
    const cases: Array<[unknown, string]> = [
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'Ok', members: 'ann' }, 'members'],
      [{ name: 'Ok', members: [people.ann, -1] }, 'members.1'],
      [{ name: 'Ok', leaders: ['1'] }, 'leaders.0'],
      [{ name: 'Ok', categories: [1.5] }, 'categories.0'],
    ];
    for (const [body, field] of cases) {
      const res = await s.call('POST', `${API}/crews`, { token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const patch = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { name: '', members: [people.bob] } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details).toEqual([{ field: 'name', message: 'Crew name is required' }]);
    const unknown = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { company_id: 99 } });
    expect(unknown.status).toBe(400);
    expect(await stored(s, companyId)).toEqual(before);
  });

  it('refuses people and categories that are not assignable in this company (400, each one named), changing nothing', async () => {
    const s = server();
    const { token, companyId, people, categories } = await crewCompany(s);
    const other = await crewCompany(s, 'Other Co');
    const projectOnly = await membership(s, companyId, 'Pat Project', { type: 'project' });
    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Base', members: [people.ann], categories: [categories.asphalt] } })).body;
    const before = await stored(s, companyId);
    const beforeOther = await stored(s, other.companyId);

    const res = await s.call('POST', `${API}/crews`, {
      token,
      body: { name: 'Mixed', members: [people.ann, other.people.ann, people.dee], leaders: [projectOnly, 999999], categories: [categories.asphalt, other.categories.asphalt] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'members.1', message: `Member #${other.people.ann} is not in this company` },
      { field: 'members.2', message: `Member #${people.dee} is not in this company` },
      { field: 'leaders.0', message: `Member #${projectOnly} is not in this company` },
      { field: 'leaders.1', message: 'Member #999999 is not in this company' },
      { field: 'categories.1', message: `Category #${other.categories.asphalt} is not in this company` },
    ]);

    const patch = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { name: 'Renamed', members: [people.bob], leaders: [other.people.cy] } });
    expect(patch.status).toBe(400);
    expect(patch.body.error.details).toEqual([{ field: 'leaders.0', message: `Member #${other.people.cy} is not in this company` }]);
    const cats = await s.call('PATCH', `${API}/crews/${crew.id}`, { token, body: { categories: [other.categories.concrete] } });
    expect(cats.status).toBe(400);

    expect(await stored(s, companyId)).toEqual(before);
    expect(await stored(s, other.companyId)).toEqual(beforeOther);
  });

  it('lets Owner, ProjectManager, Supervisor and HumanResources manage crews; Member, Crew and CrewLeader get 403', async () => {
    const s = server();
    const { token, companyId, people } = await crewCompany(s);
    const crew = (await s.call('POST', `${API}/crews`, { token, body: { name: 'Shared', members: [people.ann] } })).body;

    for (const role of ['ProjectManager', 'Supervisor', 'HumanResources']) {
      const user = await addMember(s, companyId, role);
      const t = user.token;
      const made = await s.call('POST', `${API}/crews`, { token: t, body: { name: `By ${role}`, members: [people.bob], leaders: [people.cy] } });
      expect({ role, status: made.status }).toEqual({ role, status: 201 });
      expect((await s.call('GET', `${API}/crews`, { token: t })).status).toBe(200);
      expect((await s.call('GET', `${API}/crews/${crew.id}`, { token: t })).status).toBe(200);
      expect((await s.call('PATCH', `${API}/crews/${made.body.id}`, { token: t, body: { name: `${role} crew` } })).status).toBe(200);
      expect((await s.call('GET', `${API}/crews/member-options`, { token: t })).status).toBe(200);
      expect((await s.call('GET', `${API}/crews/category-options`, { token: t })).status).toBe(200);
      expect((await s.call('DELETE', `${API}/crews/${made.body.id}`, { token: t })).status).toBe(204);
    }

    const before = await stored(s, companyId);
    for (const role of ['Member', 'Crew', 'CrewLeader']) {
      const t = (await addMember(s, companyId, role)).token;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `${API}/crews`],
        ['POST', `${API}/crews`, { name: `By ${role}` }],
        ['GET', `${API}/crews/${crew.id}`],
        ['PATCH', `${API}/crews/${crew.id}`, { name: 'Taken over' }],
        ['DELETE', `${API}/crews/${crew.id}`],
        ['GET', `${API}/crews/member-options`],
        ['GET', `${API}/crews/category-options`],
      ];
      for (const [method, url, body] of calls) {
        const res = await s.call(method as 'GET', url, { token: t, body });
        expect({ role, method, url, status: res.status }).toEqual({ role, method, url, status: 403 });
      }
    }
    expect(await stored(s, companyId)).toEqual({ ...before, audits: before.audits });
    for (const [method, url] of [['GET', `${API}/crews`], ['GET', `${API}/crews/${crew.id}`], ['DELETE', `${API}/crews/${crew.id}`]] as const) {
      expect((await s.call(method, url)).status).toBe(401);
    }
  });

  it("keeps each company's crews to itself: another company's crew is a 404 and stays as it was", async () => {
    const s = server();
    const a = await crewCompany(s, 'Alpha');
    const b = await crewCompany(s, 'Bravo');
    const crew = (await s.call('POST', `${API}/crews`, { token: a.token, body: { name: 'Alpha crew', members: [a.people.ann] } })).body;
    await s.call('POST', `${API}/crews`, { token: b.token, body: { name: 'Bravo crew' } });
    const before = await stored(s, a.companyId);

    expect((await s.call('GET', `${API}/crews/${crew.id}`, { token: b.token })).status).toBe(404);
    expect((await s.call('PATCH', `${API}/crews/${crew.id}`, { token: b.token, body: { name: 'Stolen', members: [b.people.ann] } })).status).toBe(404);
    expect((await s.call('DELETE', `${API}/crews/${crew.id}`, { token: b.token })).status).toBe(404);
    const list = await s.call('GET', `${API}/crews`, { token: b.token });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Bravo crew']);
    expect(list.headers['x-total-count']).toBe('1');
    const found = await s.call('GET', `${API}/crews?memberId=${a.people.ann}`, { token: b.token });
    expect(found.body).toEqual([]);
    // A's people and categories are not B's to assign.
    const planted = await s.call('POST', `${API}/crews`, { token: b.token, body: { name: 'Planted', members: [a.people.ann], categories: [a.categories.asphalt] } });
    expect(planted.status).toBe(400);
    expect(await stored(s, a.companyId)).toEqual(before);
    const options = await s.call('GET', `${API}/crews/member-options?_end=100`, { token: b.token });
    expect(options.body.map((p: { id: number }) => p.id)).not.toContain(a.people.ann);
  });

  it('acts in the active company: the default company, or the one named by X-Company-Id', async () => {
    const s = server();
    const a = await crewCompany(s, 'Alpha');
    // The same owner creates a second company, which becomes the default one.
    const second = await s.call('POST', `${API}/companies`, { token: a.token, body: companyData({ name: 'Second' }) });
    expect(second.status).toBe(201);
    await s.call('PATCH', `${API}/users/me/company/${second.body.id}`, { token: a.token });
    await s.call('POST', `${API}/crews`, { token: a.token, body: { name: 'In second' } });
    await s.call('POST', `${API}/crews`, { token: a.token, headers: { 'x-company-id': String(a.companyId) }, body: { name: 'In alpha' } });
    const inSecond = await s.call('GET', `${API}/crews`, { token: a.token });
    expect(inSecond.body.map((c: { name: string }) => c.name)).toEqual(['In second']);
    const inAlpha = await s.call('GET', `${API}/crews`, { token: a.token, headers: { 'x-company-id': String(a.companyId) } });
    expect(inAlpha.body.map((c: { name: string }) => c.name)).toEqual(['In alpha']);
    // Alpha's people are not assignable while Second is active.
    const wrong = await s.call('POST', `${API}/crews`, { token: a.token, body: { name: 'Wrong', members: [a.people.ann] } });
    expect(wrong.status).toBe(400);
    const stranger = await registerUser(s);
    expect((await s.call('GET', `${API}/crews`, { token: stranger.token })).status).toBe(403);
    // Naming a company one is not in is the same 404 as a company that does not exist.
    expect((await s.call('GET', `${API}/crews`, { token: stranger.token, headers: { 'x-company-id': String(a.companyId) } })).status).toBe(404);
  });

  it('offers accepted and invited members, and item categories, searchable on the server', async () => {
    const s = server();
    const { token, people, categories } = await crewCompany(s);
    const other = await crewCompany(s, 'Other');
    const options = await s.call('GET', `${API}/crews/member-options?_end=100`, { token });
    expect(options.status).toBe(200);
    const names = options.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Ann Archer', 'Bob Baker', 'Cy Cole', 'Ivy Invited', 'Test Person']);
    expect(names).not.toContain('Dee Declined');
    expect(options.body.map((p: { id: number }) => p.id)).not.toContain(other.people.ann);
    expect(options.body.find((p: { id: number }) => p.id === people.ivy)).toEqual({ id: people.ivy, name: 'Ivy Invited', email: expect.any(String), status: 'invited', roleName: 'Crew' });
    const search = await s.call('GET', `${API}/crews/member-options?q=bak`, { token });
    expect(search.body.map((p: { id: number }) => p.id)).toEqual([people.bob]);
    expect(search.headers['x-total-count']).toBe('1');
    const paged = await s.call('GET', `${API}/crews/member-options?_start=0&_end=2`, { token });
    expect(paged.body).toHaveLength(2);

    const cats = await s.call('GET', `${API}/crews/category-options`, { token });
    expect(cats.body.map((c: { id: number }) => c.id)).toEqual([categories.asphalt, categories.concrete]);
    const catSearch = await s.call('GET', `${API}/crews/category-options?q=conc`, { token });
    expect(catSearch.body.map((c: { name: string }) => c.name)).toEqual(['Concrete']);
    expect((await s.call('GET', `${API}/crews/member-options?role_like=x`, { token })).status).toBe(400);
  });
});
