import { DERIVED_RULES, holds, type AccessProfile } from '../../../permissions';
import type { AttentionKind, DashboardFilters } from '../../../resources/dashboard';
import { FIGURE_SOURCES } from '../../../resources/figures';
import { dashboardApi } from './dashboard-api';
import { hasRowList, rowsBehind } from './rows-behind';
import { effectiveFilters, widgetQuestion } from '../../../resources/widget-question';
import type { WidgetSource } from './widgets/widget-source';

const mayAsk = (profile: AccessProfile, permission: string) => DERIVED_RULES[permission]?.allows(profile) ?? holds(profile, permission);

/** Widgets of the dashboard page read through the signed-in calls, with the dashboard's filters. */
export function signedInSource(filters: DashboardFilters, today: string, profile: AccessProfile, navigate: (to: string) => void): WidgetSource {
  return {
    filtersOf: (w) => effectiveFilters(w, filters),
    keyOf: (w) => JSON.stringify([w.id, w.type, w.configuration, effectiveFilters(w, filters), today]),
    figures: (w, signal) => dashboardApi.figures(widgetQuestion(w, filters, today), signal),
    attention: (w, signal) => dashboardApi.attention((w.configuration as { kinds: AttentionKind[] }).kinds ?? [], effectiveFilters(w, filters).projectId ?? null, signal),
    markers: (_w, query, signal) => dashboardApi.markers(`/map/markers?${query}`, signal),
    opener: (w) => {
      const q = widgetQuestion(w, filters, today);
      return hasRowList(q.source) && mayAsk(profile, FIGURE_SOURCES[q.source].permission) ? (row) => navigate(rowsBehind(q, row)!) : null;
    },
  };
}
