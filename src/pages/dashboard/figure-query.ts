import { filtersRange, type DashboardFilters, type FigureWidgetConfiguration, type Widget } from '../../../resources/dashboard';
import { FIGURE_SOURCES, type FigureFilter, type FigureQuery } from '../../../resources/figures';

/**
 * The filters a widget answers with: the dashboard's when it uses them (each one set there wins over
 * the widget's own), else only its own.
 */
export function effectiveFilters(widget: Pick<Widget, 'filters' | 'configuration'>, dashboard: DashboardFilters): DashboardFilters {
  const own = widget.filters ?? {};
  if ((widget.configuration as Partial<FigureWidgetConfiguration>).useDashboardFilters === false) return own;
  const dateFromDashboard = dashboard.preset || dashboard.range ? { preset: dashboard.preset, range: dashboard.range } : { preset: own.preset, range: own.range };
  return {
    ...dateFromDashboard,
    projectId: dashboard.projectId ?? own.projectId ?? null,
    crewId: dashboard.crewId ?? own.crewId ?? null,
  };
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
