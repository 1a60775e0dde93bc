import type {
  AttentionKind,
  AttentionRow,
  Dashboard,
  DashboardFilters,
  DashboardPublication,
  PublicDashboard,
  Widget,
  WidgetEditorConfiguration,
  WidgetLayout,
  WidgetType,
} from '../../../resources/dashboard';
import type { FigureAnswer, FigureMapping, FigureQuery } from '../../../resources/figures';
import type { MapMarkers } from '../../../resources/map';
import { apiFetch } from '../../api/http';

/**
 * Every dashboard call of the client, in one place (spec 02 §7 Dashboards). Signed-in calls go
 * through apiFetch with the tab's company; the public ones are anonymous. Failures are shown by the
 * caller (quiet), inline in the widget or the dialog that asked.
 */
export const DASHBOARD_PATHS = {
  list: '/dashboards',
  create: '/dashboard',
  one: (id: number) => `/dashboard/${id}`,
  widgets: (id: number) => `/dashboard/${id}/widget`,
  widget: (id: number, widgetId: number | string) => `/dashboard/${id}/widget/${widgetId}`,
  widgetConfiguration: (type: WidgetType) => `/dashboard/widget/${type}/configuration`,
  figures: '/advanced-filter/data',
  mapping: '/advanced-filter/mapping',
  attention: (kinds: AttentionKind[], projectId: number | null) => {
    const q = new URLSearchParams({ kinds: kinds.join(',') });
    if (projectId !== null) q.set('projectId', String(projectId));
    return `/dashboard/attention?${q}`;
  },
  publicDashboard: (publicURL: string) => `/dashboard/public/${encodeURIComponent(publicURL)}`,
  publicFigures: '/advanced-filter/public/data',
  publicMarkers: (publicURL: string, widgetId: number | string, query: string) =>
    `/dashboard/public/${encodeURIComponent(publicURL)}/widget/${widgetId}/markers?${query}`,
  publications: '/dashboards/public',
} as const;

export interface DashboardPatch {
  name?: string;
  isPublic?: boolean;
  shared?: boolean;
  filters?: DashboardFilters;
  layout?: Array<{ widgetId: number; layout: WidgetLayout }>;
  publicFilters?: { presets?: string[]; projectIds?: number[]; crewIds?: number[] };
}

/** A live public link of the company (GET /dashboards/public); revoked with PATCH /dashboard/{dashboardId} { isPublic: false }. */
export interface PublicationRow extends Omit<DashboardPublication, 'publicFilters'> {
  dashboardId: number;
  name: string;
  publicFilters: DashboardPublication['publicFilters'];
}

export interface WidgetInput {
  title: string;
  type: WidgetType;
  filters: DashboardFilters;
  configuration: Record<string, unknown>;
  layout?: WidgetLayout;
}

const call = async <T>(path: string, method = 'GET', body?: unknown, signal?: AbortSignal) =>
  (await apiFetch<T>(path, { method, body, quiet: true, signal })).data;
/** The page's first call fails loudly, in the generic error dialog (spec 01 §8), as well as in place. */
const loud = async <T>(path: string, signal?: AbortSignal) => (await apiFetch<T>(path, { signal })).data;
const guest = async <T>(path: string, method = 'GET', body?: unknown, signal?: AbortSignal) =>
  (await apiFetch<T>(path, { method, body, quiet: true, anonymous: true, signal })).data;

export const dashboardApi = {
  list: (signal?: AbortSignal) => loud<Dashboard[]>(DASHBOARD_PATHS.list, signal),
  get: (id: number, signal?: AbortSignal) => call<Dashboard>(DASHBOARD_PATHS.one(id), 'GET', undefined, signal),
  create: (body: { name: string; shared?: boolean; filters?: DashboardFilters }) => call<Dashboard>(DASHBOARD_PATHS.create, 'POST', body),
  update: (id: number, body: DashboardPatch) => call<Dashboard>(DASHBOARD_PATHS.one(id), 'PATCH', body),
  remove: (id: number) => call<unknown>(DASHBOARD_PATHS.one(id), 'DELETE'),
  addWidget: (id: number, body: WidgetInput) => call<Widget>(DASHBOARD_PATHS.widgets(id), 'POST', body),
  updateWidget: (id: number, widgetId: number, body: Partial<WidgetInput> & { published?: boolean }) =>
    call<Widget>(DASHBOARD_PATHS.widget(id, widgetId), 'PATCH', body),
  removeWidget: (id: number, widgetId: number) => call<unknown>(DASHBOARD_PATHS.widget(id, widgetId), 'DELETE'),
  widgetConfiguration: (type: WidgetType) => call<WidgetEditorConfiguration>(DASHBOARD_PATHS.widgetConfiguration(type)),
  mapping: () => call<FigureMapping>(DASHBOARD_PATHS.mapping),
  figures: (query: FigureQuery, signal?: AbortSignal) => call<FigureAnswer>(DASHBOARD_PATHS.figures, 'POST', query, signal),
  attention: (kinds: AttentionKind[], projectId: number | null, signal?: AbortSignal) =>
    call<AttentionRow[]>(DASHBOARD_PATHS.attention(kinds, projectId), 'GET', undefined, signal),
  markers: (path: string, signal?: AbortSignal) => call<MapMarkers>(path, 'GET', undefined, signal),
  publications: (signal?: AbortSignal) => call<PublicationRow[]>(DASHBOARD_PATHS.publications, 'GET', undefined, signal),
};

export const publicDashboardApi = {
  get: (publicURL: string, signal?: AbortSignal) => guest<PublicDashboard>(DASHBOARD_PATHS.publicDashboard(publicURL), 'GET', undefined, signal),
  figures: (publicURL: string, widgetId: number | string, filters: DashboardFilters, signal?: AbortSignal) =>
    guest<FigureAnswer>(DASHBOARD_PATHS.publicFigures, 'POST', { publicURL, widgetId, filters }, signal),
  markers: (publicURL: string, widgetId: number | string, query: string, signal?: AbortSignal) =>
    guest<MapMarkers>(DASHBOARD_PATHS.publicMarkers(publicURL, widgetId, query), 'GET', undefined, signal),
};

/** The address a guest opens. */
export const publicLinkOf = (publicURL: string) => `${window.location.origin}/app/public/dashboard/${publicURL}`;
