import { DASHBOARD_MESSAGES } from '../../resources/dashboard.js';
import { FIGURE_MESSAGES } from '../../resources/figures.js';
import { addMember, describeEachDatabase, type TestServer } from './harness.js';
import { companySide, createProject, callAs, type CompanySide } from './project-helpers.js';
import { insertLocate } from './calendar-rows.js';

type Who = { token: string; headers: Record<string, string> };

const KPI = { query: { source: 'production', measure: { fn: 'count' } } };

describeEachDatabase('dashboards: dashboards and widgets', (server) => {
  let s: TestServer;
  let acme: CompanySide;
  let other: CompanySide;
  let pm: Who;
  let supervisor: Who;
  let claims: Who;
  let hr: Who;
  let crew: Who;
  let plain: Who;
  const as = (who: Who) => (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => callAs(s, who, method, path, body);
  const person = async (company: CompanySide, role: string): Promise<Who> => ({ token: (await addMember(s, company.companyId, role)).token, headers: company.headers });
  const newDashboard = async (who: Who, body: Record<string, unknown> = {}) => {
    const res = await as(who)('POST', '/dashboard', { name: 'Mine', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const newWidget = async (who: Who, dashboardId: number, body: Record<string, unknown> = {}) => {
    const res = await as(who)('POST', `/dashboard/${dashboardId}/widget`, { title: 'Count', type: 'kpi', configuration: KPI, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    s = server();
    acme = await companySide(s, 'Acme Dash');
    other = await companySide(s, 'Other Dash');
    pm = await person(acme, 'ProjectManager');
    supervisor = await person(acme, 'Supervisor');
    claims = await person(acme, 'Claims');
    hr = await person(acme, 'HumanResources');
    crew = await person(acme, 'Crew');
    plain = await person(acme, 'Member');
  });

  it('creates, reads, renames, changes and deletes a dashboard, with the trail', async () => {
    const d = await newDashboard(acme, { name: 'Morning', filters: { preset: 'last30' } });
    expect(d).toMatchObject({ name: 'Morning', shared: false, isPublic: false, role: null, canEdit: true, filters: { preset: 'last30' }, publication: null, widgets: [] });
    expect(d.owner).toEqual({ id: acme.user.id, name: acme.user.name });
    expect((await as(acme)('GET', `/dashboard/${d.id}`)).body).toMatchObject({ id: d.id, name: 'Morning' });

    const renamed = await as(acme)('PATCH', `/dashboard/${d.id}`, { name: 'Evening' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Evening');
    const trail = await s.services.db.selectFrom('audit_events').select(['action', 'changes']).where('entity_type', '=', 'dashboard').where('entity_id', '=', String(d.id)).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['created', 'renamed']);
    expect(JSON.parse(trail[1]!.changes)).toEqual({ name: { from: 'Morning', to: 'Evening' } });

    expect((await as(acme)('PATCH', `/dashboard/${d.id}`, { filters: { projectId: null, preset: 'thisMonth' } })).body.filters).toEqual({ projectId: null, preset: 'thisMonth' });
    const w = await newWidget(acme, d.id);
    expect((await as(acme)('DELETE', `/dashboard/${d.id}`)).status).toBe(204);
    expect((await as(acme)('GET', `/dashboard/${d.id}`)).status).toBe(404);
    expect(await s.services.db.selectFrom('dashboard_widgets').select('id').where('id', '=', w.id).execute()).toEqual([]);
  });

  it('refuses bad input with 400 and the field: name, body, widget type, configuration, undeclared figure fields', async () => {
    const noName = await as(acme)('POST', '/dashboard', { name: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.details[0]).toMatchObject({ field: 'name', message: DASHBOARD_MESSAGES.name });
    expect((await as(acme)('POST', '/dashboard', { name: 'x', extra: 1 })).status).toBe(400);
    expect((await as(acme)('PATCH', `/dashboard/${(await newDashboard(acme)).id}`, {})).status).toBe(400);

    const d = await newDashboard(acme);
    const post = (body: Record<string, unknown>) => as(acme)('POST', `/dashboard/${d.id}/widget`, { title: 'W', ...body });
    const badType = await post({ type: 'gauge', configuration: {} });
    expect(badType.status).toBe(400);
    expect(badType.body.error.details[0]).toMatchObject({ field: 'type', message: DASHBOARD_MESSAGES.widgetType });
    // A map's configuration on a KPI, a KPI's on a map, an unknown key, an attention list without kinds.
    for (const [type, configuration] of [['kpi', { layer: 'projects' }], ['map', KPI], ['placeholder', { text: 'x', more: 1 }], ['attention', { kinds: [] }], ['map', { layer: 'damages' }]] as const) {
      const res = await post({ type, configuration });
      expect(res.status, `${type} ${JSON.stringify(configuration)}`).toBe(400);
      expect(res.body.error.details[0].field).toMatch(/^configuration/);
    }
    const undeclared = [
      [{ source: 'production', measure: { fn: 'sum' } }, 'configuration.query.measure', FIGURE_MESSAGES.measure],
      [{ source: 'task', measure: { fn: 'sum', field: 'amount' } }, 'configuration.query.measure', FIGURE_MESSAGES.measure],
      [{ source: 'budget', measure: { fn: 'count' }, groupBy: 'crew' }, 'configuration.query.groupBy', FIGURE_MESSAGES.dimension],
      [{ source: 'production', measure: { fn: 'count' }, filters: [{ field: 'password', operator: 'eq', value: 'x' }] }, 'configuration.query.filters.0.field', FIGURE_MESSAGES.filterField],
      [{ source: 'production', measure: { fn: 'count' }, filters: [{ field: 'crew', operator: 'like', value: 'x' }] }, 'configuration.query.filters.0.operator', FIGURE_MESSAGES.operator],
      [{ source: 'production', measure: { fn: 'count' }, filters: [{ field: 'status', operator: 'eq', value: 'lost' }] }, 'configuration.query.filters.0.value', FIGURE_MESSAGES.value],
    ] as const;
    for (const [query, field, message] of undeclared) {
      const res = await post({ type: 'bar', configuration: { query } });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.details[0]).toEqual({ field, message });
    }
    const raw = await post({ type: 'bar', configuration: { query: { source: 'production; drop table users', measure: { fn: 'count' } } } });
    expect(raw.status).toBe(400);
    expect((await as(acme)('GET', `/dashboard/${d.id}`)).body.widgets).toEqual([]);
  });

  it('widgets: created below the others, read, changed, removed; a widget of another dashboard is a 404', async () => {
    const d = await newDashboard(acme);
    const first = await newWidget(acme, d.id);
    expect(first).toMatchObject({ dashboardId: d.id, type: 'kpi', published: true, layout: { x: 0, y: 0, w: 3, h: 2 }, configuration: { ...KPI, useDashboardFilters: true } });
    const second = await newWidget(acme, d.id, { type: 'map', configuration: { layer: 'projects' }, title: 'Where' });
    expect(second.layout).toEqual({ x: 0, y: 2, w: 6, h: 5 });
    const third = await newWidget(acme, d.id, { type: 'placeholder', configuration: { text: 'Notes' }, layout: { x: 6, y: 0, w: 6, h: 2 } });
    expect(third.layout).toEqual({ x: 6, y: 0, w: 6, h: 2 });
    const overflow = await as(acme)('POST', `/dashboard/${d.id}/widget`, { title: 'Too wide', type: 'placeholder', layout: { x: 8, y: 0, w: 6, h: 2 } });
    expect(overflow.status).toBe(400);
    expect(overflow.body.error.details[0].field).toBe('layout.w');

    expect((await as(acme)('GET', `/dashboard/${d.id}/widget/${second.id}`)).body).toMatchObject({ id: second.id, title: 'Where' });
    const patched = await as(acme)('PATCH', `/dashboard/${d.id}/widget/${first.id}`, { title: 'Productions', configuration: { query: { source: 'production', measure: { fn: 'sum', field: 'quantity' } } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Productions', configuration: { query: { measure: { fn: 'sum', field: 'quantity' } } } });
    expect((await as(acme)('PATCH', `/dashboard/${d.id}/widget/${first.id}`, { configuration: { layer: 'projects' } })).status).toBe(400);

    const elsewhere = await newDashboard(acme);
    for (const [method, body] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE']] as const) {
      expect((await as(acme)(method, `/dashboard/${elsewhere.id}/widget/${first.id}`, body)).status, method).toBe(404);
    }
    expect((await as(acme)('DELETE', `/dashboard/${d.id}/widget/${third.id}`)).status).toBe(204);
    expect((await as(acme)('GET', `/dashboard/${d.id}`)).body.widgets.map((w: any) => w.id)).toEqual([first.id, second.id]);
  });

  it('saves the whole layout in one PATCH, and none of it when one widget is not the dashboard\'s', async () => {
    const d = await newDashboard(acme);
    const a = await newWidget(acme, d.id);
    const b = await newWidget(acme, d.id);
    const other = await newWidget(acme, (await newDashboard(acme)).id);
    const layout = [
      { widgetId: a.id, layout: { x: 6, y: 0, w: 6, h: 3 } },
      { widgetId: b.id, layout: { x: 0, y: 0, w: 6, h: 3 } },
    ];
    const res = await as(acme)('PATCH', `/dashboard/${d.id}`, { layout });
    expect(res.status).toBe(200);
    expect(res.body.widgets.map((w: any) => [w.id, w.layout])).toEqual([[b.id, layout[1]!.layout], [a.id, layout[0]!.layout]]);
    const refused = await as(acme)('PATCH', `/dashboard/${d.id}`, { name: 'Moved', layout: [{ widgetId: a.id, layout: { x: 0, y: 9, w: 1, h: 1 } }, { widgetId: other.id, layout: { x: 0, y: 0, w: 1, h: 1 } }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].field).toBe('layout.1.widgetId');
    const after = (await as(acme)('GET', `/dashboard/${d.id}`)).body;
    expect(after.name).toBe('Mine');
    expect(after.widgets.find((w: any) => w.id === a.id).layout).toEqual(layout[0]!.layout);
    expect((await as(acme)('PATCH', `/dashboard/${d.id}`, { layout: [{ widgetId: a.id, layout: { x: 12, y: 0, w: 1, h: 1 } }] })).status).toBe(400);
  });

  it('private, shared and role dashboards per viewer; projects:manage gates sharing and changing shared ones', async () => {
    const mine = await newDashboard(supervisor, { name: 'Supervisor private' });
    const shared = await newDashboard(pm, { name: 'Everyone', shared: true });
    // The supervisor may not share (no projects:manage).
    expect((await as(supervisor)('POST', '/dashboard', { name: 'x', shared: true })).status).toBe(403);
    expect((await as(supervisor)('PATCH', `/dashboard/${mine.id}`, { shared: true })).status).toBe(403);
    expect((await as(supervisor)('PATCH', `/dashboard/${mine.id}`, { isPublic: true })).status).toBe(403);

    const seen = async (who: Who) => (await as(who)('GET', '/dashboards')).body.map((d: any) => d.name);
    expect(await seen(supervisor)).toEqual(expect.arrayContaining(['Supervisor private', 'Everyone', 'Field overview']));
    expect(await seen(pm)).not.toContain('Supervisor private');
    expect(await seen(pm)).toContain('Projects overview');
    expect(await seen(pm)).not.toContain('Field overview');

    // Another member's private dashboard is a 404 for every route.
    for (const [method, path, body] of [
      ['GET', `/dashboard/${mine.id}`],
      ['PATCH', `/dashboard/${mine.id}`, { name: 'x' }],
      ['DELETE', `/dashboard/${mine.id}`],
      ['POST', `/dashboard/${mine.id}/widget`, { title: 'x', type: 'placeholder' }],
    ] as const) {
      expect((await as(pm)(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // The shared one: everyone sees it; only managers change it.
    const asSupervisor = await as(supervisor)('GET', `/dashboard/${shared.id}`);
    expect(asSupervisor.body.canEdit).toBe(false);
    expect((await as(supervisor)('PATCH', `/dashboard/${shared.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await as(supervisor)('POST', `/dashboard/${shared.id}/widget`, { title: 'x', type: 'placeholder' })).status).toBe(403);
    expect((await as(supervisor)('DELETE', `/dashboard/${shared.id}`)).status).toBe(403);
    expect((await as(acme)('PATCH', `/dashboard/${shared.id}`, { name: 'Company board' })).status).toBe(200);
    expect((await as(pm)('PATCH', `/dashboard/${shared.id}`, { shared: false })).body.shared).toBe(false);
    expect((await as(supervisor)('GET', `/dashboard/${shared.id}`)).status).toBe(404);
    // The owner's own private dashboard is theirs to change without projects:manage.
    expect((await as(supervisor)('PATCH', `/dashboard/${mine.id}`, { name: 'Renamed' })).status).toBe(200);
  });

  it('plain members and guests are refused; crew, claims and HR open theirs', async () => {
    expect((await as(plain)('GET', '/dashboards')).status).toBe(403);
    expect((await as(plain)('POST', '/dashboard', { name: 'x' })).status).toBe(403);
    expect((await as(plain)('GET', '/dashboard/attention')).status).toBe(403);
    expect((await s.call('GET', '/api/v1/dashboards')).status).toBe(401);
    expect((await s.call('POST', '/api/v1/dashboard', { body: { name: 'x' } })).status).toBe(401);
    expect((await as(supervisor)('GET', '/dashboards/public')).status).toBe(403);
    expect((await as(pm)('GET', '/dashboards/public')).status).toBe(200);
  });

  it("makes each role's default dashboard once, with only what the role may ask", async () => {
    const company = await companySide(s, 'Defaults Co');
    const people = {
      Owner: company as Who,
      ProjectManager: await person(company, 'ProjectManager'),
      Supervisor: await person(company, 'Supervisor'),
      CrewLeader: await person(company, 'CrewLeader'),
      Claims: await person(company, 'Claims'),
      HumanResources: await person(company, 'HumanResources'),
      Crew: await person(company, 'Crew'),
    };
    // Two first calls at once make one dashboard.
    const [a, b] = await Promise.all([as(people.Owner)('GET', '/dashboards'), as(people.Owner)('GET', '/dashboards')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const rows = await s.services.db.selectFrom('dashboards').select(['id', 'role', 'owner_user_id', 'shared']).where('company_id', '=', company.companyId).execute();
    expect(rows).toEqual([{ id: expect.any(Number), role: 'Owner', owner_user_id: null, shared: 0 }]);
    const owner = a.body.find((d: any) => d.role === 'Owner');
    expect(owner.widgets.map((w: any) => w.type)).toEqual(['bar', 'kpi', 'pie', 'attention', 'map']);
    expect(owner.widgets.find((w: any) => w.type === 'attention').configuration.kinds).toEqual(['budgets_in_review', 'productions_to_approve', 'invoices_overdue', 'locates_expiring']);
    expect((await as(people.Owner)('GET', '/dashboards')).body.filter((d: any) => d.role).length).toBe(1);
    expect(await s.services.db.selectFrom('dashboard_widgets').select('id').where('dashboard_id', '=', owner.id).execute()).toHaveLength(5);

    const sources = async (who: Who, role: string) => {
      const list = (await as(who)('GET', '/dashboards')).body;
      const d = list.find((x: any) => x.role === role);
      expect(d, role).toBeTruthy();
      return d.widgets.map((w: any) => (w.configuration.query ? `${w.type}:${w.configuration.query.source}` : w.type === 'map' ? `map:${w.configuration.layer}` : `${w.type}:${w.configuration.kinds}`));
    };
    expect(await sources(people.ProjectManager, 'ProjectManager')).toEqual(['bar:production', 'kpi:production', 'pie:invoice', 'attention:budgets_in_review,productions_to_approve,invoices_overdue,locates_expiring', 'map:projects']);
    expect(await sources(people.Supervisor, 'Supervisor')).toEqual(['bar:production', 'pie:production', 'bar:task', 'attention:productions_to_approve,locates_expiring']);
    // A crew leader does not see locates (locate-view).
    expect(await sources(people.CrewLeader, 'CrewLeader')).toEqual(['bar:production', 'pie:production', 'bar:task', 'attention:productions_to_approve']);
    expect(await sources(people.Claims, 'Claims')).toEqual(['line:damage', 'pie:damage', 'kpi:damage']);
    // Human resources see check-ins (checkin-view) but not the check-ins map layer (logs:view).
    expect(await sources(people.HumanResources, 'HumanResources')).toEqual(['line:log', 'bar:log']);
    expect(await sources(people.Crew, 'Crew')).toEqual(['bar:production']);
    // A role dashboard is the managers' to change; others of the role only read it.
    const crewBoard = (await as(people.Crew)('GET', '/dashboards')).body.find((d: any) => d.role === 'Crew');
    expect(crewBoard.canEdit).toBe(false);
    expect((await as(people.Crew)('PATCH', `/dashboard/${crewBoard.id}`, { name: 'x' })).status).toBe(403);
    // Other roles' defaults stay theirs.
    expect((await as(people.Crew)('GET', `/dashboard/${owner.id}`)).status).toBe(404);
  });

  it('keeps another company out of every dashboard and widget route (404)', async () => {
    const d = await newDashboard(acme, { shared: true });
    const w = await newWidget(acme, d.id);
    const them = other as Who;
    for (const [method, path, body] of [
      ['GET', `/dashboard/${d.id}`],
      ['PATCH', `/dashboard/${d.id}`, { name: 'x' }],
      ['PATCH', `/dashboard/${d.id}`, { isPublic: true }],
      ['DELETE', `/dashboard/${d.id}`],
      ['POST', `/dashboard/${d.id}/widget`, { title: 'x', type: 'placeholder' }],
      ['GET', `/dashboard/${d.id}/widget/${w.id}`],
      ['PATCH', `/dashboard/${d.id}/widget/${w.id}`, { title: 'x' }],
      ['DELETE', `/dashboard/${d.id}/widget/${w.id}`],
    ] as const) {
      expect((await as(them)(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Their own dashboard with our widget id: still 404.
    const theirs = await newDashboard(them);
    expect((await as(them)('GET', `/dashboard/${theirs.id}/widget/${w.id}`)).status).toBe(404);
    expect((await as(them)('PATCH', `/dashboard/${theirs.id}`, { layout: [{ widgetId: w.id, layout: { x: 0, y: 0, w: 1, h: 1 } }] })).status).toBe(400);
    expect((await as(them)('GET', '/dashboards')).body.map((x: any) => x.id)).not.toContain(d.id);
    expect((await as(acme)('GET', `/dashboard/${d.id}/widget/${w.id}`)).body.title).toBe('Count');
  });

  it("the widget editor's configuration: defaults and what the viewer may pick", async () => {
    const kpi = await as(claims)('GET', '/dashboard/widget/kpi/configuration');
    expect(kpi.status).toBe(200);
    expect(kpi.body).toMatchObject({ type: 'kpi', size: { w: 3, h: 2 }, configuration: { useDashboardFilters: true } });
    expect(Object.keys(kpi.body.sources).sort()).toEqual(['budget', 'change_order', 'damage', 'invoice', 'invoice_received', 'payment']);
    // Human resources: check-ins (crews:manage) and locates (memberships:manage is locate-manage).
    expect(Object.keys((await as(hr)('GET', '/dashboard/widget/bar/configuration')).body.sources)).toEqual(['log', 'locate']);
    expect(Object.keys((await as(acme)('GET', '/dashboard/widget/chart/configuration')).body.sources)).toHaveLength(10);
    expect((await as(crew)('GET', '/dashboard/widget/map/configuration')).body.layers).toEqual([{ value: 'projects', label: 'Projects' }]);
    expect((await as(acme)('GET', '/dashboard/widget/map/configuration')).body.layers.map((l: any) => l.value)).toEqual(['projects', 'checkins']);
    expect((await as(crew)('GET', '/dashboard/widget/attention/configuration')).body.kinds.map((k: any) => k.value)).toEqual(['budgets_in_review', 'productions_to_approve']);
    expect((await as(acme)('GET', '/dashboard/widget/placeholder/configuration')).body).toMatchObject({ type: 'placeholder', configuration: {} });
    expect((await as(acme)('GET', '/dashboard/widget/gauge/configuration')).status).toBe(400);
    // A widget whose source the viewer may not ask is refused.
    const d = await newDashboard(hr);
    expect((await as(hr)('POST', `/dashboard/${d.id}/widget`, { title: 'x', type: 'kpi', configuration: KPI })).status).toBe(403);
  });

  it('the attention list: overdue and expiring locates of the company only, the most urgent first', async () => {
    const project = await createProject(s, acme.token, acme.companyId);
    const theirs = await createProject(s, other.token, other.companyId);
    const today = new Date().toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    await insertLocate(s, { companyId: acme.companyId, projectId: project.id, ticket: 'T-LATE', expires: day(-2) });
    await insertLocate(s, { companyId: acme.companyId, projectId: project.id, ticket: 'T-SOON', expires: day(1) });
    await insertLocate(s, { companyId: acme.companyId, projectId: project.id, ticket: 'T-LATER', expires: day(10) });
    await insertLocate(s, { companyId: other.companyId, projectId: theirs.id, ticket: 'T-THEIRS', expires: day(0) });
    const res = await as(acme)('GET', '/dashboard/attention?kinds=locates_expiring');
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => [r.kind, r.title, r.detail.split(': ')[1]])).toEqual([
      ['locates_expiring', 'Ticket T-LATE', 'Expired'],
      ['locates_expiring', 'Ticket T-SOON', 'Expires in 1 day'],
    ]);
    expect(res.body[0].url).toMatch(/^\/app\/locates\/\d+$/);
    expect((await as(acme)('GET', `/dashboard/attention?projectId=${theirs.id}`)).body).toEqual([]);
    // Kinds the viewer may not see are left out: crew (no locate-view).
    expect((await as(crew)('GET', '/dashboard/attention?kinds=locates_expiring')).body).toEqual([]);
    expect((await as(acme)('GET', '/dashboard/attention?kinds=everything')).status).toBe(400);
  });
});
