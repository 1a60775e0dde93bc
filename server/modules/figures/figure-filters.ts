import { sql, type SqlBool } from 'kysely';
import type { FigureFilter } from '../../../resources/figures.js';
import { parseScaled } from '../../../resources/money.js';
import type { Expr, FilterSql } from './source-sql.js';

type Scalar = string | number;

/** A number filter's value as the stored integer (dollars 1.5 → 150 cents); checkFigureQuery has made sure it is a number. */
const stored = (value: Scalar, scale: number | undefined) => (scale === undefined ? value : Number(parseScaled(value, scale) ?? 0));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (column: Expr, pattern: string) => sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;

/** One filter of a checked query as a predicate; the value is always a bound parameter. */
export function filterPredicate(filter: FilterSql, f: FigureFilter): Expr {
  const c = filter.column;
  if (f.operator === 'in') {
    const values = (f.value as Scalar[]).map((v) => stored(v, filter.scale));
    return sql<SqlBool>`${c} in (${sql.join(values)})`;
  }
  const v = f.value as Scalar;
  const value = stored(v, filter.scale);
  switch (f.operator) {
    case 'eq':
      return sql<SqlBool>`${c} = ${value}`;
    case 'ne':
      // "is not" keeps the rows that have no value at all.
      return sql<SqlBool>`(${c} <> ${value} or ${c} is null)`;
    case 'gt':
      return sql<SqlBool>`${c} > ${value}`;
    case 'gte':
      return sql<SqlBool>`${c} >= ${value}`;
    case 'lt':
      return sql<SqlBool>`${c} < ${value}`;
    case 'lte':
      return sql<SqlBool>`${c} <= ${value}`;
    case 'like':
      return like(c, `%${escapeLike(String(v))}%`);
    case 'startsWith':
      return like(c, `${escapeLike(String(v))}%`);
    case 'endsWith':
      return like(c, `%${escapeLike(String(v))}`);
  }
}
