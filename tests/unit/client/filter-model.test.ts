import { defineResource, type ResourceField } from '../../../resources/engine';
import { z } from 'zod';
import { filterFields, fromCrudFilters, listAddress, operatorLabel, putCondition, readAddress, toParams, writeAddress, type Condition } from '../../../src/engine/filter-model';

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'code', label: 'Code', kind: 'text', filters: ['equals', 'startsWith'] },
  { name: 'count', label: 'Count', kind: 'integer' },
  { name: 'date', label: 'Date', kind: 'date' },
  { name: 'status', label: 'Status', kind: 'select', options: [{ value: 'open', label: 'Open' }] },
  { name: 'active', label: 'Active', kind: 'boolean' },
  { name: 'notes', label: 'Notes', kind: 'text', filters: [] },
  { name: 'crewId', label: 'Crew', kind: 'reference', reference: { resource: 'crews', labelField: 'name' }, grid: false },
  { name: 'crewName', label: 'Crew', kind: 'text' },
  { name: 'marketId', label: 'Market', kind: 'reference', grid: false, show: false },
];
const def = defineResource({
  name: 'things',
  entityType: 'thing',
  navId: 'things',
  label: 'Things',
  singular: 'Thing',
  titleField: 'name',
  fields,
  create: z.object({}),
  update: z.object({}),
  paths: { list: '/things', create: '/things', item: '/things/:id' },
  permissions: { view: 'things:view', manage: 'things:manage' },
  messages: { created: '', saved: '', deleted: '' },
  defaultSort: { field: 'name', order: 'asc' },
});
const all = filterFields(def);
const params = (query: string) => new URLSearchParams(query);

describe('the filter model', () => {
  it('offers the fields that declare operators, each kind its own in words', () => {
    // Not the text of a column offered by its picker, nor an id people never see.
    expect(all.map((f) => f.name)).toEqual(['name', 'code', 'count', 'date', 'status', 'active', 'crewId']);
    expect(filterFields(def, ['status']).map((f) => f.name)).not.toContain('status');
    const words = (name: string, ops: Parameters<typeof operatorLabel>[1][]) => ops.map((op) => operatorLabel(all.find((f) => f.name === name)!, op));
    expect(words('name', ['contains', 'startsWith', 'endsWith', 'matches', 'equals', 'ne'])).toEqual(['contains', 'starts with', 'ends with', 'matches', 'equals', 'is not']);
    expect(words('count', ['gt', 'gte', 'lt', 'lte'])).toEqual(['greater than', 'at least', 'less than', 'at most']);
    expect(words('date', ['equals', 'gte', 'lt'])).toEqual(['on', 'on or after', 'before']);
    expect(words('status', ['equals', 'ne'])).toEqual(['is', 'is not']);
  });

  it('writes conditions as the API’s query and reads them back from the address in order', () => {
    const conditions: Condition[] = [
      { field: 'name', op: 'matches', value: 'A*B?' },
      { field: 'count', op: 'gte', value: '3' },
      { field: 'date', op: 'lt', value: '2026-04-01' },
      { field: 'status', op: 'ne', value: 'open' },
      { field: 'active', op: 'equals', value: 'true' },
      { field: 'q', op: 'contains', value: 'main st' },
    ];
    expect(toParams(conditions)).toEqual([
      ['name_matches', 'A*B?'],
      ['count_gte', '3'],
      ['date_lt', '2026-04-01'],
      ['status_ne', 'open'],
      ['active', 'true'],
      ['q', 'main st'],
    ]);
    const address = writeAddress(all, params('view=board'), conditions, true);
    expect(address.toString()).toBe('view=board&name_matches=A*B%3F&count_gte=3&date_lt=2026-04-01&status_ne=open&active=true&q=main+st');
    expect(readAddress(all, address, true)).toEqual(conditions);
    // Without a search the page's own q is left alone, and not read as a condition.
    expect(readAddress(all, address)).toEqual(conditions.slice(0, 5));
    expect(writeAddress(all, address, []).toString()).toBe('view=board&q=main+st');
  });

  it('reads only declared fields and operators from the address, each once', () => {
    expect(readAddress(all, params('code_like=x&code_startsWith=A&notes=x&count_like=1&tab=2&name=a&name=b'))).toEqual([
      { field: 'code', op: 'startsWith', value: 'A' },
      { field: 'name', op: 'equals', value: 'a' },
    ]);
  });

  it('reads a ?scope= link and views saved before the bar (Refine filters) as conditions', () => {
    const scope = JSON.stringify([
      { field: 'status', operator: 'eq', value: 'open' },
      { field: 'date', operator: 'gt', value: '2026-02-28' },
      { field: 'name', operator: 'startswith', value: 'Tr' },
      { field: 'notes', operator: 'eq', value: 'x' },
    ]);
    expect(readAddress(all, params(`scope=${encodeURIComponent(scope)}&count_lt=5`))).toEqual([
      { field: 'status', op: 'equals', value: 'open' },
      { field: 'date', op: 'gt', value: '2026-02-28' },
      { field: 'name', op: 'startsWith', value: 'Tr' },
      { field: 'count', op: 'lt', value: '5' },
    ]);
    expect(readAddress(all, params('scope=not+json'))).toEqual([]);
    expect(fromCrudFilters(all, [{ field: 'q', operator: 'eq', value: 'x' }], true)).toEqual([{ field: 'q', op: 'contains', value: 'x' }]);
  });

  it('keeps one condition per field and operator: a new one replaces it in place, an edit replaces the edited one', () => {
    const a: Condition = { field: 'name', op: 'contains', value: 'a' };
    const b: Condition = { field: 'count', op: 'gt', value: '1' };
    expect(putCondition([a, b], { field: 'name', op: 'contains', value: 'z' })).toEqual([{ ...a, value: 'z' }, b]);
    expect(putCondition([a, b], { field: 'name', op: 'startsWith', value: 'z' })).toEqual([a, b, { field: 'name', op: 'startsWith', value: 'z' }]);
    expect(putCondition([a, b], { field: 'count', op: 'lt', value: '9' }, b)).toEqual([a, { field: 'count', op: 'lt', value: '9' }]);
  });

  it('builds a list’s address, bare without conditions', () => {
    expect(listAddress('/things', [])).toBe('/things');
    expect(listAddress('/things', [{ field: 'status', op: 'equals', value: 'open' }])).toBe('/things?status=open');
  });
});
