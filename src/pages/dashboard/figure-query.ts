import { filtersRange, type DashboardFilters, type FigureWidgetConfiguration, type Widget } from '../../../resources/dashboard';
import { FIGURE_SOURCES, type FigureFilter, type FigureQuery } from '../../../resources/figures';

/** Later filters win; a range or preset replaces the earlier date choice whole (as the server's widget-query.ts). */
function narrow(base: DashboardFilters, over: DashboardFilters): DashboardFilters {
  const out: DashboardFilters = { ...base };
  if (over.preset !== undefined || over.range !== undefined) {
    delete out.preset;
    delete out.range;
  }
  for (const [k, v] of Object.entries(over)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** The filters a widget answers with: the dashboard's when it uses them, narrowed by the widget's own. */
export function effectiveFilters(widget: Pick<Widget, 'filters' | 'configuration'>, dashboard: DashboardFilters): DashboardFilters {
  const useDashboard = (widget.configuration as Partial<FigureWidgetConfiguration>).useDashboardFilters !== false;
  return narrow(useDashboard ? dashboard : {}, widget.filters ?? {});
}

/** The question a figure widget sends: its saved query, the date range and the project and crew its source can be narrowed by. */
export function widgetQuery(widget: Pick<Widget, 'type' | 'filters' | 'configuration'>, dashboard: DashboardFilters, today: string): FigureQuery {
  const configuration = widget.configuration as FigureWidgetConfiguration;
  const saved = configuration.query;
  const filters = effectiveFilters(widget, dashboard);
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
