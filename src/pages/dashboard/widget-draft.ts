import {
  ATTENTION_KINDS,
  isFigureWidget,
  type AttentionKind,
  type DashboardFilters,
  type FigureWidgetConfiguration,
  type Widget,
  type WidgetType,
} from '../../../resources/dashboard';
import {
  checkFigureQuery,
  figureQuery,
  type FigureDimension,
  type FigureFilterType,
  type FigureMapping,
  type FigureMeasureFn,
  type FigureOperator,
  type FigureSource,
  type FigureValueField,
} from '../../../resources/figures';
import type { MapLayer } from '../../../resources/map';

/** One filter row as typed in the editor; values are text until saved ("in" takes a comma list). */
export interface DraftFilter {
  field: string;
  operator: FigureOperator;
  value: string;
}

/** What the widget editor holds while the user edits. */
export interface WidgetDraft {
  title: string;
  type: WidgetType;
  source: FigureSource | '';
  /** 'count', or 'sum:amount', 'avg:quantity', … */
  measure: string;
  groupBy: FigureDimension | '';
  filters: DraftFilter[];
  limit: string;
  useDashboardFilters: boolean;
  chart: 'bar' | 'line' | 'pie';
  layer: MapLayer;
  kinds: AttentionKind[];
  text: string;
  widgetFilters: DashboardFilters;
}

export const DIMENSION_LABELS: Record<FigureDimension, string> = {
  project: 'Project',
  crew: 'Crew',
  item: 'Item',
  category: 'Category',
  client: 'Client',
  status: 'Status',
  type: 'Type',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};
export const OPERATOR_LABELS: Record<FigureOperator, string> = {
  eq: 'is',
  ne: 'is not',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  like: 'contains',
  startsWith: 'starts with',
  endsWith: 'ends with',
  in: 'is any of',
};
const FIELD_LABELS: Record<FigureValueField, string> = { quantity: 'quantity', amount: 'amount', paid: 'paid', outstanding: 'outstanding', retainage: 'retainage held' };

/** The measures a source offers: count always, sum and average of the values it declares. */
export function measuresOf(values: readonly FigureValueField[]): Array<{ value: string; label: string }> {
  const fns: Array<[FigureMeasureFn, string]> = [
    ['sum', 'Sum of'],
    ['avg', 'Average'],
  ];
  return [{ value: 'count', label: 'Count' }, ...fns.flatMap(([fn, label]) => values.map((f) => ({ value: `${fn}:${f}`, label: `${label} ${FIELD_LABELS[f]}` })))];
}

export function newDraft(type: WidgetType = 'kpi'): WidgetDraft {
  return {
    title: '',
    type,
    source: '',
    measure: 'count',
    groupBy: '',
    filters: [],
    limit: '',
    useDashboardFilters: true,
    chart: 'bar',
    layer: 'projects',
    kinds: ATTENTION_KINDS.map((k) => k.value),
    text: '',
    widgetFilters: {},
  };
}

/** The editor's draft of a saved widget. */
export function draftOf(widget: Widget): WidgetDraft {
  const draft = { ...newDraft(widget.type), title: widget.title, widgetFilters: widget.filters ?? {} };
  const c = widget.configuration;
  if (isFigureWidget(widget.type)) {
    const f = c as FigureWidgetConfiguration;
    return {
      ...draft,
      source: f.query.source,
      measure: f.query.measure.field ? `${f.query.measure.fn}:${f.query.measure.field}` : f.query.measure.fn,
      groupBy: f.query.groupBy ?? '',
      filters: (f.query.filters ?? []).map((x) => ({ field: x.field, operator: x.operator, value: Array.isArray(x.value) ? x.value.join(', ') : String(x.value) })),
      limit: f.query.limit ? String(f.query.limit) : '',
      useDashboardFilters: f.useDashboardFilters !== false,
      chart: f.chart ?? 'bar',
    };
  }
  if (widget.type === 'map') return { ...draft, layer: ((c as { layer?: MapLayer }).layer ?? 'projects') as MapLayer };
  if (widget.type === 'attention') return { ...draft, kinds: (c as { kinds?: AttentionKind[] }).kinds ?? draft.kinds };
  return { ...draft, text: (c as { text?: string }).text ?? '' };
}

const parseOne = (raw: string, type: FigureFilterType): string | number => {
  const v = raw.trim();
  return (type === 'id' || type === 'number') && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
};

/** The widget's configuration from the draft, or what is wrong with it (the same checks the server makes). */
export function configurationOf(draft: WidgetDraft, mapping: FigureMapping): { configuration: Record<string, unknown> } | { error: string } {
  if (!draft.title.trim()) return { error: 'Title is required' };
  if (draft.type === 'map') return { configuration: { layer: draft.layer } };
  if (draft.type === 'attention') return draft.kinds.length ? { configuration: { kinds: draft.kinds } } : { error: 'Pick at least one kind' };
  if (draft.type === 'placeholder') return { configuration: draft.text.trim() ? { text: draft.text } : {} };
  if (!draft.source) return { error: 'Pick a source' };
  const declaration = mapping[draft.source];
  if (!declaration) return { error: 'You may not ask this source' };
  const [fn, field] = draft.measure.split(':') as [FigureMeasureFn, FigureValueField | undefined];
  const filters = draft.filters.map((f) => {
    const type: FigureFilterType = (declaration.filters as Record<string, FigureFilterType>)[f.field] ?? 'text';
    const value = f.operator === 'in' ? f.value.split(',').filter((v) => v.trim()).map((v) => parseOne(v, type)) : parseOne(f.value, type);
    return { field: f.field, operator: f.operator, value };
  });
  const candidate = {
    source: draft.source,
    measure: field ? { fn, field } : { fn },
    ...(draft.groupBy ? { groupBy: draft.groupBy } : {}),
    filters,
    ...(draft.limit ? { limit: Number(draft.limit) } : {}),
  };
  const parsed = figureQuery.safeParse(candidate);
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const problem = checkFigureQuery(parsed.data);
  if (problem) return { error: problem.message };
  return {
    configuration: {
      query: candidate,
      useDashboardFilters: draft.useDashboardFilters,
      ...(draft.type === 'chart' ? { chart: draft.chart } : {}),
    },
  };
}
