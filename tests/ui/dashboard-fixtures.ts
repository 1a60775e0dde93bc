import { http, HttpResponse } from 'msw';
import type { Dashboard, PublicDashboard, Widget } from '../../resources/dashboard';
import type { FigureAnswer, FigureMapping, FigureQuery } from '../../resources/figures';
import { FIGURE_SOURCES } from '../../resources/figures';
import { fakeUser } from './fixtures';

export const figureConfig = (groupBy?: string): Record<string, unknown> => ({
  query: { source: 'production', measure: { fn: 'sum', field: 'amount' }, ...(groupBy ? { groupBy } : {}), filters: [] },
  useDashboardFilters: true,
});

export function makeWidget(id: number | string, overrides: Partial<Widget> = {}): Widget {
  return {
    id,
    dashboardId: 1,
    title: `Widget ${id}`,
    type: 'placeholder',
    filters: {},
    configuration: { text: 'Hello' },
    layout: { x: 0, y: 0, w: 4, h: 4 },
    published: true,
    ...overrides,
  };
}

export function makeDashboard(id: number, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    id,
    name: `Dashboard ${id}`,
    isPublic: false,
    shared: false,
    role: null,
    owner: { id: 1, name: 'Dana Field' },
    canEdit: true,
    filters: {},
    publication: null,
    widgets: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });

/**
 * A dashboards server in memory: the dashboards, their widgets, the answers figure widgets get (by
 * widget title through `answers`), and every write it was sent.
 */
export function dashboardStore(dashboards: Dashboard[]) {
  const state = {
    dashboards,
    patches: [] as Array<{ id: number; body: Record<string, unknown> }>,
    widgetPosts: [] as unknown[],
    figureQueries: [] as FigureQuery[],
    /** The answer for a query, by its groupBy ('' without); a function may fail. */
    answer: (_q: FigureQuery): FigureAnswer | Response => ({ unit: 'money', rows: [], total: '0' }),
    /** Holds a new widget's answer until the test lets it go. */
    widgetGate: null as Promise<void> | null,
    widgetFails: false,
    nextWidgetId: 99,
  };
  const find = (id: string | readonly string[] | undefined) => state.dashboards.find((d) => d.id === Number(id));
  const mapping: FigureMapping = { production: FIGURE_SOURCES.production, invoice: FIGURE_SOURCES.invoice };
  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite' })),
    http.get('/api/v1/dashboards', () => HttpResponse.json(state.dashboards.map((d) => ({ ...d, widgets: [] })))),
    http.post('/api/v1/dashboard', async ({ request }) => {
      const body = (await request.json()) as { name: string };
      const d = makeDashboard(50 + state.dashboards.length, { name: body.name });
      state.dashboards.push(d);
      return HttpResponse.json(d, { status: 201 });
    }),
    http.get('/api/v1/dashboard/widget/:type/configuration', ({ params }) =>
      HttpResponse.json({ type: params.type, title: `New ${params.type}`, size: { w: 6, h: 3 }, configuration: {} }),
    ),
    http.get('/api/v1/dashboard/:id', ({ params }) => {
      const d = find(params.id);
      return d ? HttpResponse.json(d) : notFound();
    }),
    http.patch('/api/v1/dashboard/:id', async ({ params, request }) => {
      const d = find(params.id);
      if (!d) return notFound();
      const body = (await request.json()) as Record<string, unknown>;
      state.patches.push({ id: d.id, body });
      Object.assign(d, body.name ? { name: body.name } : {}, body.shared !== undefined ? { shared: body.shared } : {});
      if (body.isPublic === true) {
        d.isPublic = true;
        d.publication = { publicURL: 'pub-abc123', publishedAt: '2026-11-20T15:00:00.000Z', publishedBy: { id: 1, name: 'Dana Field' }, publicFilters: {} };
      }
      if (body.isPublic === false) Object.assign(d, { isPublic: false, publication: null });
      return HttpResponse.json(d);
    }),
    http.delete('/api/v1/dashboard/:id', ({ params }) => {
      state.dashboards = state.dashboards.filter((d) => d.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/dashboard/:id/widget', async ({ params, request }) => {
      const body = (await request.json()) as Omit<Widget, 'id'>;
      state.widgetPosts.push(body);
      if (state.widgetGate) await state.widgetGate;
      if (state.widgetFails) return HttpResponse.json({ error: { statusCode: 500, code: 'INTERNAL', message: 'The database is away' } }, { status: 500 });
      const w = makeWidget(state.nextWidgetId++, { ...body, dashboardId: Number(params.id), published: false });
      find(params.id)?.widgets.push(w);
      return HttpResponse.json(w, { status: 201 });
    }),
    http.patch('/api/v1/dashboard/:id/widget/:widgetId', async ({ params, request }) => {
      const w = find(params.id)?.widgets.find((x) => x.id === Number(params.widgetId));
      if (!w) return notFound();
      Object.assign(w, await request.json());
      return HttpResponse.json(w);
    }),
    http.get('/api/v1/advanced-filter/mapping', () => HttpResponse.json(mapping)),
    http.post('/api/v1/advanced-filter/data', async ({ request }) => {
      const q = (await request.json()) as FigureQuery;
      state.figureQueries.push(q);
      const a = state.answer(q);
      return a instanceof Response ? a : HttpResponse.json(a);
    }),
    // The pickers of the filter bar.
    http.get('/api/v1/projects', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
    http.get('/api/v1/production/crews', () => HttpResponse.json([])),
  ];
  return { state, handlers };
}

export const publicDashboard = (overrides: Partial<PublicDashboard> = {}): PublicDashboard => ({
  name: 'Paving this month',
  companyName: 'Acme Paving',
  companyLogoUrl: null,
  filters: { preset: 'last30' },
  publicFilters: { presets: ['last7', 'last30'], projects: [{ id: 5, name: 'Main Street' }] },
  widgets: [{ id: 3, title: 'Paving by crew', type: 'bar', filters: {}, configuration: figureConfig('crew'), layout: { x: 0, y: 0, w: 6, h: 4 } }],
  ...overrides,
});
