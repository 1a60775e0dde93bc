import { filtersRange, type DashboardFilters, type FigureWidgetConfiguration, type Widget } from '../../../resources/dashboard.js';
import { FIGURE_SOURCES, type FigureFilter, type FigureQuery, type FigureSourceDeclaration } from '../../../resources/figures.js';

/** Later filters win; a range or preset replaces the earlier date choice whole. */
export function narrow(base: DashboardFilters, over: DashboardFilters): DashboardFilters {
  const out: DashboardFilters = { ...base };
  if (over.preset !== undefined || over.range !== undefined) {
    delete out.preset;
    delete out.range;
  }
  for (const [k, v] of Object.entries(over)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * The widget's stored question with the filters that apply to it, as the figures model takes it: the
 * dashboard's (when the widget uses them), then the widget's own, then the viewer's choices; a KPI
 * with a range also asks for the previous period. Public dashboards answer with it; the signed-in
 * figures route can take the same to apply a dashboard's filters.
 */
export function widgetQuery(widget: Widget, dashboardFilters: DashboardFilters, chosen: DashboardFilters, today: string): FigureQuery {
  const config = widget.configuration as FigureWidgetConfiguration;
  const filters = narrow(narrow(config.useDashboardFilters === false ? {} : dashboardFilters, widget.filters), chosen);
  const source: FigureSourceDeclaration = FIGURE_SOURCES[config.query.source];
  const extra: FigureFilter[] = [];
  if (filters.projectId) extra.push({ field: 'project', operator: 'eq', value: filters.projectId });
  if (filters.crewId && source.filters.crew) extra.push({ field: 'crew', operator: 'eq', value: filters.crewId });
  const range = filtersRange(filters, today);
  return {
    ...config.query,
    filters: [...config.query.filters, ...extra],
    ...(range ? { range } : {}),
    ...(range && widget.type === 'kpi' ? { compare: true } : {}),
  };
}

