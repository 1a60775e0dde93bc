import { z } from 'zod';
import { dateRange, figureQuery, type FigureAnswer, type FigureMapping } from './figures.js';
import { id } from './id.js';
import { text } from './text.js';

/**
 * Dashboards and widgets (spec 02 §3 Dashboard, Widget; §4 temporary widgets; §7 Dashboards; issue 18).
 * A user keeps several dashboards in a company, private or shared with the company; each holds widgets
 * laid out on a 12-column grid. A dashboard made public is read without login through an unguessable
 * URL; a guest may change only the filters its owner exposed, to the values the owner allowed.
 */

export const DASHBOARD_MESSAGES = {
  created: 'Dashboard created successfully',
  deleted: 'Dashboard deleted successfully',
  renamed: 'Dashboard renamed successfully',
  updated: 'Dashboard updated successfully',
  name: 'Name is required',
  widgetType: 'Unknown widget type',
  configuration: 'This configuration does not fit the widget type',
} as const;

// ---- Widget types ------------------------------------------------------------------------------

export const WIDGET_TYPES = [
  { value: 'kpi', label: 'KPI number', figures: true },
  { value: 'bar', label: 'Bar chart', figures: true },
  { value: 'line', label: 'Line chart', figures: true },
  { value: 'pie', label: 'Pie chart', figures: true },
  { value: 'table', label: 'Table', figures: true },
  /** The spec's generic chart: a bar, line or pie chosen in its configuration. */
  { value: 'chart', label: 'Chart', figures: true },
  { value: 'map', label: 'Map', figures: false },
  { value: 'attention', label: 'Needs attention', figures: false },
  { value: 'placeholder', label: 'Placeholder', figures: false },
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number]['value'];
export const WIDGET_TYPE_VALUES = WIDGET_TYPES.map((t) => t.value) as [WidgetType, ...WidgetType[]];
export const isFigureWidget = (type: string) => WIDGET_TYPES.some((t) => t.value === type && t.figures);

export const MAP_WIDGET_LAYERS = ['projects', 'checkins'] as const;
/** What the attention list gathers; each kind is shown only to whoever may see its rows. */
export const ATTENTION_KINDS = [
  { value: 'budgets_in_review', label: 'Budgets waiting for review' },
  { value: 'productions_to_approve', label: 'Productions waiting for approval' },
  { value: 'invoices_overdue', label: 'Invoices overdue' },
  { value: 'locates_expiring', label: 'Locates expiring' },
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number]['value'];
const ATTENTION_VALUES = ATTENTION_KINDS.map((k) => k.value) as [AttentionKind, ...AttentionKind[]];

/**
 * A widget's configuration by type: figure widgets hold their question to the figures model (without
 * the date range, which comes from the dashboard's filters when `useDashboardFilters` is on); a chart
 * also its kind; a map its layer; the attention list its kinds; a placeholder its text.
 */
const figureConfiguration = z.strictObject({
  query: figureQuery.omit({ range: true, compare: true }),
  useDashboardFilters: z.boolean().default(true),
  chart: z.enum(['bar', 'line', 'pie']).optional(),
});
export const WIDGET_CONFIGURATIONS = {
  kpi: figureConfiguration,
  bar: figureConfiguration,
  line: figureConfiguration,
  pie: figureConfiguration,
  table: figureConfiguration,
  chart: figureConfiguration,
  map: z.strictObject({ layer: z.enum(MAP_WIDGET_LAYERS) }),
  attention: z.strictObject({ kinds: z.array(z.enum(ATTENTION_VALUES)).min(1).max(ATTENTION_VALUES.length) }),
  placeholder: z.strictObject({ text: text().max(2000).optional() }),
} as const satisfies Record<WidgetType, z.ZodType>;
export type FigureWidgetConfiguration = z.infer<typeof figureConfiguration>;

/** A widget's place on the 12-column grid (react-grid-layout units); a phone shows one column. */
export const widgetLayout = z
  .strictObject({
    x: z.number().int().min(0).max(11),
    y: z.number().int().min(0).max(10_000),
    w: z.number().int().min(1).max(12),
    h: z.number().int().min(1).max(40),
  })
  .refine((l) => l.x + l.w <= 12, { message: 'A widget must fit the 12 columns: x + w at most 12', path: ['w'] });
export type WidgetLayout = z.infer<typeof widgetLayout>;

/**
 * The filters of a dashboard that apply to every widget using them: a date range (a preset or fixed
 * days), a project and a crew. `filters` on a widget is the same shape and narrows that widget only.
 */
export const DATE_PRESETS = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisYear', 'last12Months'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  last12Months: 'Last 12 months',
};
export const dashboardFilters = z.strictObject({
  preset: z.enum(DATE_PRESETS).optional(),
  range: dateRange.optional(),
  projectId: id().nullable().optional(),
  crewId: id().nullable().optional(),
});
export type DashboardFilters = z.infer<typeof dashboardFilters>;

// ---- Calls -------------------------------------------------------------------------------------

export const dashboardName = text({ error: DASHBOARD_MESSAGES.name }).min(1, DASHBOARD_MESSAGES.name).max(80);

/** POST /dashboard */
export const createDashboardBody = z.strictObject({
  name: dashboardName,
  /** Shared with the company (everyone who may open dashboards sees it) or kept to its owner. */
  shared: z.boolean().default(false),
  filters: dashboardFilters.optional(),
});

/** PATCH /dashboard/{id}: name or isPublic (spec), and our sharing, filters and whole layout at once. */
export const updateDashboardBody = z
  .strictObject({
    name: dashboardName.optional(),
    isPublic: z.boolean().optional(),
    shared: z.boolean().optional(),
    filters: dashboardFilters.optional(),
    /** The layout after a drag or resize, every widget's place in one write. */
    layout: z.array(z.strictObject({ widgetId: id(), layout: widgetLayout })).max(100).optional(),
    /** Which dashboard filters a guest of the public dashboard may change, and to which values. */
    publicFilters: z
      .strictObject({
        presets: z.array(z.enum(DATE_PRESETS)).max(DATE_PRESETS.length).optional(),
        projectIds: z.array(id()).max(100).optional(),
        crewIds: z.array(id()).max(100).optional(),
      })
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

/** POST /dashboard/{id}/widget: the spec's title, type, filters, configuration, and where it sits. */
export const createWidgetBody = z.strictObject({
  title: text().min(1, 'Title is required').max(120),
  type: z.enum(WIDGET_TYPE_VALUES, { error: DASHBOARD_MESSAGES.widgetType }),
  filters: dashboardFilters.default({}),
  configuration: z.record(text(), z.unknown()).default({}),
  layout: widgetLayout.optional(),
});
export const updateWidgetBody = z
  .strictObject({
    title: text().min(1, 'Title is required').max(120).optional(),
    filters: dashboardFilters.optional(),
    configuration: z.record(text(), z.unknown()).optional(),
    layout: widgetLayout.optional(),
    /** On a public dashboard, a widget added after publishing is shown to guests once the owner confirms it. */
    published: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

// ---- Answers -----------------------------------------------------------------------------------

export interface Widget {
  /** A number once saved; a temporary widget being added holds `temp-…` until the server answers (§4). */
  id: number | string;
  dashboardId: number;
  title: string;
  type: WidgetType;
  filters: DashboardFilters;
  configuration: Record<string, unknown>;
  layout: WidgetLayout;
  /** Shown to guests of the public dashboard. */
  published: boolean;
}

export interface DashboardPublication {
  publicURL: string;
  publishedAt: string;
  publishedBy: { id: number; name: string } | null;
  publicFilters: { presets?: string[]; projectIds?: number[]; crewIds?: number[] };
}

export interface Dashboard {
  id: number;
  name: string;
  isPublic: boolean;
  shared: boolean;
  /** A default dashboard a new company starts with for a role (still the company's to change). */
  role: string | null;
  owner: { id: number; name: string } | null;
  /** True when the viewer may rename, change, publish or delete it. */
  canEdit: boolean;
  filters: DashboardFilters;
  publication: DashboardPublication | null;
  widgets: Widget[];
  createdAt: string;
  updatedAt: string;
}

/** GET /dashboard/public/{publicURL}: what a guest sees, with nothing of who made it or other dashboards. */
export interface PublicDashboard {
  name: string;
  companyName: string;
  companyLogoUrl: string | null;
  filters: DashboardFilters;
  publicFilters: DashboardPublication['publicFilters'] & { projects?: Array<{ id: number; name: string }>; crews?: Array<{ id: number; name: string }> };
  widgets: Array<Omit<Widget, 'dashboardId' | 'published'>>;
}

/** POST /advanced-filter/public/data: a guest asks one widget of one public dashboard, with the exposed filters only. */
export const publicFigureBody = z.strictObject({
  publicURL: text().max(64),
  widgetId: id(),
  filters: dashboardFilters.default({}),
});

export interface AttentionRow {
  kind: AttentionKind;
  id: number;
  title: string;
  detail: string;
  /** The app path that opens it. */
  url: string;
  /** The day it is due or expires or was submitted, when it has one. */
  date: string | null;
}

export type WidgetData = FigureAnswer | { attention: AttentionRow[] };

/** The share of a KPI's change against the previous period, as a signed percentage text ("+12.5 %"), or null without one. */
export function changeAgainst(current: string, previous: string | undefined): string | null {
  if (previous === undefined) return null;
  const a = Number(current);
  const b = Number(previous);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  const pct = ((a - b) / Math.abs(b)) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)} %`;
}

// ---- Date presets ------------------------------------------------------------------------------

const dayNumberOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
const firstOfMonth = (year: number, month: number) => dayOf(Date.UTC(year, month, 1) / 86_400_000);

/**
 * The days a preset covers, seen on `today` (YYYY-MM-DD in the company's zone, resources/time-zone.ts
 * todayIn): the last N days end today; a month or year runs from its first day to today; last month
 * is whole; the last 12 months start on the 1st of the month eleven months back. One function for
 * the server and the client, so a guest and the editor see the same range.
 */
export function presetRange(preset: DatePreset, today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const back = (days: number) => ({ from: dayOf(dayNumberOf(today) - days + 1), to: today });
  switch (preset) {
    case 'last7':
      return back(7);
    case 'last30':
      return back(30);
    case 'last90':
      return back(90);
    case 'thisMonth':
      return { from: firstOfMonth(year, month), to: today };
    case 'lastMonth':
      return { from: firstOfMonth(year, month - 1), to: dayOf(dayNumberOf(firstOfMonth(year, month)) - 1) };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last12Months':
      return { from: firstOfMonth(year, month - 11), to: today };
  }
}

/** The date range filters settle on: fixed days win over a preset; neither is no range. */
export const filtersRange = (f: DashboardFilters, today: string) => f.range ?? (f.preset ? presetRange(f.preset, today) : undefined);

/** GET /dashboard/widget/{type}/configuration: what the widget editor offers this viewer for a type. */
export interface WidgetEditorConfiguration {
  type: WidgetType;
  title: string;
  /** The size a new widget of the type takes on the grid. */
  size: { w: number; h: number };
  configuration: Record<string, unknown>;
  /** Figure types: the sources this viewer may ask (the figures model's mapping for them). */
  sources?: FigureMapping;
  /** Map: the layers this viewer may see. */
  layers?: Array<{ value: string; label: string }>;
  /** Attention: the kinds this viewer may see. */
  kinds?: Array<{ value: AttentionKind; label: string }>;
}
