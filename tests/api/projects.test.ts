import { describeEachDatabase, type TestServer } from './harness.js';
import { API, callAs, clientProject, createProject, projectBody, projectFixture } from './project-helpers.js';

async function count(s: TestServer, table: 'projects' | 'budgets' | 'folders' | 'roles' | 'audit_events') {
  const row = await s.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const counts = async (s: TestServer) => ({
  projects: await count(s, 'projects'),
  budgets: await count(s, 'budgets'),
  folders: await count(s, 'folders'),
  roles: await count(s, 'roles'),
  audit: await count(s, 'audit_events'),
});

describeEachDatabase('projects: create and read', (server) => {
  it('creates a project with every field, its budget, folder and project roles, in one audited go', async () => {
    const s = server();
    const f = await projectFixture(s);
    const market = await callAs(s, f.owner, 'POST', `/partnerships/${f.clientPartnershipId}/market`, { name: 'Gulf Coast' });
    const marketId = market.body.markets[0].id;
    const body = projectBody({
      projectName: '  Main Street Fiber ',
      code: 'MSF-1',
      projectNumber: 'PN-77',
      address: '1 Main Street',
      country: 'US',
      state: 'TX',
      city: 'Austin',
      startDate: '2026-03-05T22:00:00-05:00',
      endDate: '2026-12-31',
      clientId: f.client.companyId,
      powoNumber: 4500012345,
      timezone: 'America/Chicago',
      marketId,
      isSinglePart: true,
      requireQuantityOnPDFDraw: true,
      taskBasedProduction: true,
      pdfScaleFactor: '0.50',
      boundariesSettings: { north: 30.1 },
      mapSettings: { zoom: 12 },
      scheduleSettings: { weekStart: 'monday' },
    });
    const res = await callAs(s, f.owner, 'POST', `/companies/${f.owner.companyId}/projects`, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      companyId: f.owner.companyId,
      companyName: 'Owner Paving',
      projectName: 'Main Street Fiber',
      code: 'MSF-1',
      projectNumber: 'PN-77',
      address: '1 Main Street',
      country: 'US',
      state: 'TX',
      city: 'Austin',
      // The instant's UTC day.
      startDate: '2026-03-06',
      endDate: '2026-12-31',
      clientId: f.client.companyId,
      clientName: 'Client Utility',
      clientEmail: 'office@acme.example',
      projectId: null,
      parentName: null,
      powoNumber: '4500012345',
      timezone: 'America/Chicago',
      marketId,
      marketName: 'Gulf Coast',
      isSinglePart: true,
      requireQuantityOnPDFDraw: true,
      taskBasedProduction: true,
      pdfScaleFactor: '0.5',
      boundariesSettings: { north: 30.1 },
      mapSettings: { zoom: 12 },
      scheduleSettings: { weekStart: 'monday' },
      status: 'planned',
      suspendedShutdownReason: null,
      suspendStart: null,
      suspendEnd: null,
      suspendReason: null,
      subProjectCount: 0,
      relation: 'owner',
      canManage: true,
    });
    const id = res.body.id as number;
    const db = s.services.db;
    const budget = await db.selectFrom('budgets').selectAll().where('project_id', '=', id).executeTakeFirstOrThrow();
    expect(res.body.budgetId).toBe(budget.id);
    expect(budget).toMatchObject({ company_id: f.owner.companyId, status: 'draft', single_part: 1 });
    const folder = await db.selectFrom('folders').selectAll().where('id', '=', res.body.folderId).executeTakeFirstOrThrow();
    expect(folder).toMatchObject({ company_id: f.owner.companyId, project_id: id, name: 'MSF-1 – Main Street Fiber' });
    const root = await db.selectFrom('folders').select('id').where('company_id', '=', f.owner.companyId).where('parent_id', 'is', null).executeTakeFirstOrThrow();
    expect(folder.parent_id).toBe(root.id);
    const roles = await db.selectFrom('roles').select('name').where('scope_type', '=', 'project').where('scope_id', '=', id).orderBy('name').execute();
    expect(roles.map((r) => r.name)).toEqual(['Field', 'Project Manager', 'Viewer']);
    const audit = await db.selectFrom('audit_events').selectAll().where('entity_type', '=', 'project').where('entity_id', '=', String(id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['created']);
    expect(audit[0]).toMatchObject({ company_id: f.owner.companyId, actor_user_id: f.owner.user.id });

    const read = await callAs(s, f.owner, 'GET', `/projects/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('keeps a sent client name and e-mail, and names the folder apart when one of that name exists', async () => {
    const s = server();
    const f = await projectFixture(s);
    const first = await clientProject(s, f, { code: 'A1', projectName: 'Ridge', clientName: 'Utility East', clientEmail: 'East@Utility.example' });
    expect(first).toMatchObject({ clientName: 'Utility East', clientEmail: 'East@Utility.example' });
    // A folder already named like the next project's.
    const root = await callAs(s, f.owner, 'GET', '/folders/root');
    await callAs(s, f.owner, 'POST', '/folders', { parentId: root.body.folder.id, name: 'a2 – ridge' });
    const second = await createProject(s, f.owner.token, f.owner.companyId, { code: 'A2', projectName: 'Ridge' });
    const folder = await s.services.db.selectFrom('folders').select('name').where('id', '=', second.folderId!).executeTakeFirstOrThrow();
    expect(folder.name).toBe('A2 – Ridge (2)');
  });

  it('refuses bad input with 400 naming the field, a duplicate code with 409, and changes nothing', async () => {
    const s = server();
    const f = await projectFixture(s);
    const own = await clientProject(s, f, { code: 'DUP-1' });
    const subProject = await createProject(s, f.owner.token, f.owner.companyId, { projectId: own.id });
    const strangers = await createProject(s, f.stranger.token, f.stranger.companyId);
    const strangerMarket = await s.services.db
      .insertInto('markets')
      .values({ company_id: f.stranger.companyId, name: 'Far', search_name: 'far', created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await counts(s);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ projectName: '' }, 'projectName'],
      [{ code: '   ' }, 'code'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: '2026-05-01', endDate: '2026-04-01' }, 'endDate'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ timezone: 'America/Chicago; drop' }, 'timezone'],
      [{ pdfScaleFactor: '-1' }, 'pdfScaleFactor'],
      [{ clientEmail: 'nope' }, 'clientEmail'],
      // The subcontractor is no client of the owner's, the stranger no partner at all.
      [{ clientId: f.sub.companyId }, 'clientId'],
      [{ clientId: f.stranger.companyId }, 'clientId'],
      [{ clientId: 999999 }, 'clientId'],
      [{ projectId: strangers.id }, 'projectId'],
      // Projects nest one level.
      [{ projectId: subProject.id }, 'projectId'],
      [{ projectId: 999999 }, 'projectId'],
      [{ marketId: strangerMarket.id }, 'marketId'],
      [{ marketId: 'one' }, 'marketId'],
      [{ boundariesSettings: [] }, 'boundariesSettings'],
    ];
    for (const [overrides, field] of cases) {
      const res = await callAs(s, f.owner, 'POST', `/companies/${f.owner.companyId}/projects`, projectBody(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(overrides)).toContain(field);
    }
    const nulKey = await callAs(s, f.owner, 'POST', `/companies/${f.owner.companyId}/projects`, projectBody({ mapSettings: { 'zo\u0000om': 1 } }));
    expect(nulKey.status).toBe(400);
    expect(nulKey.body.error.details[0].field).toMatch(/^mapSettings/);
    const dup = await callAs(s, f.owner, 'POST', `/companies/${f.owner.companyId}/projects`, projectBody({ code: 'dup-1' }));
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('A project with code "dup-1" already exists');
    expect(await counts(s)).toEqual(before);
    // Another company may use the same code.
    expect((await callAs(s, f.client, 'POST', `/companies/${f.client.companyId}/projects`, projectBody({ code: 'DUP-1' }))).status).toBe(201);
  });

  it('needs projects:manage in the company the path names; another company is a 404', async () => {
    const s = server();
    const f = await projectFixture(s);
    const before = await counts(s);
    const foreign = await callAs(s, f.stranger, 'POST', `/companies/${f.owner.companyId}/projects`, projectBody());
    expect(foreign.status).toBe(404);
    const bad = await callAs(s, f.stranger, 'POST', `/companies/${f.owner.companyId}/projects`, { projectName: 5 });
    expect(bad.status).toBe(404);
    expect(await counts(s)).toEqual(before);
  });

  it('shows the project to its client read-only and hides it from an unrelated company', async () => {
    const s = server();
    const f = await projectFixture(s);
    const p = await clientProject(s, f);
    const asClient = await callAs(s, f.client, 'GET', `/projects/${p.id}`);
    expect(asClient.status).toBe(200);
    expect(asClient.body).toMatchObject({ id: p.id, relation: 'client', canManage: false });
    expect((await callAs(s, f.stranger, 'GET', `/projects/${p.id}`)).status).toBe(404);
    expect((await callAs(s, f.sub, 'GET', `/projects/${p.id}`)).status).toBe(404);
    expect((await callAs(s, f.owner, 'GET', `/projects/999999`)).status).toBe(404);
    expect((await s.call('GET', `${API}/projects/${p.id}`)).status).toBe(401);
  });
});

const codesOf = (rows: Array<{ code: string }>) => rows.map((r) => r.code);

describeEachDatabase('projects: lists', (server) => {
  it('lists what the active company may see, each with its relation, paged, sorted and filtered in the database', async () => {
    const s = server();
    const f = await projectFixture(s);
    const a = await clientProject(s, f, { code: 'LA', projectName: 'Alder Street', city: 'Austin', startDate: '2026-01-10', status: undefined });
    const b = await clientProject(s, f, { code: 'LB', projectName: 'Birch Lane', city: 'Dallas', startDate: '2026-02-10' });
    const c = await createProject(s, f.owner.token, f.owner.companyId, { code: 'LC', projectName: 'Cedar Road', city: 'Austin', startDate: '2026-03-10' });
    await createProject(s, f.stranger.token, f.stranger.companyId, { code: 'LX', projectName: 'Alder Elsewhere' });
    // The subcontractor works on Birch Lane and runs a sub-project under it.
    expect((await callAs(s, f.owner, 'POST', `/projects/${b.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    const subProject = await createProject(s, f.sub.token, f.sub.companyId, { code: 'SB', projectName: 'Birch Boring', projectId: b.id, clientId: f.owner.companyId });
    expect(subProject).toMatchObject({ projectId: b.id, parentName: 'Birch Lane', clientName: 'Owner Paving' });

    const all = await callAs(s, f.owner, 'GET', '/projects?_sort=code&_order=asc');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(codesOf(all.body)).toEqual(['LA', 'LB', 'LC', 'SB']);
    expect(all.body.map((p: { relation: string; canManage: boolean }) => [p.relation, p.canManage])).toEqual([
      ['owner', true],
      ['owner', true],
      ['owner', true],
      ['client', false],
    ]);
    expect(all.body.find((p: { code: string }) => p.code === 'LB').subProjectCount).toBe(1);

    const page = await callAs(s, f.owner, 'GET', '/projects?_start=1&_end=3&_sort=projectName&_order=desc');
    expect(page.headers['x-total-count']).toBe('4');
    expect(codesOf(page.body)).toEqual(['LB', 'SB']);
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?city=Austin&_sort=code')).body)).toEqual(['LA', 'LC']);
    expect(codesOf((await callAs(s, f.owner, 'GET', `/projects?clientId=${f.client.companyId}&_sort=code`)).body)).toEqual(['LA', 'LB']);
    expect(codesOf((await callAs(s, f.owner, 'GET', `/projects?projectId=${b.id}`)).body)).toEqual(['SB']);
    expect(codesOf((await callAs(s, f.owner, 'GET', `/projects?companyId_ne=${f.owner.companyId}`)).body)).toEqual(['SB']);
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?startDate_gte=2026-02-10&_sort=startDate')).body)).toEqual(['LB', 'LC']);
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?companyName_like=sub')).body)).toEqual(['SB']);
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?parentName=Birch%20Lane')).body)).toEqual(['SB']);
    // q finds a name or a code, never another company's project.
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?q=alder')).body)).toEqual(['LA']);
    expect(codesOf((await callAs(s, f.owner, 'GET', '/projects?q=lc')).body)).toEqual(['LC']);
    expect((await callAs(s, f.owner, 'GET', '/projects?q=Austin')).body).toEqual([]);
    expect((await callAs(s, f.owner, 'GET', '/projects?budget=1')).status).toBe(400);
    expect((await callAs(s, f.owner, 'GET', '/projects?_sort=clientId')).status).toBe(400);

    // The client sees its two projects; the subcontractor the one it works on and its own sub-project.
    const asClient = await callAs(s, f.client, 'GET', '/projects?_sort=code');
    expect(codesOf(asClient.body)).toEqual(['LA', 'LB']);
    expect(asClient.body.every((p: { relation: string; canManage: boolean }) => p.relation === 'client' && !p.canManage)).toBe(true);
    const asSub = await callAs(s, f.sub, 'GET', '/projects?_sort=code');
    expect(asSub.body.map((p: { code: string; relation: string }) => [p.code, p.relation])).toEqual([
      ['LB', 'subcontractor'],
      ['SB', 'owner'],
    ]);
    expect((await callAs(s, f.stranger, 'GET', '/projects')).body.map((p: { code: string }) => p.code)).toEqual(['LX']);
    expect([a.id, c.id]).toHaveLength(2);
  });

  it("answers a company's own, client and parent lists, and the client–subcontractor view", async () => {
    const s = server();
    const f = await projectFixture(s);
    const mine = await clientProject(s, f, { code: 'M1' });
    const other = await createProject(s, f.owner.token, f.owner.companyId, { code: 'M2' });
    expect((await callAs(s, f.owner, 'POST', `/projects/${mine.id}/crew-companies`, { companyId: f.sub.companyId })).status).toBe(201);
    const subProject = await createProject(s, f.sub.token, f.sub.companyId, { code: 'S1', projectId: mine.id, clientId: f.owner.companyId });
    const direct = await createProject(s, f.sub.token, f.sub.companyId, { code: 'S2', clientId: f.owner.companyId });

    const runs = await callAs(s, f.owner, 'GET', `/companies/${f.owner.companyId}/projects/all?_sort=code`);
    expect(codesOf(runs.body)).toEqual(['M1', 'M2']);
    expect(codesOf((await callAs(s, f.client, 'GET', `/companies/${f.client.companyId}/projects/client`)).body)).toEqual(['M1']);
    // The owner is the client of the subcontractor's projects, the sub-project included.
    expect(codesOf((await callAs(s, f.owner, 'GET', `/companies/${f.owner.companyId}/projects/client?_sort=code`)).body)).toEqual(['S1', 'S2']);
    // Parents: top-level projects the company runs or works on as a crew company.
    expect(codesOf((await callAs(s, f.owner, 'GET', `/companies/${f.owner.companyId}/projects/parent?_sort=code`)).body)).toEqual(['M1', 'M2']);
    expect(codesOf((await callAs(s, f.sub, 'GET', `/companies/${f.sub.companyId}/projects/parent?_sort=code`)).body)).toEqual(['M1', 'S2']);
    // Another company's lists are a 404.
    expect((await callAs(s, f.stranger, 'GET', `/companies/${f.owner.companyId}/projects/all`)).status).toBe(404);

    const between = await callAs(s, f.owner, 'GET', `/projects/${f.owner.companyId}/${f.sub.companyId}?_sort=code`);
    expect(between.status).toBe(200);
    expect(codesOf(between.body)).toEqual(['S1', 'S2']);
    expect(codesOf((await callAs(s, f.sub, 'GET', `/projects/${f.owner.companyId}/${f.sub.companyId}?_sort=code`)).body)).toEqual(['S1', 'S2']);
    expect((await callAs(s, f.client, 'GET', `/projects/${f.owner.companyId}/${f.sub.companyId}`)).status).toBe(404);

    const subs = await callAs(s, f.owner, 'GET', `/projects/${mine.id}/sub-projects/0`);
    expect(codesOf(subs.body)).toEqual(['S1']);
    expect(codesOf((await callAs(s, f.owner, 'GET', `/projects/${mine.id}/sub-projects/${f.sub.companyId}`)).body)).toEqual(['S1']);
    expect((await callAs(s, f.owner, 'GET', `/projects/${mine.id}/sub-projects/${f.client.companyId}`)).body).toEqual([]);
    expect((await callAs(s, f.stranger, 'GET', `/projects/${mine.id}/sub-projects/0`)).status).toBe(404);
    expect([other.id, subProject.id, direct.id]).toHaveLength(3);
  });
});
