import { sql } from 'kysely';
import type { DateRange, FigureQuery } from '../../../../resources/figures.js';
import type { Executor } from '../../../db/index.js';
import { shiftDay as shift, type SourceQuery } from '../source-sql.js';

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
// From the month's 1st, 32 days always land in the next month.
const nextMonth = (day: string) => monthOf(shift(monthOf(day), 32));

/**
 * The whole months inside a range (their 1sts, first and last), and the days at its ends outside
 * them; null months when the range holds no whole month.
 */
export function splitByMonth(range: DateRange): { months: { from: string; to: string } | null; edges: DateRange[] } {
  const first = range.from.endsWith('-01') ? range.from : nextMonth(range.from);
  const afterLast = monthOf(shift(range.to, 1)) === shift(range.to, 1) ? shift(range.to, 1) : monthOf(range.to);
  if (first >= afterLast) return { months: null, edges: [range] };
  const edges: DateRange[] = [];
  if (range.from < first) edges.push({ from: range.from, to: shift(first, -1) });
  if (afterLast <= range.to) edges.push({ from: afterLast, to: range.to });
  return { months: { from: first, to: shift(afterLast, -1) }, edges };
}

/** The rows whose `column` falls in `span` (every row without one); `null` reads none. */
const within = (query: SourceQuery, column: string, span: DateRange | undefined | null): SourceQuery =>
  span === undefined ? query : span ? query.where(column, '>=', span.from).where(column, '<=', span.to) : query.where(sql<boolean>`1 = 0`);

/** A range's whole months and the days at its ends; without a range, every month and no ends. */
const monthsOf = (range: DateRange | undefined) => (range ? splitByMonth(range) : { months: { from: '0000-01-01', to: '9999-12-01' }, edges: [] });

/** Questions that need each row's day: by day or week, or filtered by day (or by quantity, which is each item's). */
const needsItems = (q: FigureQuery) => q.groupBy === 'day' || q.groupBy === 'week' || q.filters.some((f) => f.field === 'date' || f.field === 'quantity');
/** Questions about the catalog item or each item's quantity, which a production's totals do not keep. */
const needsItem = (q: FigureQuery) => q.groupBy === 'item' || q.groupBy === 'category' || q.filters.some((f) => f.field === 'item' || f.field === 'category' || f.field === 'quantity');

/** Whether a question is answered from the productions' totals (migration 0026): the common case. */
export const readsTotals = (q: FigureQuery) => !needsItem(q);

/**
 * Each production's totals as rows `r` (project_id, crew_id, status, day, quantity_e3, items and the
 * amount's weights w0 to w2), with no price to look up: the month totals (production_month_totals,
 * migration 0026) for the range's whole months and the productions' own for the days at its ends, or
 * the productions' own alone when the question needs each day.
 */
export function productionTotalsRows(db: Executor, companyId: number, q: FigureQuery, range: DateRange | undefined): SourceQuery {
  const days = (span: DateRange | undefined | null) =>
    within(
      db
        .selectFrom('production_totals as t')
        .select(['t.project_id', 't.crew_id', 't.status', 't.date as day', 't.quantity_e3', 't.items', 't.amount_w0 as w0', 't.amount_w1 as w1', 't.amount_w2 as w2'])
        .where('t.company_id', '=', companyId),
      't.date',
      span,
    );
  if (needsItems(q)) return db.selectFrom(days(range).as('r'));
  const split = monthsOf(range);
  const months = within(
    db
      .selectFrom('production_month_totals as m')
      .select(['m.project_id', 'm.crew_id', 'm.status', 'm.month as day', 'm.quantity_e3', 'm.items', 'm.amount_w0 as w0', 'm.amount_w1 as w1', 'm.amount_w2 as w2'])
      .where('m.company_id', '=', companyId),
    'm.month',
    split.months,
  );
  const [head, tail] = split.edges;
  return db.selectFrom(months.unionAll(days(head ?? null)).unionAll(days(tail ?? null)).as('r'));
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
  /** The items of a span of days (every day without one); `null` reads none. */
  const items = (days: DateRange | undefined | null) => {
    const query = db
      .selectFrom('productions as p')
      .innerJoin('production_items as pi', 'pi.production_id', 'p.id')
      .select(['p.project_id', 'p.crew_id', 'pi.budget_item_id', 'p.status', 'p.date as day', 'pi.quantity_e3', sql<number>`1`.as('items')])
      .where('p.company_id', '=', companyId);
    return within(query, 'p.date', days);
  };
  if (needsItems(q)) return withPrices(db.selectFrom(items(range).as('r')));
  const split = monthsOf(range);
  // Without a crew to narrow by, the months without the crew: a fifth of the rows.
  const byCrew = crewScoped || q.groupBy === 'crew' || q.filters.some((f) => f.field === 'crew');
  const rollup: SourceQuery = byCrew
    ? db
        .selectFrom('production_figures as f')
        .select(['f.project_id', 'f.crew_id', 'f.budget_item_id', 'f.status', 'f.month as day', 'f.quantity_e3', 'f.items'])
        .where('f.company_id', '=', companyId)
    : db
        .selectFrom('production_item_months as f')
        .select(['f.project_id', sql<null>`null`.as('crew_id'), 'f.budget_item_id', 'f.status', 'f.month as day', 'f.quantity_e3', 'f.items'])
        .where('f.company_id', '=', companyId);
  const months = within(rollup, 'f.month', split.months);
  // One branch per end of the range, each a plain range of days: an OR of two ranges would read every day of the company on SQLite.
  const [head, tail] = split.edges;
  return withPrices(db.selectFrom(months.unionAll(items(head ?? null)).unionAll(items(tail ?? null)).as('r')));
}

/** The tables the production rollups are kept from: a cached answer read from a rollup is dropped on their writes. */
export const PRODUCTION_KEPT_FROM = ['productions', 'production_items', 'budget_items'] as const;
