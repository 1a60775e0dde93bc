import type { FastifyReply } from 'fastify';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { FILTER_OPERATORS, TEXT_FILTERS, VALUE_FILTERS, type FilterOperator } from '../../resources/engine.js';
import { MAX_ID } from '../../resources/id.js';
import { text } from '../../resources/text.js';
import { currentDialect } from '../db/dialect-context.js';
import type { Dialect } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import { trigramCandidates, type TextIndex } from './text-search.js';

/**
 * json-server list conventions (DESIGN.md "Lists"), so stock Refine and react-admin clients page,
 * sort and filter every resource unchanged. Only declared fields are usable; all work happens in SQL.
 */

/**
 * Booleans are stored as 0/1; callers may send true/false or 1/0. Numbers are whole-number columns
 * (ids, counts), compared within the 32-bit range both databases hold. Dates are instants; days are
 * calendar days kept as 'YYYY-MM-DD' text, compared as text.
 */
export type ListFieldType = 'text' | 'number' | 'boolean' | 'date' | 'day';

/** The operators a field takes unless it declares its own (resources/engine.ts VALUE_FILTERS). */
const TYPE_FILTERS: Record<ListFieldType, readonly FilterOperator[]> = {
  text: VALUE_FILTERS.text,
  number: VALUE_FILTERS.number,
  date: VALUE_FILTERS.date,
  day: VALUE_FILTERS.date,
  boolean: VALUE_FILTERS.choice,
};

export interface ListField {
  /** A column reference as written in the base query, e.g. 'c.name'. */
  column: string;
  type: ListFieldType;
  filter?: boolean;
  /** The filter operators this field takes, when not all of its type's (a resource field's declared `filters`). */
  operators?: readonly FilterOperator[];
  sort?: boolean;
  /** Nullable columns sort nulls as the largest value on both databases (PostgreSQL's own order). */
  nullable?: boolean;
  /** The trigram index serving this column's text filters on SQLite (set by withTextIndex). */
  textIndex?: TextIndex;
  /**
   * An index orders this column without ASCII case (after the list's fixed equality columns): on
   * SQLite `column collate nocase`, on PostgreSQL `lower(column collate "C")` (migrations 0027, 0032).
   * A starts-with, or a pattern with a literal start, reads that range of it instead of the trigram
   * index, whose dozen trigrams cost a millisecond on SQLite and several on PostgreSQL.
   */
  prefixIndex?: boolean;
}

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Used when the caller sends no _sort. */
  defaultSort: Array<{ field: string; order: SortOrder }>;
  /** A unique column appended to every sort, so consecutive pages never overlap or skip rows. */
  tiebreaker: string;
}

type SortOrder = 'asc' | 'desc';

export const PAGE_SIZE = { default: 25, max: 200 } as const;

const queryValue = z.union([text(), z.array(text())]);

/** The querystring of a list route: every value a string, repeated keys an array; filters are checked against the ListSpec. */
export const listQuery = z
  .object({
    _start: queryValue.optional().describe('First row, counted from 0'),
    _end: queryValue.optional().describe(`Row after the last (pages of ${PAGE_SIZE.default} by default, at most ${PAGE_SIZE.max})`),
    _sort: queryValue.optional().describe('Comma list of fields'),
    _order: queryValue.optional().describe('Comma list of asc|desc, one per _sort field'),
    q: queryValue.optional().describe('Text to find in any text field'),
  })
  .catchall(queryValue.optional());
export type RawListQuery = Record<string, string | string[] | undefined>;

const MAX_VALUES = 200;

const SUFFIXED = (Object.keys(FILTER_OPERATORS) as FilterOperator[]).filter((op) => FILTER_OPERATORS[op]);
const TEXT_OPERATORS = new Set<FilterOperator>(TEXT_FILTERS);
const COMPARISONS: Partial<Record<FilterOperator, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

interface Condition {
  field: ListField;
  op: FilterOperator;
  values: Array<string | number>;
}

export interface ParsedList {
  offset: number;
  limit: number;
  sort: Array<{ field: ListField; order: SortOrder }>;
  conditions: Condition[];
  search: string | null;
  searchFields: ListField[];
}

const invalid = (param: string, message: string) => badRequest(`${param}: ${message}`, [{ field: param, message }]);
const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function single(raw: RawListQuery, param: string): string | undefined {
  const values = asList(raw[param]);
  if (values.length > 1) throw invalid(param, 'may be given only once');
  return values[0];
}

/** Paging positions: no list holds more rows than there are ids, and larger offsets fail on PostgreSQL. */
function nonNegativeInt(raw: RawListQuery, param: string): number | undefined {
  const value = single(raw, param);
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) > MAX_ID) throw invalid(param, `must be a whole number from 0 to ${MAX_ID}`);
  return Number(value);
}

/** Dates PostgreSQL's timestamptz and an ISO string of four-digit years both hold: years 1 to 9999. */
const DATE_RANGE = { min: Date.parse('0001-01-01T00:00:00.000Z'), max: Date.parse('9999-12-31T23:59:59.999Z') };

function coerce(param: string, field: ListField, value: string): string | number {
  if (field.type === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || Math.abs(n) > MAX_ID) throw invalid(param, `must be a whole number from -${MAX_ID} to ${MAX_ID}`);
    return n;
  }
  if (field.type === 'boolean') {
    if (!['true', 'false', '1', '0'].includes(value)) throw invalid(param, 'must be true or false');
    return value === 'true' || value === '1' ? 1 : 0;
  }
  if (field.type === 'day') {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw invalid(param, 'must be a real day as YYYY-MM-DD');
    return value;
  }
  if (field.type === 'date') {
    const ms = Date.parse(value);
    if (Number.isNaN(ms) || ms < DATE_RANGE.min || ms > DATE_RANGE.max) throw invalid(param, 'must be a date from year 1 to 9999');
    // Stored timestamps are ISO strings on SQLite, so values compare in the same form.
    return new Date(ms).toISOString();
  }
  return value;
}

/** Splits `name_like` into the field and operator; a bare declared field name means equals. */
function splitParam(spec: ListSpec, param: string): { name: string; op: FilterOperator } | null {
  if (spec.fields[param]) return { name: param, op: 'equals' };
  for (const op of SUFFIXED) {
    const suffix = FILTER_OPERATORS[op];
    if (param.endsWith(suffix) && spec.fields[param.slice(0, -suffix.length)]) return { name: param.slice(0, -suffix.length), op };
  }
  return null;
}

/** What a field's filter operators are called on the API: `name`, `name_like`, … */
const suffixes = (name: string, field: ListField) => fieldOperators(field).map((op) => `${name}${FILTER_OPERATORS[op]}`);
export const fieldOperators = (field: ListField) => field.operators ?? TYPE_FILTERS[field.type];

function parseSort(spec: ListSpec, raw: RawListQuery): ParsedList['sort'] {
  const names = (single(raw, '_sort') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const orders = (single(raw, '_order') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (orders.length > names.length) {
    throw invalid('_order', 'needs a matching _sort field for each order');
  }
  const wanted = names.length
    ? names.map((field, i) => ({ field, order: (orders[i] ?? 'asc') as SortOrder }))
    : spec.defaultSort;
  return wanted.map(({ field, order }) => {
    const declared = spec.fields[field];
    if (!declared?.sort) throw invalid('_sort', `cannot sort by "${field}"; sortable fields: ${sortable(spec).join(', ')}`);
    if (order !== 'asc' && order !== 'desc') throw invalid('_order', 'must be asc or desc');
    return { field: declared, order };
  });
}

const sortable = (spec: ListSpec) => Object.keys(spec.fields).filter((k) => spec.fields[k]!.sort);
const filterable = (spec: ListSpec) => Object.keys(spec.fields).filter((k) => spec.fields[k]!.filter);

export function parseListQuery(spec: ListSpec, raw: RawListQuery): ParsedList {
  const start = nonNegativeInt(raw, '_start') ?? 0;
  const end = nonNegativeInt(raw, '_end') ?? start + PAGE_SIZE.default;
  if (end < start) throw invalid('_end', 'must not be less than _start');

  const conditions: Condition[] = [];
  for (const [param, value] of Object.entries(raw)) {
    if (value === undefined || ['_start', '_end', '_sort', '_order', 'q'].includes(param)) continue;
    const parsed = splitParam(spec, param);
    const field = parsed && spec.fields[parsed.name];
    if (!parsed || !field?.filter) {
      throw invalid(param, `is not a filter of this list; filterable fields: ${filterable(spec).join(', ')}`);
    }
    if (!fieldOperators(field).includes(parsed.op)) {
      const why = TEXT_OPERATORS.has(parsed.op) && field.type !== 'text' ? `${FILTER_OPERATORS[parsed.op]} applies to text fields only` : 'is not a filter of this field';
      throw invalid(param, `${why}; ${parsed.name} takes ${suffixes(parsed.name, field).join(', ')}`);
    }
    const values = asList(value);
    if (values.length > MAX_VALUES) throw invalid(param, `takes at most ${MAX_VALUES} values`);
    if (values.length > 1 && parsed.op !== 'equals' && parsed.op !== 'ne') throw invalid(param, 'may be given only once');
    conditions.push({ field, op: parsed.op, values: values.map((v) => coerce(param, field, v)) });
  }

  const search = single(raw, 'q')?.trim() || null;
  const searchFields = Object.values(spec.fields).filter((f) => f.filter && f.type === 'text');
  if (search && !searchFields.length) throw invalid('q', 'this list has no text fields to search');

  const sort = parseSort(spec, raw);
  return {
    offset: start,
    limit: Math.min(end - start, PAGE_SIZE.max),
    // The tiebreaker follows the main order, so "newest first" also lists same-instant rows newest first.
    sort: [...sort, { field: { column: spec.tiebreaker, type: 'number' }, order: sort[0]?.order ?? 'asc' }],
    conditions,
    search,
    searchFields,
  };
}

/** `%` and `_` in the caller's text are matched literally; `!` is the escape character (write `escape '!'`). */
export const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Case-insensitive LIKE: SQLite's own LIKE already ignores ASCII case (and its lower() folds ASCII
 * only, at five times the cost on large lists); PostgreSQL needs ILIKE. Elsewhere, the portable form.
 * Both databases fold ASCII letters only: 'É' does not match 'é' on either.
 */
function likeMatch(column: string, pattern: string): RawBuilder<SqlBool> {
  switch (currentDialect()) {
    case 'sqlite':
      return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
    case 'postgres':
      // Folding ASCII only, as SQLite does, and at half the cost of the locale's folding. The
      // pg_trgm indexes of migration 0011 are built on `column collate "C"` to serve this form.
      return sql<SqlBool>`${sql.ref(column)} collate "C" ilike ${pattern} escape '!'`;
    default:
      return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '!'`;
  }
}

/**
 * Rows where any of `fields` matches `pattern`, made from the caller's `needle`. On SQLite a trigram
 * table narrows the rows first when it indexes every field; the LIKE keeps the exact meaning.
 */
function textMatch(fields: ListField[], needle: string | null, pattern: string, prefix: string | null = null): RawBuilder<SqlBool> {
  const likes = fields.map((f) => likeMatch(f.column, pattern));
  const anyField = likes.length === 1 ? likes[0]! : sql<SqlBool>`(${sql.join(likes, sql` or `)})`;
  const dialect = currentDialect();
  const range = fields.length === 1 && fields[0]!.prefixIndex && prefix && dialect ? prefixRange(dialect, fields[0]!.column, prefix) : null;
  // PostgreSQL's planner finds its pg_trgm index for the ILIKE alone.
  const candidates = range ?? (needle !== null && dialect === 'sqlite' ? trigramCandidates(fields, needle) : null);
  return candidates ? sql<SqlBool>`(${anyField} and ${candidates})` : anyField;
}

/**
 * The rows whose column starts with `prefix` ignoring ASCII case, as a range of the column's
 * case-folded index: from the folded prefix to the same with its last character the next one. Both
 * fold ASCII letters only, as the LIKE does, and order by code point (`nocase` compares bytes after
 * folding; "C" is byte order, which UTF-8 keeps in code point order). Every row the LIKE keeps is
 * inside the range (it may hold more; the LIKE beside it decides).
 */
export function prefixRange(dialect: Dialect, column: string, prefix: string): RawBuilder<SqlBool> | null {
  const folded = prefix.replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!folded) return null;
  const chars = [...folded];
  const last = chars.pop()!.codePointAt(0)!;
  // No next character after the last code point, nor across the surrogate gap.
  if (last >= 0x10ffff || (last >= 0xd7ff && last <= 0xdfff)) return null;
  const upper = chars.join('') + String.fromCodePoint(last + 1);
  // The same expression as the index's, or the planner cannot use it.
  const folding = dialect === 'sqlite' ? sql`${sql.ref(column)} collate nocase` : sql`lower(${sql.ref(column)} collate "C")`;
  return sql<SqlBool>`(${folding} >= ${folded} and ${folding} < ${upper})`;
}

/** The literal start of a `matches` pattern, before its first `*` or `?`; null when it starts with one. */
export const patternPrefix = (pattern: string) => pattern.split(/[*?]/)[0] || null;

/**
 * `matches`: `*` any run of characters, `?` one, everything else literal (a `%` or `_` too), as a
 * LIKE pattern; and its longest literal run, which every matching row holds, for the trigram index.
 */
export function matchPattern(pattern: string): { like: string; needle: string | null } {
  const literals = pattern.split(/[*?]/);
  const like = pattern.replace(/[*?]|[^*?]+/g, (part) => (part === '*' ? '%' : part === '?' ? '_' : escapeLike(part)));
  const longest = literals.reduce((a, b) => ([...b].length > [...a].length ? b : a), '');
  return { like, needle: longest || null };
}

function toSql(c: Condition): RawBuilder<SqlBool> {
  const col = sql.ref(c.field.column);
  const [first] = c.values;
  const text = String(first);
  switch (c.op) {
    case 'equals':
      return c.values.length === 1 ? sql<SqlBool>`${col} = ${first}` : sql<SqlBool>`${col} in (${sql.join(c.values)})`;
    case 'ne':
      // Rows without a value are "not equal" too, as json-server treats a missing field.
      return sql<SqlBool>`(${col} is null or ${col} not in (${sql.join(c.values)}))`;
    case 'contains':
      return textMatch([c.field], text, `%${escapeLike(text)}%`);
    case 'startsWith':
      return textMatch([c.field], text, `${escapeLike(text)}%`, text);
    case 'endsWith':
      return textMatch([c.field], text, `%${escapeLike(text)}`);
    case 'matches': {
      const { like, needle } = matchPattern(text);
      return textMatch([c.field], needle, like, patternPrefix(text));
    }
    default:
      return sql<SqlBool>`${col} ${sql.raw(COMPARISONS[c.op]!)} ${first}`;
  }
}

/**
 * The same rows as the base query without its display-only joins, for counting: `aliases` names
 * the tables it has. Used only when every filter and the search read those tables alone.
 */
export interface LeanCount {
  // Any query: only its rows are counted, never its columns.
  base: SelectQueryBuilder<any, any, any>;
  aliases: string[];
  /** The total when nothing filters the list, from a count the database keeps (list_totals). */
  unfilteredTotal?: () => Promise<number>;
}

function whereList<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>, list: ParsedList) {
  let query = base;
  for (const condition of list.conditions) query = query.where(toSql(condition));
  if (list.search) query = query.where(textMatch(list.searchFields, list.search, `%${escapeLike(list.search)}%`));
  return query;
}

const readsOnly = (list: ParsedList, aliases: string[]) =>
  [...list.conditions.map((c) => c.field), ...(list.search ? list.searchFields : [])].every(({ column }) =>
    aliases.some((a) => column.startsWith(`${a}.`)),
  );

/**
 * Applies the parsed list to a base query (joins and fixed conditions, no order by) and answers one
 * page of rows and the total count before paging, both computed by the database.
 */
export async function runList<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  list: ParsedList,
  lean?: LeanCount,
): Promise<{ rows: O[]; total: number }> {
  const query = whereList(base, list);
  let page = query;
  for (const { field, order } of list.sort) {
    const nulls = field.nullable ? sql.raw(order === 'asc' ? ' nulls last' : ' nulls first') : sql.raw('');
    page = page.orderBy(sql`${sql.ref(field.column)} ${sql.raw(order)}${nulls}`);
  }
  // Counting through joins that only add names to show costs a lookup per row on large lists.
  const counted: SelectQueryBuilder<any, any, any> = lean && readsOnly(list, lean.aliases) ? whereList(lean.base, list) : query;
  const count = async () => {
    const row = (await countQuery(counted).executeTakeFirst()) as { total?: number } | undefined;
    return Number(row?.total ?? 0);
  };
  const unfiltered = !list.conditions.length && !list.search;
  if (textFiltered(list)) return pageWithTotal(page, sql<number>`count(*) over ()`, list, count);
  if (unfiltered && lean?.unfilteredTotal) {
    const [rows, total] = await Promise.all([page.limit(list.limit).offset(list.offset).execute(), lean.unfilteredTotal()]);
    return { rows, total };
  }
  // The count rides along as a subquery either database runs once: on PostgreSQL each query is a
  // round trip through the pool that costs both processes CPU on the same cores, and on SQLite each
  // statement still costs this process its compiling and its call.
  return pageWithTotal(page, sql<number>`(${countQuery(counted)})`, list, count);
}

const countQuery = (rows: SelectQueryBuilder<any, any, any>) => rows.clearSelect().select(sql<number>`count(*)`.as('total'));

/** A text filter can use no index order: every match is found and sorted for any page, so counting them again would repeat that work. */
const textFiltered = (list: ParsedList) => list.search !== null || list.conditions.some((c) => TEXT_OPERATORS.has(c.op));

const TOTAL_COLUMN = 'list_total_rows';

/** The page and the total (`count(*) over ()` or a count subquery) from one query; a page past the end has no row to carry it, so it counts apart. */
async function pageWithTotal<DB, TB extends keyof DB, O>(page: SelectQueryBuilder<DB, TB, O>, totalColumn: RawBuilder<number>, list: ParsedList, count: () => Promise<number>) {
  const rows = (await page.select(totalColumn.as(TOTAL_COLUMN) as never).limit(list.limit).offset(list.offset).execute()) as Array<
    O & { [TOTAL_COLUMN]?: number }
  >;
  const total = rows.length ? Number(rows[0]![TOTAL_COLUMN]) : list.offset === 0 && list.limit > 0 ? 0 : await count();
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows: rows as O[], total };
}

/** Sets X-Total-Count (readable by browser clients across origins) and answers the page. */
export function sendPage<T>(reply: FastifyReply, page: { rows: T[]; total: number }): T[] {
  reply.header('X-Total-Count', String(page.total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
  return page.rows;
}
