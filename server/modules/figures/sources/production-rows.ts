import { sql } from 'kysely';
import type { DateRange, FigureQuery } from '../../../../resources/figures.js';
import type { Executor } from '../../../db/index.js';
import { DAY_MS, shiftDay as shift, type SourceQuery } from '../source-sql.js';

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
// From the month's 1st, 32 days always land in the next month.
const nextMonth = (day: string) => monthOf(shift(monthOf(day), 32));
const daysIn = (span: DateRange) => Math.round((Date.parse(span.to) - Date.parse(span.from)) / DAY_MS) + 1;

/**
 * The whole months inside a range (their 1sts, first and last), and the days at its ends outside
 * them, each end within one month; null months when the range holds no whole month.
 */
export function splitByMonth(range: DateRange): { months: { from: string; to: string } | null; edges: DateRange[] } {
  const first = range.from.endsWith('-01') ? range.from : nextMonth(range.from);
  const afterLast = monthOf(shift(range.to, 1)) === shift(range.to, 1) ? shift(range.to, 1) : monthOf(range.to);
  if (first >= afterLast) {
    // No whole month: the range's days in its first month and, when it reaches one, in the next.
    const second = nextMonth(range.from);
    return { months: null, edges: range.to < second ? [range] : [{ from: range.from, to: shift(second, -1) }, { from: second, to: range.to }] };
  }
  const edges: DateRange[] = [];
  if (range.from < first) edges.push({ from: range.from, to: shift(first, -1) });
  if (afterLast <= range.to) edges.push({ from: afterLast, to: range.to });
  return { months: { from: first, to: shift(afterLast, -1) }, edges };
}

/**
 * How the days of one end (within one month) are read: from the items of those days, or, when they
 * are most of their month, as the month's rollup less the items of its other days (one or two
 * spans), so that an end never reads more than half a month of items.
 */
export function readEnd(edge: DateRange): { days: DateRange } | { month: string; less: DateRange[] } {
  const month = monthOf(edge.from);
  const last = shift(nextMonth(edge.from), -1);
  const less: DateRange[] = [];
  if (edge.from > month) less.push({ from: month, to: shift(edge.from, -1) });
  if (edge.to < last) less.push({ from: shift(edge.to, 1), to: last });
  const outside = less.reduce((n, span) => n + daysIn(span), 0);
  return outside < daysIn(edge) ? { month, less } : { days: edge };
}

/** The rows whose `column` falls in `span` (every row without one); `null` reads none. */
const within = (query: SourceQuery, column: string, span: DateRange | undefined | null): SourceQuery =>
  span === undefined ? query : span ? query.where(column, '>=', span.from).where(column, '<=', span.to) : query.where(sql<boolean>`1 = 0`);

/** Rows of an end read as its month less its other days: put on a day of the range, and taken away (`less`). */
interface EndRows {
  day: string;
  less?: boolean;
}
/** The rows of a span of days or months (every one without a span; none for `null`). */
type Read = (span: DateRange | undefined | null, end?: EndRows) => SourceQuery;

/** A row's day: its own, or the range's day its end is put on (cast: PostgreSQL types no bare parameter in a union). */
const dayOf = (column: string, end?: EndRows) => (end ? sql<string>`cast(${end.day} as text)` : sql.ref(column)).as('day');
/** A summed column as read, or taken away. */
const signed = (column: string, as: string, end?: EndRows) => (end?.less ? sql`-${sql.ref(column)}` : sql.ref(column)).as(as);

/**
 * A range as the union of its whole months from a monthly rollup (`months`) and each end from the
 * rows of its days (`days`), or, when the end is most of its month, as that month's rollup less the
 * rows of its other days; without a range, every month.
 */
function monthsAndEnds(range: DateRange | undefined, months: Read, days: Read): SourceQuery {
  if (!range) return months(undefined);
  const split = splitByMonth(range);
  let rows = months(split.months);
  // One branch per span, each a plain range of days: an OR of two ranges would read every day of the company on SQLite.
  for (const edge of split.edges) {
    const end = readEnd(edge);
    if ('days' in end) rows = rows.unionAll(days(end.days));
    else {
      rows = rows.unionAll(months({ from: end.month, to: end.month }, { day: edge.from }));
      for (const span of end.less) rows = rows.unionAll(days(span, { day: edge.from, less: true }));
    }
  }
  return rows;
}

/** Questions that need each row's day: by day or week, or filtered by day (or by quantity, which is each item's). */
const needsItems = (q: FigureQuery) => q.groupBy === 'day' || q.groupBy === 'week' || q.filters.some((f) => f.field === 'date' || f.field === 'quantity');
/** Questions about the catalog item or each item's quantity, which a production's totals do not keep. */
const needsItem = (q: FigureQuery) => q.groupBy === 'item' || q.groupBy === 'category' || q.filters.some((f) => f.field === 'item' || f.field === 'category' || f.field === 'quantity');

/** Whether a question is answered from the productions' totals (migration 0026): the common case. */
export const readsTotals = (q: FigureQuery) => !needsItem(q);

const SUMS = ['quantity_e3', 'items', 'amount_w0', 'amount_w1', 'amount_w2'] as const;
/** A totals table's sums as rows `r` name them (the amount's weights as w0 to w2). */
const summed = (table: string, end?: EndRows) => SUMS.map((c) => signed(`${table}.${c}`, c.replace('amount_', ''), end));

/**
 * Each production's totals as rows `r` (project_id, crew_id, status, day, quantity_e3, items and the
 * amount's weights w0 to w2), with no price to look up: the month totals (production_month_totals,
 * migration 0026) for the range's whole months and the productions' own for the days at its ends, or
 * the productions' own alone when the question needs each day.
 */
export function productionTotalsRows(db: Executor, companyId: number, q: FigureQuery, range: DateRange | undefined): SourceQuery {
  /** A totals table's rows by their day (production_totals) or month (production_month_totals); typed as the first, both having the columns read. */
  const totals =
    (table: 'production_totals' | 'production_month_totals', dayColumn: 't.date' | 't.month'): Read =>
    (span, end) =>
      within(
        db
          .selectFrom(`${table} as t` as 'production_totals as t')
          .select(['t.project_id', 't.crew_id', 't.status', dayOf(dayColumn, end), ...summed('t', end)])
          .where('t.company_id', '=', companyId),
        dayColumn,
        span,
      );
  const days = totals('production_totals', 't.date');
  if (needsItems(q)) return db.selectFrom(days(range).as('r'));
  return db.selectFrom(monthsAndEnds(range, totals('production_month_totals', 't.month'), days).as('r'));
}

/**
 * Each row's budget item `bi`, read by its key: SQLite keeps a CROSS JOIN's order, where with an inner
 * join it scanned the budget items and built a temporary index over the rows.
 */
export const withPrices = (rows: SourceQuery) => rows.crossJoin('budget_items as bi').whereRef('bi.id', '=', 'r.budget_item_id');

/**
 * The company's production item by item as rows `r` (project_id, crew_id, budget_item_id, status,
 * day, quantity_e3, items), joined to their budget item `bi`: the monthly rollup (production_figures,
 * migration 0025, or production_item_months without the crew when no crew narrows the question) for
 * the whole months of the range and the items themselves for the days at its ends, or the items alone
 * when the question needs each item.
 */
export function productionItemRows(db: Executor, companyId: number, q: FigureQuery, range: DateRange | undefined, crewScoped: boolean): SourceQuery {
  const items: Read = (span, end) =>
    within(
      db
        .selectFrom('productions as p')
        .innerJoin('production_items as pi', 'pi.production_id', 'p.id')
        .select(['p.project_id', 'p.crew_id', 'pi.budget_item_id', 'p.status', dayOf('p.date', end), signed('pi.quantity_e3', 'quantity_e3', end), sql<number>`${sql.raw(end?.less ? '-1' : '1')}`.as('items')])
        .where('p.company_id', '=', companyId),
      'p.date',
      span,
    );
  if (needsItems(q)) return withPrices(db.selectFrom(items(range).as('r')));
  // Without a crew to narrow by, the months without the crew: a fifth of the rows (its null typed: PostgreSQL types two untyped nulls of a union as text).
  const byCrew = crewScoped || q.groupBy === 'crew' || q.filters.some((f) => f.field === 'crew');
  const months: Read = (span, end) =>
    within(
      byCrew
        ? db
            .selectFrom('production_figures as f')
            .select(['f.project_id', 'f.crew_id', 'f.budget_item_id', 'f.status', dayOf('f.month', end), signed('f.quantity_e3', 'quantity_e3', end), signed('f.items', 'items', end)])
            .where('f.company_id', '=', companyId)
        : db
            .selectFrom('production_item_months as f')
            .select(['f.project_id', sql<null>`cast(null as integer)`.as('crew_id'), 'f.budget_item_id', 'f.status', dayOf('f.month', end), signed('f.quantity_e3', 'quantity_e3', end), signed('f.items', 'items', end)])
            .where('f.company_id', '=', companyId),
      'f.month',
      span,
    );
  return withPrices(db.selectFrom(monthsAndEnds(range, months, items).as('r')));
}

/** The tables the production rollups are kept from: a cached answer read from a rollup is dropped on their writes. */
export const PRODUCTION_KEPT_FROM = ['productions', 'production_items', 'budget_items'] as const;
