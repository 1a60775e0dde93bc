import { fieldColumn, fieldFilters, type ResourceDef, type ResourceField } from '../../resources/engine.js';
import type { ListFieldType, ListSpec } from '../lib/list-query.js';

const LIST_TYPES: Partial<Record<ResourceField['kind'], ListFieldType>> = {
  integer: 'number',
  decimal: 'number',
  reference: 'number',
  boolean: 'boolean',
  date: 'day',
  datetime: 'date',
};

/** The list query a resource accepts: its declared filters and sortable fields, and nothing else. */
export function listSpecFor(def: ResourceDef, alias = 't'): ListSpec {
  const fields: ListSpec['fields'] = { id: { column: `${alias}.id`, type: 'number', filter: true, sort: true } };
  for (const f of def.fields) {
    const operators = fieldFilters(f);
    const filter = operators.length > 0;
    if (!filter && !f.sortable) continue;
    fields[f.name] = {
      column: `${alias}.${fieldColumn(f)}`,
      type: LIST_TYPES[f.kind] ?? 'text',
      filter,
      operators,
      sort: !!f.sortable,
      nullable: !!f.nullable,
    };
  }
  return { fields, defaultSort: [def.defaultSort], tiebreaker: `${alias}.id` };
}

/** A database row as the API answers it: camelCase names, booleans as booleans. */
export function rowToApi(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, companyId: row.company_id };
  for (const f of def.fields) {
    const value = row[fieldColumn(f)];
    out[f.name] = f.kind === 'boolean' ? value === 1 || value === true : (value ?? null);
  }
  if ('updated_at' in row) out.updatedAt = row.updated_at;
  if (!('createdAt' in out) && 'created_at' in row) out.createdAt = row.created_at;
  return out;
}

/** A validated body as column values: only the resource's form fields, booleans as 0/1. */
export function apiToColumns(def: ResourceDef, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.form === false || !(f.name in body) || body[f.name] === undefined) continue;
    const value = body[f.name];
    out[fieldColumn(f)] = f.kind === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out;
}
