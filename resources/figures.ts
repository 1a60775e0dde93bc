import { z } from 'zod';
import { id } from './id.js';
import { BUDGET_STATUSES, CHANGE_ORDER_STATUSES } from './budget.js';
import { DAMAGE_STATUSES } from './damage.js';
import { INVOICE_STATUSES } from './invoice.js';
import { LOCATE_STATUSES } from './locate.js';
import { LOG_STATUSES } from './log.js';
import { PRODUCTION_STATUSES } from './production.js';
import { TASK_STATUSES } from './task.js';
import { text } from './text.js';

/**
 * The figures model (spec 02 §7 `advanced-filter`, issue 18): the one declared, whitelisted vocabulary
 * of what a dashboard widget (and later a report) may ask: a measure (count, sum or average of a
 * source's quantity or amount) over one source, grouped by at most one dimension, narrowed by filters
 * with the grid's operators and a date range. The server maps every name here to SQL of its own
 * (server/modules/figures/); anything not declared here is a 400. The client builds its widget editor
 * from the same declaration, so what can be picked is exactly what can be answered.
 */

// ---- Vocabulary --------------------------------------------------------------------------------

export const FIGURE_MEASURE_FNS = ['count', 'sum', 'avg'] as const;
export type FigureMeasureFn = (typeof FIGURE_MEASURE_FNS)[number];

/**
 * What can be summed or averaged: a quantity (thousandths in the database) or money (cents). An
 * invoice's money is read four ways (resources/invoice.ts InvoiceTotals): amount (the subtotal billed),
 * paid, outstanding (the balance: subtotal − retainage + released − paid) and retainage (still held:
 * retainage − released).
 */
export const FIGURE_VALUE_FIELDS = ['quantity', 'amount', 'paid', 'outstanding', 'retainage'] as const;
export type FigureValueField = (typeof FIGURE_VALUE_FIELDS)[number];

export const FIGURE_DIMENSIONS = ['project', 'crew', 'item', 'category', 'client', 'status', 'type', 'day', 'week', 'month'] as const;
export type FigureDimension = (typeof FIGURE_DIMENSIONS)[number];
export const TIME_DIMENSIONS: readonly FigureDimension[] = ['day', 'week', 'month'];

/** The grid's operators (DESIGN.md "Lists"): eq, ne, comparisons, text matches, and `in` for "is any of". */
export const FIGURE_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'like', 'startsWith', 'endsWith', 'in'] as const;
export type FigureOperator = (typeof FIGURE_OPERATORS)[number];

export type FigureFilterType = 'id' | 'text' | 'status' | 'number' | 'date';
const OPERATORS_BY_TYPE: Record<FigureFilterType, readonly FigureOperator[]> = {
  id: ['eq', 'ne', 'in'],
  status: ['eq', 'ne', 'in'],
  text: ['eq', 'ne', 'like', 'startsWith', 'endsWith', 'in'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  date: ['eq', 'gt', 'gte', 'lt', 'lte'],
};
export const operatorsFor = (type: FigureFilterType) => OPERATORS_BY_TYPE[type];

export type FigureUnit = 'money' | 'quantity' | 'count';

export interface FigureSourceDeclaration {
  label: string;
  /** The permission (or derived rule, permissions/ability.ts) a viewer needs to ask this source. */
  permission: string;
  /** Which value fields may be summed or averaged; count is always allowed. */
  values: readonly FigureValueField[];
  dimensions: readonly FigureDimension[];
  /** Filter fields and their type; `project`, `crew`, `client`, `item`, `category` are ids. */
  filters: Readonly<Record<string, FigureFilterType>>;
  /** The day each row belongs to, for the date range and the day/week/month dimensions. */
  dateLabel: string;
  /** Statuses the source's rows take (the status filter and dimension), from the entity's own resource. */
  statuses?: readonly string[];
}

const common = { project: 'id', status: 'status' } as const;

type StatusList = ReadonlyArray<{ value: string; label: string }>;
const valuesOf = (list: StatusList) => list.map((s) => s.value);
const STATUS_LISTS: Partial<Record<string, StatusList>> = {
  production: PRODUCTION_STATUSES,
  budget: BUDGET_STATUSES,
  change_order: CHANGE_ORDER_STATUSES,
  invoice: INVOICE_STATUSES,
  invoice_received: INVOICE_STATUSES,
  task: TASK_STATUSES,
  damage: DAMAGE_STATUSES,
  log: LOG_STATUSES,
  locate: LOCATE_STATUSES,
};
/** A status as its source's screens name it ("In progress", not "progress"). */
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time group's label from its key (YYYY-MM-DD): a month "Mar 2026", a week "Week of Mar 2, 2026", a day "Mar 2, 2026". */
export function timeGroupLabel(groupBy: FigureDimension, key: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  const name = MONTH_NAMES[month - 1];
  if (!name || !year || !day) return key;
  if (groupBy === 'month') return `${name} ${year}`;
  return `${groupBy === 'week' ? 'Week of ' : ''}${name} ${day}, ${year}`;
}

export const figureStatusLabel = (source: string, status: string) => STATUS_LISTS[source]?.find((s) => s.value === status)?.label ?? status;

/**
 * Sources and what each declares. Rows are always the active company's own (its productions, budgets
 * of projects it runs, invoices it issued, …); a viewer whose role sees only some of them (a crew
 * leader's crews) is narrowed further on the server.
 */
export const FIGURE_SOURCES = {
  production: {
    label: 'Production (items)',
    permission: 'productions:view',
    values: ['quantity', 'amount'],
    dimensions: ['project', 'crew', 'item', 'category', 'client', 'status', 'day', 'week', 'month'],
    filters: { ...common, crew: 'id', item: 'id', category: 'id', client: 'id', date: 'date', quantity: 'number' },
    dateLabel: 'Production day',
    statuses: valuesOf(PRODUCTION_STATUSES),
  },
  budget: {
    label: 'Budget items',
    permission: 'projects:view',
    values: ['quantity', 'amount'],
    dimensions: ['project', 'item', 'category', 'client', 'status', 'month'],
    filters: { ...common, item: 'id', category: 'id', client: 'id', date: 'date' },
    dateLabel: 'Budget created',
    statuses: valuesOf(BUDGET_STATUSES),
  },
  change_order: {
    label: 'Change orders',
    permission: 'projects:view',
    values: ['amount'],
    dimensions: ['project', 'client', 'status', 'day', 'week', 'month'],
    filters: { ...common, client: 'id', date: 'date', amount: 'number' },
    dateLabel: 'Change order created',
    statuses: valuesOf(CHANGE_ORDER_STATUSES),
  },
  invoice: {
    label: 'Invoices',
    permission: 'invoices:view',
    values: ['amount', 'paid', 'outstanding', 'retainage'],
    dimensions: ['project', 'client', 'status', 'day', 'week', 'month'],
    filters: { ...common, client: 'id', date: 'date', due: 'date', amount: 'number' },
    dateLabel: 'Invoice created',
    statuses: valuesOf(INVOICE_STATUSES),
  },
  /** Invoices subcontractors sent the company (on its projects); `subcontractor` is the company that sent one. */
  invoice_received: {
    label: 'Invoices received',
    permission: 'invoices:view',
    values: ['amount', 'paid', 'outstanding', 'retainage'],
    dimensions: ['project', 'client', 'status', 'day', 'week', 'month'],
    filters: { ...common, client: 'id', subcontractor: 'id', date: 'date', due: 'date', amount: 'number' },
    dateLabel: 'Invoice created',
    statuses: valuesOf(INVOICE_STATUSES),
  },
  payment: {
    label: 'Payments received',
    permission: 'invoices:view',
    values: ['amount'],
    dimensions: ['project', 'client', 'day', 'week', 'month'],
    filters: { project: 'id', client: 'id', date: 'date', amount: 'number' },
    dateLabel: 'Paid on',
  },
  task: {
    label: 'Tasks',
    permission: 'tasks:view',
    values: [],
    dimensions: ['project', 'crew', 'status', 'type', 'day', 'week', 'month'],
    filters: { ...common, crew: 'id', type: 'id', date: 'date' },
    dateLabel: 'Task starts',
    statuses: valuesOf(TASK_STATUSES),
  },
  damage: {
    label: 'Damages',
    permission: 'damages:view',
    values: ['amount'],
    dimensions: ['project', 'status', 'type', 'day', 'week', 'month'],
    filters: { ...common, type: 'id', date: 'date' },
    dateLabel: 'Damage date',
    statuses: valuesOf(DAMAGE_STATUSES),
  },
  log: {
    label: 'Daily logs and check-ins',
    permission: 'checkin-view',
    values: [],
    dimensions: ['project', 'crew', 'status', 'day', 'week', 'month'],
    filters: { ...common, crew: 'id', date: 'date' },
    dateLabel: 'Log day',
    statuses: valuesOf(LOG_STATUSES),
  },
  locate: {
    label: 'Locate tickets',
    permission: 'locate-view',
    values: [],
    dimensions: ['project', 'status', 'day', 'week', 'month'],
    filters: { ...common, date: 'date', expires: 'date' },
    dateLabel: 'Ticket requested',
    statuses: valuesOf(LOCATE_STATUSES),
  },
} as const satisfies Record<string, FigureSourceDeclaration>;
export type FigureSource = keyof typeof FIGURE_SOURCES;
export const FIGURE_SOURCE_NAMES = Object.keys(FIGURE_SOURCES) as [FigureSource, ...FigureSource[]];

export const unitOf = (measure: FigureMeasure): FigureUnit =>
  measure.fn === 'count' ? 'count' : measure.field === 'quantity' ? 'quantity' : 'money';

// ---- The question ------------------------------------------------------------------------------

export const FIGURE_MESSAGES = {
  source: `source must be one of: ${FIGURE_SOURCE_NAMES.join(', ')}`,
  measure: 'count needs no field; sum and avg need a field the source declares',
  dimension: 'This source cannot be grouped by that dimension',
  filterField: 'This source cannot be filtered by that field',
  operator: 'That operator does not apply to this field',
  value: 'That value does not fit this field',
  range: 'from must be on or before to, both YYYY-MM-DD',
} as const;

const day = text({ error: FIGURE_MESSAGES.range }).regex(/^\d{4}-\d{2}-\d{2}$/, FIGURE_MESSAGES.range);
const scalar = z.union([text().max(200), z.number().finite()]);

export const figureFilter = z.strictObject({
  field: text().max(40),
  operator: z.enum(FIGURE_OPERATORS, { error: FIGURE_MESSAGES.operator }),
  value: z.union([scalar, z.array(scalar).min(1).max(100)]),
});
export type FigureFilter = z.infer<typeof figureFilter>;

export const figureMeasure = z.strictObject({
  fn: z.enum(FIGURE_MEASURE_FNS),
  field: z.enum(FIGURE_VALUE_FIELDS).optional(),
});
export type FigureMeasure = z.infer<typeof figureMeasure>;

export const dateRange = z
  .strictObject({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: FIGURE_MESSAGES.range, path: ['to'] });
export type DateRange = z.infer<typeof dateRange>;

/**
 * One question to the model. Field-level checks against the source's declaration (measure field,
 * dimension, filter field and operator) are in `checkFigureQuery`, shared by client and server.
 */
export const figureQuery = z.strictObject({
  source: z.enum(FIGURE_SOURCE_NAMES, { error: FIGURE_MESSAGES.source }),
  measure: figureMeasure,
  groupBy: z.enum(FIGURE_DIMENSIONS).optional(),
  filters: z.array(figureFilter).max(20).default([]),
  range: dateRange.optional(),
  /** Also answer the total of the period of the same length just before `range` (KPI change). */
  compare: z.boolean().optional(),
  /** Largest groups first, at most this many (time dimensions are always in time order, all of them). */
  limit: z.number().int().min(1).max(100).optional(),
});
export type FigureQuery = z.infer<typeof figureQuery>;

/** What is wrong with a query against its source's declaration, or null; the server answers it as a 400. */
export function checkFigureQuery(q: FigureQuery): { field: string; message: string } | null {
  const source: FigureSourceDeclaration = FIGURE_SOURCES[q.source];
  const { fn, field } = q.measure;
  if (fn === 'count' ? field !== undefined : !field || !source.values.includes(field)) return { field: 'measure', message: FIGURE_MESSAGES.measure };
  if (q.groupBy && !source.dimensions.includes(q.groupBy)) return { field: 'groupBy', message: FIGURE_MESSAGES.dimension };
  for (const [i, f] of q.filters.entries()) {
    const type = source.filters[f.field];
    if (!type) return { field: `filters.${i}.field`, message: FIGURE_MESSAGES.filterField };
    if (!operatorsFor(type).includes(f.operator)) return { field: `filters.${i}.operator`, message: FIGURE_MESSAGES.operator };
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if ((f.operator === 'in') !== Array.isArray(f.value)) return { field: `filters.${i}.value`, message: FIGURE_MESSAGES.value };
    const fits = (v: string | number) =>
      type === 'id'
        ? id().safeParse(v).success
        : type === 'number'
          ? typeof v === 'number'
          : type === 'date'
            ? typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
            : type === 'status'
              ? typeof v === 'string' && (!source.statuses || source.statuses.includes(v))
              : typeof v === 'string';
    if (!values.every(fits)) return { field: `filters.${i}.value`, message: FIGURE_MESSAGES.value };
  }
  return null;
}

// ---- The answer --------------------------------------------------------------------------------

/**
 * Values are exact decimal strings: money in dollars with 2 places ("1234.50"), quantities with up to 3
 * ("12.5"), counts whole ("42"), averages rounded half up to 2 places.
 */
export interface FigureRow {
  /** The group's key: an id, a status, or a day (YYYY-MM-DD; a week is its Monday, a month its 1st); null for rows without one. */
  key: string | number | null;
  label: string;
  value: string;
}

export interface FigureAnswer {
  unit: FigureUnit;
  rows: FigureRow[];
  /** The measure over every row the query selects (not only the groups answered). */
  total: string;
  /** With `compare`: the same measure over the previous period of the same length. */
  previousTotal?: string;
}

/** GET /advanced-filter/mapping: the sources this viewer may ask, as declared above. */
export type FigureMapping = Partial<Record<FigureSource, FigureSourceDeclaration>>;
