import type { AttentionRow, DashboardFilters, Widget } from '../../../../resources/dashboard';
import type { FigureAnswer, FigureRow } from '../../../../resources/figures';
import type { MapMarkers } from '../../../../resources/map';

/**
 * Where a widget reads its figures: the signed-in calls on the dashboard page, the public calls on
 * a published dashboard. `keyOf` names the question with the filters in force, so a widget asks
 * again when they change.
 */
export interface WidgetSource {
  /** The filters the widget answers with (the dashboard's where it uses them). */
  filtersOf: (widget: Widget) => DashboardFilters;
  keyOf: (widget: Widget) => string;
  figures: (widget: Widget, signal: AbortSignal) => Promise<FigureAnswer>;
  attention: (widget: Widget, signal: AbortSignal) => Promise<AttentionRow[]>;
  /** `query`: layers, bbox and zoom as GET /map/markers takes them. */
  markers: (widget: Widget, query: URLSearchParams, signal: AbortSignal) => Promise<MapMarkers>;
  /** Opens the list of rows behind a figure (a group of it when picked), where one exists and the viewer may open it; null when none. */
  opener: (widget: Widget) => ((row?: FigureRow) => void) | null;
}
