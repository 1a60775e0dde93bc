import { presetRange } from '../../resources/dashboard.js';
import { todayIn } from '../../resources/time-zone.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { call, type Caller } from './budgets-helpers.js';
import { approvedProduction, productionWorld, type ProductionWorld } from './productions-helpers.js';
import { createProject } from './project-helpers.js';

const KPI = { query: { source: 'production', measure: { fn: 'count' } } };

describeEachDatabase('dashboards: public dashboards', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  let owner: Caller;
  let emptyProject: number;
  let strangerProject: number;
  let dashboardId: number;
  let url: string;
  const widgets: Record<'kpi' | 'map' | 'checkins' | 'attention' | 'note', number> = { kpi: 0, map: 0, checkins: 0, attention: 0, note: 0 };
  /** The owner company's production dates, to count what a range holds as the figures model must. */
  let ownDates: string[] = [];

  const guest = (method: 'GET' | 'POST', path: string, body?: unknown) => s.call(method, `/api/v1${path}`, body === undefined ? {} : { body });
  const data = (body: Record<string, unknown>) => guest('POST', '/advanced-filter/public/data', { publicURL: url, widgetId: widgets.kpi, ...body });
  const addWidget = async (who: Caller, id: number, body: Record<string, unknown>) => {
    const res = await call(s, who)('POST', `/dashboard/${id}/widget`, { title: 'W', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
    owner = w.people.owner;
    for (let i = 0; i < 3; i++) await approvedProduction(s, w, { by: 'owner' });
    // The subcontractor's production on the same project is not the owner company's.
    await approvedProduction(s, w, { by: 'sub' });
    ownDates = (await s.services.db.selectFrom('productions').select('date').where('company_id', '=', w.owner.companyId).execute()).map((r) => r.date);
    emptyProject = (await createProject(s, w.owner.token, w.owner.companyId)).id;
    strangerProject = (await createProject(s, w.stranger.token, w.stranger.companyId)).id;
    await call(s, owner)('PATCH', `/projects/${w.projectId}`, { lat: 30.27, lng: -97.74 });

    const d = await call(s, owner)('POST', '/dashboard', { name: 'Progress for the city', filters: {} });
    dashboardId = d.body.id;
    widgets.kpi = (await addWidget(owner, dashboardId, { type: 'kpi', configuration: KPI })).id;
    widgets.map = (await addWidget(owner, dashboardId, { type: 'map', configuration: { layer: 'projects' } })).id;
    widgets.checkins = (await addWidget(owner, dashboardId, { type: 'map', configuration: { layer: 'checkins' } })).id;
    widgets.attention = (await addWidget(owner, dashboardId, { type: 'attention', configuration: { kinds: ['invoices_overdue'] } })).id;
    widgets.note = (await addWidget(owner, dashboardId, { type: 'placeholder', configuration: { text: 'Weekly figures' } })).id;
    const made = await call(s, owner)('PATCH', `/dashboard/${dashboardId}`, { isPublic: true, publicFilters: { presets: ['thisYear', 'last30'], projectIds: [w.projectId, emptyProject] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    url = made.body.publication.publicURL;
  });

  it('publishing answers the URL, who and when; the company list, the trail and the managers know', async () => {
    const d = (await call(s, owner)('GET', `/dashboard/${dashboardId}`)).body;
    expect(d.isPublic).toBe(true);
    expect(url).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(d.publication).toMatchObject({ publicURL: url, publishedBy: { id: owner.userId }, publicFilters: { presets: ['thisYear', 'last30'], projectIds: [w.projectId, emptyProject] } });
    const list = await call(s, w.people.ownerPm)('GET', '/dashboards/public');
    expect(list.body).toEqual([expect.objectContaining({ dashboardId, name: 'Progress for the city', publicURL: url, publishedBy: { id: owner.userId, name: expect.any(String) } })]);
    expect((await call(s, w.people.stranger)('GET', '/dashboards/public')).body).toEqual([]);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'dashboard').where('entity_id', '=', String(dashboardId)).execute();
    expect(trail.map((t) => t.action)).toContain('published');
    const told = await s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select(['m.user_id', 'n.description'])
      .where('n.type', '=', 'dashboard')
      .where('n.company_id', '=', w.owner.companyId)
      .execute();
    expect(told.map((t) => t.user_id)).toContain(w.people.ownerPm.userId);
    expect(told.map((t) => t.user_id)).not.toContain(owner.userId);
  });

  it('is readable without login, with published widgets only and nothing of its owner', async () => {
    const res = await guest('GET', `/dashboard/public/${url}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Progress for the city', companyName: w.owner.companyName, filters: {} });
    expect(res.body.publicFilters.projects.map((p: any) => p.id).sort()).toEqual([w.projectId, emptyProject].sort());
    expect(res.body.publicFilters.projects[0].name).toEqual(expect.any(String));
    // The attention list and the check-ins map name people's work: never public.
    expect(res.body.widgets.map((x: any) => x.id)).toEqual([widgets.kpi, widgets.map, widgets.note]);
    const text = JSON.stringify(res.body);
    for (const secret of ['owner', 'dashboardId', 'published', w.owner.email, 'canEdit']) expect(text).not.toContain(secret);
    const one = await guest('GET', `/dashboard/public/${url}/widget/${widgets.kpi}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: widgets.kpi, type: 'kpi', configuration: { query: KPI.query } });
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.attention}`)).status).toBe(404);
    const mapping = await guest('GET', `/advanced-filter/public/mapping?publicURL=${url}`);
    expect(mapping.status).toBe(200);
    expect(mapping.body.publicFilters.presets).toEqual(['thisYear', 'last30']);
  });

  it("answers a widget's figures with its own question, in its company, narrowed only by exposed filters", async () => {
    const all = await data({});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ unit: 'count', total: String(ownDates.length) });
    expect((await data({ filters: { projectId: emptyProject } })).body.total).toBe('0');
    expect((await data({ filters: { projectId: w.projectId } })).body.total).toBe(String(ownDates.length));
    const company = await s.services.db.selectFrom('companies').select('timezone').where('id', '=', w.owner.companyId).executeTakeFirstOrThrow();
    const range = presetRange('thisYear', todayIn(company.timezone));
    const inYear = ownDates.filter((d) => d >= range.from && d <= range.to).length;
    expect((await data({ filters: { preset: 'thisYear' } })).body.total).toBe(String(inYear));
  });

  it('refuses guest filters outside what is exposed, and any question of their own (400)', async () => {
    for (const filters of [
      { crewId: w.crews.paving },
      { projectId: strangerProject },
      { projectId: null },
      { preset: 'last7' },
      { range: { from: '2020-01-01', to: '2030-01-01' } },
    ]) {
      const res = await data({ filters });
      expect(res.status, JSON.stringify(filters)).toBe(400);
    }
    expect((await data({ query: { source: 'invoice', measure: { fn: 'count' } } })).status).toBe(400);
    expect((await data({ widgetId: widgets.note })).status).toBe(400);
    expect((await data({ widgetId: widgets.attention })).status).toBe(404);
  });

  it("a guest cannot reach another dashboard's or company's widgets, nor expose another company's project", async () => {
    const privateOne = (await call(s, owner)('POST', '/dashboard', { name: 'Internal' })).body;
    const hidden = await addWidget(owner, privateOne.id, { type: 'kpi', configuration: KPI });
    expect((await guest('GET', `/dashboard/public/${url}/widget/${hidden.id}`)).status).toBe(404);
    expect((await data({ widgetId: hidden.id })).status).toBe(404);

    const theirs = (await call(s, w.people.stranger)('POST', '/dashboard', { name: 'Stranger board' })).body;
    const theirWidget = await addWidget(w.people.stranger, theirs.id, { type: 'kpi', configuration: KPI });
    const theirPub = await call(s, w.people.stranger)('PATCH', `/dashboard/${theirs.id}`, { isPublic: true });
    expect(theirPub.status).toBe(200);
    expect((await data({ widgetId: theirWidget.id })).status).toBe(404);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${theirWidget.id}`)).status).toBe(404);
    // Their own URL answers their own figures only: the stranger company produced nothing of ours.
    const theirs0 = await guest('POST', '/advanced-filter/public/data', { publicURL: theirPub.body.publication.publicURL, widgetId: theirWidget.id });
    expect(theirs0.status).toBe(200);
    expect(theirs0.body.total).toBe(String((await s.services.db.selectFrom('productions').select('id').where('company_id', '=', w.stranger.companyId).execute()).length));
    const expose = await call(s, w.people.stranger)('PATCH', `/dashboard/${theirs.id}`, { publicFilters: { projectIds: [w.projectId] } });
    expect(expose.status).toBe(400);
    expect((await call(s, w.people.stranger)('PATCH', `/dashboard/${theirs.id}`, { publicFilters: { crewIds: [w.crews.paving] } })).status).toBe(400);
  });

  it('two requests publishing at once make one live URL', async () => {
    const d = (await call(s, owner)('POST', '/dashboard', { name: 'Raced' })).body;
    const publishing = () => call(s, owner)('PATCH', `/dashboard/${d.id}`, { isPublic: true });
    const [x, y] = await Promise.all([publishing(), publishing()]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.publication.publicURL).toBe(y.body.publication.publicURL);
    const live = await s.services.db.selectFrom('dashboard_publications').select('id').where('dashboard_id', '=', d.id).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    expect((await call(s, owner)('DELETE', `/dashboard/${d.id}`)).status).toBe(204);
  });

  it('a widget added to a public dashboard is hidden until the owner publishes it', async () => {
    const late = await addWidget(owner, dashboardId, { type: 'bar', configuration: { query: { source: 'production', measure: { fn: 'count' }, groupBy: 'month' } } });
    expect(late.published).toBe(false);
    expect((await guest('GET', `/dashboard/public/${url}`)).body.widgets.map((x: any) => x.id)).not.toContain(late.id);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${late.id}`)).status).toBe(404);
    expect((await data({ widgetId: late.id })).status).toBe(404);
    const shown = await call(s, owner)('PATCH', `/dashboard/${dashboardId}/widget/${late.id}`, { published: true });
    expect(shown.body.published).toBe(true);
    expect((await guest('GET', `/dashboard/public/${url}`)).body.widgets.map((x: any) => x.id)).toContain(late.id);
    expect((await data({ widgetId: late.id })).status).toBe(200);
  });

  it("a public map of projects answers the company's project markers", async () => {
    const res = await guest('GET', `/dashboard/public/${url}/widget/${widgets.map}/markers?bbox=-98,30,-97,31&zoom=10`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.points.map((p: any) => [p.layer, p.id])).toEqual([['projects', w.projectId]]);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.kpi}/markers`)).status).toBe(400);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.attention}/markers`)).status).toBe(404);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.checkins}/markers`)).status).toBe(404);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.checkins}`)).status).toBe(404);
  });

  it('unknown, revoked and deleted URLs are the same 404; revoking kills the URL and republishing gives a new one', async () => {
    const unknown = await guest('GET', '/dashboard/public/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    const off = await call(s, owner)('PATCH', `/dashboard/${dashboardId}`, { isPublic: false });
    expect(off.body).toMatchObject({ isPublic: false, publication: null });
    const revoked = await guest('GET', `/dashboard/public/${url}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual(unknown.body);
    expect((await guest('GET', `/dashboard/public/${url}/widget/${widgets.kpi}`)).body).toEqual(unknown.body);
    expect((await data({})).body).toEqual((await guest('POST', '/advanced-filter/public/data', { publicURL: 'nothing', widgetId: widgets.kpi })).body);
    expect((await guest('GET', `/advanced-filter/public/mapping?publicURL=${url}`)).status).toBe(404);
    expect((await call(s, w.people.ownerPm)('GET', '/dashboards/public')).body).toEqual([]);
    // Guest filters need a live publication.
    expect((await call(s, owner)('PATCH', `/dashboard/${dashboardId}`, { publicFilters: { presets: ['last7'] } })).status).toBe(409);

    const again = await call(s, owner)('PATCH', `/dashboard/${dashboardId}`, { isPublic: true });
    const fresh = again.body.publication.publicURL;
    expect(fresh).not.toBe(url);
    expect((await guest('GET', `/dashboard/public/${url}`)).status).toBe(404);
    expect((await guest('GET', `/dashboard/public/${fresh}`)).status).toBe(200);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'dashboard').where('entity_id', '=', String(dashboardId)).execute();
    expect(trail.filter((t) => t.action === 'published')).toHaveLength(2);
    expect(trail.filter((t) => t.action === 'revoked')).toHaveLength(1);

    expect((await call(s, owner)('DELETE', `/dashboard/${dashboardId}`)).status).toBe(204);
    const deleted = await guest('GET', `/dashboard/public/${fresh}`);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(unknown.body);
  });
});

describeEachDatabase(
  'dashboards: the public routes are rate limited per address',
  (server) => {
    it('answers 429 past PUBLIC_RATE_LIMIT requests a minute', async () => {
      const s = server();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await s.call('GET', '/api/v1/dashboard/public/AAAAAAAAAAAAAAAAAAAAAA')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const other = await s.call('GET', '/api/v1/dashboard/public/AAAAAAAAAAAAAAAAAAAAAA', { headers: { 'x-forwarded-for': '10.0.0.9' } });
      expect(other.status).toBe(429);
    });
  },
  { publicRateLimit: 3 },
);
