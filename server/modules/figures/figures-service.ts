import { sql } from 'kysely';
import {
  checkFigureQuery,
  figureStatusLabel,
  timeGroupLabel,
  TIME_DIMENSIONS,
  unitOf,
  type DateRange,
  type FigureAnswer,
  type FigureQuery,
  type FigureRow,
} from '../../../resources/figures.js';
import type { Executor } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { readSum } from '../../lib/exact-sum.js';
import type { Services } from '../../services.js';
import type { FigureScope } from './figure-scope.js';
import { filterPredicate } from './figure-filters.js';
import { formatMeasure } from './figure-values.js';
import { SOURCE_SQL } from './sources/index.js';
import { DAY_MS, shiftDay, type Expr, type SourceQuery, type SourceSql } from './source-sql.js';

export type { FigureScope } from './figure-scope.js';

/** A question outside its source's declaration (or compare without a range) is a 400 naming the field. */
export function refuseUndeclared(q: FigureQuery): void {
  const wrong = checkFigureQuery(q);
  if (wrong) throw badRequest(`${wrong.field}: ${wrong.message}`, [wrong]);
  if (q.compare && !q.range) throw badRequest(COMPARE_NEEDS_RANGE, [{ field: 'compare', message: COMPARE_NEEDS_RANGE }]);
}

export const COMPARE_NEEDS_RANGE = 'compare needs a range: the previous period is the one of the same length just before it';

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DateRange): DateRange {
  const days = Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
  return { from: shiftDay(range.from, -days), to: shiftDay(range.from, -1) };
}

/** The selected rows: the company's, the scope's crews, the filters and the range, with the joins they need. */
function selection(db: Executor, src: SourceSql, scope: FigureScope, q: FigureQuery, range: DateRange | undefined, extraNeeds: readonly string[]): SourceQuery {
  const needs = new Set(extraNeeds);
  const predicates: Expr[] = [];
  for (const f of q.filters) {
    const filter = src.filters[f.field]!;
    for (const n of filter.needs ?? []) needs.add(n);
    predicates.push(filterPredicate(filter, f));
  }
  let query = src.rows(db, scope.companyId, q, range, !!scope.crewIds);
  for (const [name, join] of Object.entries(src.joins)) if (needs.has(name)) query = join(query);
  if (scope.crewIds && src.crew) predicates.push(scope.crewIds.length ? sql`${src.crew} in (${sql.join(scope.crewIds)})` : sql`1 = 0`);
  if (range) predicates.push(sql`${src.day} >= ${range.from}`, sql`${src.day} <= ${range.to}`);
  for (const p of predicates) query = query.where(p as never);
  return query;
}

/** The selection, summed by the source's pre-group key first where it declares one, with the joins `needs` names. */
function selected(db: Executor, src: SourceSql, scope: FigureScope, q: FigureQuery, range: DateRange | undefined, needs: readonly string[]): SourceQuery {
  const pre = src.preGroup;
  if (!pre) return selection(db, src, scope, q, range, needs);
  const summed = selection(db, src, scope, q, range, [])
    // As bigint: PostgreSQL sums bigints into numeric, whose `/` would not divide as integers.
    .select([pre.key.as(pre.as), ...pre.sums.map((c) => sql`cast(sum(${sql.ref(`r.${c}`)}) as bigint)`.as(c))])
    .groupBy(pre.key as never);
  let query = pre.rejoin(db.selectFrom(summed.as('r')));
  for (const [name, join] of Object.entries(src.joins)) if (needs.includes(name)) query = join(query);
  return query;
}

interface Measured {
  n: number | string | bigint;
  v: string | number | null;
}

/** How many rows the measure counts: the value's own count for an average (rows that hold it), else the source's. */
const countOf = (src: SourceSql, q: FigureQuery): Expr => {
  const value = q.measure.field ? src.values[q.measure.field] : undefined;
  return (q.measure.fn === 'avg' && value?.count) || src.count || sql`count(*)`;
};

/** The measure's count and exact sum columns for a selection. */
function measured(src: SourceSql, q: FigureQuery, query: SourceQuery): SourceQuery {
  const value = q.measure.field ? src.values[q.measure.field]! : undefined;
  return query.select([countOf(src, q).as('n'), (value ? value.sum : sql`null`).as('v')]);
}

interface Exact {
  count: bigint;
  sum: bigint;
}

const exactOf = (row: Measured | undefined): Exact => ({ count: BigInt(row?.n ?? 0), sum: readSum(row?.v === null || row?.v === undefined ? null : String(row.v)) });

const textOf = (src: SourceSql, q: FigureQuery, e: Exact) => formatMeasure(q.measure, e.sum, q.measure.field ? src.values[q.measure.field]!.scale : 0, e.count);

/** Which group's measure is larger, exactly (averages compared as fractions): positive when `a`'s. */
function larger(q: FigureQuery, a: Exact, b: Exact): number {
  const [x, y] = q.measure.fn === 'count' ? [a.count, b.count] : q.measure.fn === 'sum' ? [a.sum, b.sum] : [a.sum * b.count, b.sum * a.count];
  return x === y ? 0 : x > y ? 1 : -1;
}

async function totalOf(db: Executor, src: SourceSql, scope: FigureScope, q: FigureQuery, range: DateRange | undefined, needs: readonly string[]) {
  const row = (await measured(src, q, selected(db, src, scope, q, range, needs)).executeTakeFirst()) as Measured | undefined;
  return textOf(src, q, exactOf(row));
}

/**
 * The answer to one checked question (resources/figures.ts), computed in SQL over the scope's rows:
 * groups with their labels (the largest first up to `limit`, time groups in time order, all of
 * them), the total over every selected row and, with `compare`, the previous period's. The query
 * must have passed `figureQuery` (zod); what its source does not declare is refused here too. Runs
 * inside a request (withDialect). Uncached: `cachedFigures` is what routes call.
 */
export async function answerFigures(db: Executor, scope: FigureScope, q: FigureQuery): Promise<FigureAnswer> {
  refuseUndeclared(q);
  const src = SOURCE_SQL[q.source](q);
  const valueNeeds = q.measure.field ? (src.values[q.measure.field]!.needs ?? []) : [];
  const dim = q.groupBy ? src.dimensions[q.groupBy]! : undefined;
  // The groups partition the selected rows, so their exact sums and counts add up to the total.
  const [groups, previousTotal] = await Promise.all([
    dim
      ? measured(src, q, selected(db, src, scope, q, q.range, [...valueNeeds, ...(dim.needs ?? [])]))
          .select([dim.key.as('k'), dim.label.as('l')])
          .groupBy([dim.key, dim.label] as never)
          // Pre-summed rows can hold no items any more (production_figures after a status change).
          .$if(!!src.count, (qb) => qb.having(sql`${src.count} > 0` as never))
          .execute()
      : undefined,
    q.compare && q.range ? totalOf(db, src, scope, q, previousPeriod(q.range), valueNeeds) : undefined,
  ]);
  const total = groups
    ? textOf(src, q, (groups as Measured[]).map(exactOf).reduce((a, b) => ({ count: a.count + b.count, sum: a.sum + b.sum }), { count: 0n, sum: 0n }))
    : await totalOf(db, src, scope, q, q.range, valueNeeds);
  let rows = ((groups ?? []) as Array<Measured & { k: string | number | null; l: string | null }>).map((g) => {
    const e = exactOf(g);
    const key = g.k === null ? null : typeof g.k === 'string' ? g.k : Number(g.k);
    const label =
      typeof key !== 'string' || !q.groupBy
        ? (g.l ?? '')
        : q.groupBy === 'status'
          ? figureStatusLabel(q.source, key)
          : TIME_DIMENSIONS.includes(q.groupBy)
            ? timeGroupLabel(q.groupBy, key)
            : (g.l ?? '');
    return { row: { key, label, value: textOf(src, q, e) } satisfies FigureRow, e };
  });
  if (q.groupBy && TIME_DIMENSIONS.includes(q.groupBy)) rows.sort((a, b) => String(a.row.key).localeCompare(String(b.row.key)));
  else {
    rows.sort((a, b) => larger(q, b.e, a.e) || a.row.label.localeCompare(b.row.label));
    if (q.limit) rows = rows.slice(0, q.limit);
  }
  return { unit: unitOf(q.measure), rows: rows.map((r) => r.row), total, ...(previousTotal !== undefined ? { previousTotal } : {}) };
}

/** Keys sorted at every level, so two spellings of one question share a cache entry. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;

/** The answer through the read cache: kept until a write to any table it read (in any process, over Redis). */
export function cachedFigures(services: Pick<Services, 'db' | 'readCache'>, scope: FigureScope, q: FigureQuery): Promise<FigureAnswer> {
  const key = `figures:${scope.companyId}:${scope.crewIds ? scope.crewIds.join(',') : '*'}:${JSON.stringify(canonical(q))}`;
  return services.readCache.get(key, () => answerFigures(services.db, scope, q), { alsoReads: SOURCE_SQL[q.source](q).keptFrom });
}
