import { allows, type AccessProfile, type RoleName } from '../../../permissions/index.js';
import type { AttentionKind, DashboardFilters, WidgetLayout, WidgetType } from '../../../resources/dashboard.js';
import { FIGURE_SOURCES, type FigureQuery } from '../../../resources/figures.js';
import { MAP_LAYERS } from '../../../resources/map.js';
import { ATTENTION_PERMISSIONS } from './attention.js';

/** A widget of a default dashboard, as declared (its place is given by its order, two per row of 12 columns). */
interface DefaultWidget {
  title: string;
  type: WidgetType;
  filters?: DashboardFilters;
  configuration: Record<string, unknown>;
  w: number;
  h: number;
}

type Query = Omit<FigureQuery, 'range' | 'compare' | 'filters'> & { filters?: FigureQuery['filters'] };
const figure = (title: string, type: WidgetType, query: Query, opts: { filters?: DashboardFilters; w?: number; h?: number } = {}): DefaultWidget => ({
  title,
  type,
  filters: opts.filters,
  configuration: { query: { filters: [], ...query }, useDashboardFilters: true },
  w: opts.w ?? 6,
  h: opts.h ?? 4,
});
const attention = (kinds: AttentionKind[]): DefaultWidget => ({ title: 'Needs attention', type: 'attention', configuration: { kinds }, w: 6, h: 5 });
const map = (title: string, layer: 'projects' | 'checkins'): DefaultWidget => ({ title, type: 'map', configuration: { layer }, w: 6, h: 5 });

const approved = [{ field: 'status', operator: 'eq' as const, value: 'approved' }];
const last12 = { preset: 'last12Months' } as const;
const last30 = { preset: 'last30' } as const;

const MANAGER: DefaultWidget[] = [
  figure('Approved production by month', 'bar', { source: 'production', measure: { fn: 'sum', field: 'amount' }, groupBy: 'month', filters: approved }, { filters: last12 }),
  figure("This month's production", 'kpi', { source: 'production', measure: { fn: 'sum', field: 'amount' } }, { filters: { preset: 'thisMonth' }, w: 3, h: 2 }),
  figure('Invoices by status', 'pie', { source: 'invoice', measure: { fn: 'sum', field: 'amount' }, groupBy: 'status' }),
  attention(['budgets_in_review', 'productions_to_approve', 'invoices_overdue', 'locates_expiring']),
  map('Projects', 'projects'),
];
const FIELD: DefaultWidget[] = [
  figure('Production by crew', 'bar', { source: 'production', measure: { fn: 'sum', field: 'quantity' }, groupBy: 'crew' }, { filters: last30 }),
  figure('Productions by status', 'pie', { source: 'production', measure: { fn: 'count' }, groupBy: 'status' }, { filters: last30 }),
  figure('Tasks by status', 'bar', { source: 'task', measure: { fn: 'count' }, groupBy: 'status' }),
  attention(['productions_to_approve', 'locates_expiring']),
];

/**
 * The dashboard each role starts with (issue 18): what that job looks at first. Widgets whose source
 * or layer the role may not ask are left out when the dashboard is made (defaultWidgetsFor).
 */
export const DEFAULT_DASHBOARDS: Partial<Record<RoleName, { name: string; widgets: DefaultWidget[] }>> = {
  Owner: { name: 'Company overview', widgets: MANAGER },
  ProjectManager: { name: 'Projects overview', widgets: MANAGER },
  Supervisor: { name: 'Field overview', widgets: FIELD },
  CrewLeader: { name: 'Crew overview', widgets: FIELD },
  Claims: {
    name: 'Claims overview',
    widgets: [
      figure('Damages by month', 'line', { source: 'damage', measure: { fn: 'count' }, groupBy: 'month' }, { filters: last12 }),
      figure('Damages by status', 'pie', { source: 'damage', measure: { fn: 'count' }, groupBy: 'status' }),
      figure('Damage amount', 'kpi', { source: 'damage', measure: { fn: 'sum', field: 'amount' } }, { filters: { preset: 'thisYear' }, w: 3, h: 2 }),
    ],
  },
  HumanResources: {
    name: 'People overview',
    widgets: [
      figure('Check-ins by day', 'line', { source: 'log', measure: { fn: 'count' }, groupBy: 'day' }, { filters: last30 }),
      figure('Check-ins by crew', 'bar', { source: 'log', measure: { fn: 'count' }, groupBy: 'crew' }, { filters: last30 }),
      map('Check-ins', 'checkins'),
    ],
  },
  Crew: {
    name: 'My production',
    widgets: [figure('Production by day', 'bar', { source: 'production', measure: { fn: 'sum', field: 'quantity' }, groupBy: 'day' }, { filters: last30, w: 12 })],
  },
};

/** Whether this viewer may ask what a widget shows: its figures' source, its map layer, its attention kinds. */
export function mayAsk(profile: AccessProfile, type: string, configuration: Record<string, unknown>): boolean {
  if (type === 'map') return MAP_LAYERS.some((l) => l.value === configuration.layer && allows(profile, l.permission));
  if (type === 'attention') return ((configuration.kinds as AttentionKind[] | undefined) ?? []).some((k) => allows(profile, ATTENTION_PERMISSIONS[k]));
  const query = configuration.query as { source?: keyof typeof FIGURE_SOURCES } | undefined;
  if (!query?.source) return true;
  return allows(profile, FIGURE_SOURCES[query.source].permission);
}

/** The role's default widgets this profile may ask, placed left to right, two to a row. */
export function defaultWidgetsFor(role: RoleName, profile: AccessProfile): Array<Omit<DefaultWidget, 'w' | 'h'> & { layout: WidgetLayout }> {
  const declared = DEFAULT_DASHBOARDS[role]?.widgets ?? [];
  const kept = declared
    .filter((w) => mayAsk(profile, w.type, w.configuration))
    .map((w) => (w.type === 'attention' ? { ...w, configuration: { kinds: (w.configuration.kinds as AttentionKind[]).filter((k) => allows(profile, ATTENTION_PERMISSIONS[k])) } } : w));
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return kept.map(({ w, h, ...widget }) => {
    if (x + w > 12) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const layout = { x, y, w, h };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return { ...widget, layout };
  });
}
