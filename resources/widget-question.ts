import { filtersRange, type DashboardFilters, type FigureWidgetConfiguration, type Widget } from './dashboard.js';
import { FIGURE_SOURCES, type FigureFilter, type FigureQuery } from './figures.js';

/**
 * A figure widget's question, the same on the dashboard page and for a public dashboard's guest: its
 * stored query with the filters that apply to it, the dashboard's (when the widget uses them), then
 * the widget's own, then a guest's choices; a KPI with a range also asks for the previous period.
 */

/** Later filters win; a range or preset replaces the earlier date choice whole. */
export function narrowFilters(base: DashboardFilters, over: DashboardFilters): DashboardFilters {
  const out: DashboardFilters = { ...base };
  if (over.preset !== undefined || over.range !== undefined) {
    delete out.preset;
    delete out.range;
  }
  for (const [k, v] of Object.entries(over)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

type WidgetParts = Pick<Widget, 'type' | 'filters' | 'configuration'>;

/** The filters a widget answers with. */
export function effectiveFilters(widget: Pick<Widget, 'filters' | 'configuration'>, dashboard: DashboardFilters, chosen: DashboardFilters = {}): DashboardFilters {
  const useDashboard = (widget.configuration as Partial<FigureWidgetConfiguration>).useDashboardFilters !== false;
  return narrowFilters(narrowFilters(useDashboard ? dashboard : {}, widget.filters ?? {}), chosen);
}

export function widgetQuestion(widget: WidgetParts, dashboard: DashboardFilters, today: string, chosen: DashboardFilters = {}): FigureQuery {
  const saved = (widget.configuration as FigureWidgetConfiguration).query;
  const filters = effectiveFilters(widget, dashboard, chosen);
  const declared: Record<string, string> = FIGURE_SOURCES[saved.source].filters;
  const extra: FigureFilter[] = [];
  if (filters.projectId && declared.project) extra.push({ field: 'project', operator: 'eq', value: filters.projectId });
  if (filters.crewId && declared.crew) extra.push({ field: 'crew', operator: 'eq', value: filters.crewId });
  const range = filtersRange(filters, today);
  return {
    ...saved,
    filters: [...(saved.filters ?? []), ...extra],
    ...(range ? { range } : {}),
    ...(widget.type === 'kpi' && range ? { compare: true } : {}),
  };
}
