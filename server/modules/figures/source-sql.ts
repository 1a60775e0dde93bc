import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DateRange, FigureDimension, FigureQuery, FigureValueField } from '../../../resources/figures.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Dialect, Executor } from '../../db/index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a source's query joins tables by alias; each source types its own names */
export type SourceQuery = SelectQueryBuilder<any, any, any>;
export type Expr = RawBuilder<unknown>;

/** A join a dimension or filter needs, added once, in the order the source declares them. */
export type Join = (q: SourceQuery) => SourceQuery;

export interface DimensionSql {
  key: Expr;
  label: Expr;
  needs?: readonly string[];
}

export interface FilterSql {
  column: Expr;
  /** Decimal places of the stored integer a number filter compares with (cents: 2, thousandths: 3). */
  scale?: number;
  needs?: readonly string[];
}

export interface ValueSql {
  /** Σ of the value as an exact integer, cast to text (or sumProduct's limbs): server/lib/exact-sum.ts readSum reads it. */
  sum: Expr;
  /** Decimal places of that integer: cents 2, thousandths 3, cents × thousandths 5, whole units 0. */
  scale: number;
  /** How many rows an average divides by (rows holding a value); count(*) unless told. */
  count?: Expr;
  needs?: readonly string[];
}

/**
 * How one source of resources/figures.ts becomes SQL: its rows (the company's own, already narrowed
 * to it), the day each row belongs to, and per declared dimension, filter and value the expression
 * that answers it. Only these expressions ever become SQL; every value a query brings is bound.
 */
export interface SourceSql {
  /** The query and its range let a source read pre-summed rows where they answer it (production). */
  rows(db: Executor, companyId: number, q: FigureQuery, range: DateRange | undefined, crewScoped: boolean): SourceQuery;
  /** Tables pre-summed rows are kept from by triggers: the read cache drops an answer on their writes too. */
  keptFrom?: readonly string[];
  /**
   * Rows to sum by `key` (as `as`, the sums keeping their column names) once filtered, before the
   * question's dimension and value meet them through `rejoin` and the declared joins: where many rows
   * share the key and the dimension and value depend on the key alone.
   */
  preGroup?: { key: Expr; as: string; sums: readonly string[]; rejoin: Join };
  /** How many rows a group stands for: count(*) unless the source's rows are pre-summed. */
  count?: Expr;
  joins: Record<string, Join>;
  day: Expr;
  /** The crew column, for a viewer who sees only some crews. */
  crew?: Expr;
  dimensions: Partial<Record<FigureDimension, DimensionSql>>;
  filters: Record<string, FilterSql>;
  values: Partial<Record<FigureValueField, ValueSql>>;
}

export function dialectNow(): Dialect {
  const dialect = currentDialect();
  if (!dialect) throw new Error('figures: no SQL dialect set for this request');
  return dialect;
}

export const col = (name: string): Expr => sql.ref(name);

export const DAY_MS = 86_400_000;
/** The YYYY-MM-DD day `days` after `day` (before, when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A timestamp column's UTC day as YYYY-MM-DD text (ISO text on SQLite, timestamptz on PostgreSQL). */
export const dayOfStamp = (name: string): Expr =>
  dialectNow() === 'postgres' ? sql`to_char(${sql.ref(name)} at time zone 'UTC', 'YYYY-MM-DD')` : sql`substr(${sql.ref(name)}, 1, 10)`;

/** The Monday of a YYYY-MM-DD day, as YYYY-MM-DD. */
export const weekOf = (day: Expr): Expr =>
  dialectNow() === 'postgres'
    ? sql`to_char(date_trunc('week', cast(${day} as date)), 'YYYY-MM-DD')`
    : sql`date(${day}, '-' || ((cast(strftime('%w', ${day}) as integer) + 6) % 7) || ' days')`;

export const monthOf = (day: Expr): Expr => sql`(substr(${day}, 1, 7) || '-01')`;

/** Σ of an integer column, exact: text, since the PostgreSQL driver reads numeric sums as text anyway and SQLite's stay integers. */
export const exactSum = (name: string): Expr => sql`cast(sum(${sql.ref(name)}) as text)`;

const timeDimension = (key: Expr): DimensionSql => ({ key, label: sql`coalesce(${key}, 'No date')` });

/** The day, week and month dimensions of a source whose rows fall on `day` (rows without one: key null, "No date"). */
export const timeDimensions = (day: Expr) => ({ day: timeDimension(day), week: timeDimension(weekOf(day)), month: timeDimension(monthOf(day)) });

export const statusDimension = (name: string): DimensionSql => ({ key: col(name), label: col(name) });

/**
 * A project's dimension and its client through the `pr` join (projects; `null` when the source's
 * rows already join it) and the `cl` join (the client company).
 */
export const projectJoins = (projectColumn: string | null): Record<string, Join> => ({
  pr: projectColumn ? (q) => q.leftJoin('projects as pr', 'pr.id', projectColumn) : (q) => q,
  cl: (q) => q.leftJoin('companies as cl', 'cl.id', 'pr.client_id'),
});
export const projectDimension: DimensionSql = { key: col('pr.id'), label: sql`coalesce(${sql.ref('pr.project_name')}, 'No project')`, needs: ['pr'] };
export const clientDimension: DimensionSql = {
  key: col('pr.client_id'),
  label: sql`coalesce(${sql.ref('cl.name')}, ${sql.ref('pr.client_name')}, 'No client')`,
  needs: ['pr', 'cl'],
};
export const clientFilter: FilterSql = { column: col('pr.client_id'), needs: ['pr'] };
