import type { CrudFilter } from '@refinedev/core';
import { FILTER_OPERATORS, fieldFilters, type FieldKind, type FilterOperator, type ResourceDef, type ResourceField } from '../../resources/engine';

/**
 * The grid's filter bar as data: conditions on several fields, ANDed, each a field, one of the
 * operators the field declares (resources/engine.ts) and a value. The address and the API read them
 * in one form, the API's json-server query (`status=approved&date_gte=2026-03-01&name_matches=A*`),
 * so a filtered list's address can be read, bookmarked and shared.
 */
export interface Condition {
  /** A field's name, or SEARCH: text in any of the list's text fields (`q`). */
  field: string;
  op: FilterOperator;
  value: string;
}

export const SEARCH = 'q';

const picked = (f: ResourceField) => f.kind === 'reference' && !!f.reference;

/**
 * The fields a grid can be filtered on: those declaring operators, minus those the page leaves out,
 * those people never see (an id neither in the grid nor on the page), and a column's name where its
 * picker is offered under the same label (Category by its picker, not its text).
 */
export const filterFields = (def: ResourceDef, exclude: readonly string[] = []) =>
  def.fields.filter(
    (f) =>
      fieldFilters(f).length > 0 &&
      !exclude.includes(f.name) &&
      !(f.grid === false && f.show === false) &&
      !(!picked(f) && def.fields.some((o) => o !== f && o.label === f.label && picked(o) && fieldFilters(o).length > 0)),
  );

type ValueKind = 'text' | 'number' | 'date' | 'choice';
export function valueKind(kind: FieldKind): ValueKind {
  switch (kind) {
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'boolean':
    case 'select':
    case 'reference':
    case 'color':
      return 'choice';
    default:
      return 'text';
  }
}

const WORDS: Record<ValueKind, Partial<Record<FilterOperator, string>>> = {
  text: { contains: 'contains', startsWith: 'starts with', endsWith: 'ends with', matches: 'matches', equals: 'equals', ne: 'is not' },
  number: { equals: 'equals', ne: 'is not', gt: 'greater than', gte: 'at least', lt: 'less than', lte: 'at most' },
  date: { equals: 'on', ne: 'not on', gt: 'after', gte: 'on or after', lt: 'before', lte: 'on or before' },
  choice: { equals: 'is', ne: 'is not' },
};

/** An operator in words, as the field's kind of value reads it: "starts with", "on or after", "is not". */
export const operatorLabel = (field: ResourceField, op: FilterOperator) => WORDS[valueKind(field.kind)][op] ?? op;

/** The API's query parameter of a condition: `name`, `name_like`, … */
export const paramOf = (c: Condition) => (c.field === SEARCH ? SEARCH : `${c.field}${FILTER_OPERATORS[c.op]}`);

/** The conditions as the API's query: one parameter each, every value set. */
export const toParams = (conditions: readonly Condition[]): Array<[string, string]> =>
  conditions.filter((c) => c.value !== '').map((c) => [paramOf(c), c.value]);

/**
 * Adds a condition, or replaces the one on the same field and operator: a field takes each operator
 * once, since the API reads a repeated `field=` as "any of", not AND.
 */
export function putCondition(conditions: readonly Condition[], next: Condition, replacing?: Condition): Condition[] {
  const same = (c: Condition) => c.field === next.field && c.op === next.op;
  const rest = conditions.filter((c) => c !== replacing && !same(c));
  const at = replacing ? conditions.indexOf(replacing) : conditions.findIndex(same);
  rest.splice(at < 0 ? rest.length : Math.min(at, rest.length), 0, next);
  return rest;
}

/** One parameter of the address as a condition of `fields`, or null when it is none (another parameter of the page). */
function parseParam(fields: readonly ResourceField[], key: string, value: string, search: boolean): Condition | null {
  if (key === SEARCH) return search && value.trim() ? { field: SEARCH, op: 'contains', value } : null;
  for (const field of fields) {
    if (!key.startsWith(field.name)) continue;
    const suffix = key.slice(field.name.length);
    const op = fieldFilters(field).find((o) => FILTER_OPERATORS[o] === suffix);
    if (op) return { field: field.name, op, value };
  }
  return null;
}

const REFINE_OPERATORS: Record<string, FilterOperator> = {
  eq: 'equals',
  in: 'equals',
  ne: 'ne',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
  contains: 'contains',
  startswith: 'startsWith',
  endswith: 'endsWith',
};

/**
 * Conditions from Refine's filters: saved views made before the bar (the grid's one-column filter,
 * the productions and tasks bars) and `?scope=` links. Those the fields do not declare are dropped.
 */
export function fromCrudFilters(fields: readonly ResourceField[], filters: readonly CrudFilter[], search = false): Condition[] {
  let out: Condition[] = [];
  for (const f of filters) {
    if (!('field' in f) || f.value === undefined || f.value === null || f.value === '') continue;
    const op = REFINE_OPERATORS[f.operator];
    const value = Array.isArray(f.value) ? f.value[0] : f.value;
    if (!op || value === undefined) continue;
    const field = fields.find((x) => x.name === f.field);
    if (f.field === SEARCH ? search : field && fieldFilters(field).includes(op)) out = putCondition(out, { field: f.field, op: f.field === SEARCH ? 'contains' : op, value: String(value) });
  }
  return out;
}

/** The address's conditions, in its order; a `?scope=` link (Refine's filters as JSON) read as they were. */
export function readAddress(fields: readonly ResourceField[], params: URLSearchParams, search = false): Condition[] {
  let out: Condition[] = [];
  const scope = params.get('scope');
  if (scope) {
    try {
      const parsed: unknown = JSON.parse(scope);
      if (Array.isArray(parsed)) out = fromCrudFilters(fields, parsed.filter((f) => f && typeof f === 'object'), search);
    } catch {
      // A broken link filters nothing.
    }
  }
  for (const [key, value] of params) {
    const c = parseParam(fields, key, value, search);
    if (c && !out.some((o) => o.field === c.field && o.op === c.op)) out.push(c);
  }
  return out;
}

/** The address with `conditions` in place of the ones it held; the page's other parameters (view=board) stay. */
export function writeAddress(fields: readonly ResourceField[], params: URLSearchParams, conditions: readonly Condition[], search = false): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    const ours = key === 'scope' || (key === SEARCH ? search : parseParam(fields, key, value, search) !== null);
    if (!ours) next.append(key, value);
  }
  for (const [key, value] of toParams(conditions)) next.append(key, value);
  return next;
}

/** A list's address with conditions, as a dashboard figure links to the rows behind it. */
export const listAddress = (path: string, conditions: readonly Condition[]) => {
  const query = new URLSearchParams(toParams(conditions)).toString();
  return query ? `${path}?${query}` : path;
};
