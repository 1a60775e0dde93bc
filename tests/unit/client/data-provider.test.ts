import { filtersToQuery, sortersToQuery } from '../../../src/providers/data-provider.js';

describe('the data provider speaks the API list conventions', () => {
  it.each([
    ['contains', 'name_like'],
    ['startswith', 'name_startsWith'],
    ['endswith', 'name_endsWith'],
    ['eq', 'name'],
    ['gt', 'name_gt'],
    ['lt', 'name_lt'],
    ['ne', 'name_ne'],
  ] as const)('the grid operator %s becomes %s', (operator, param) => {
    expect(filtersToQuery([{ field: 'name', operator, value: 'Tr' }]).toString()).toBe(`${param}=Tr`);
  });

  it('repeats the parameter for "any of", sends dates as ISO and skips empty values', () => {
    const q = filtersToQuery([
      { field: 'id', operator: 'in', value: [3, 5] },
      { field: 'createdAt', operator: 'gt', value: new Date('2026-01-02T03:04:05Z') },
      { field: 'name', operator: 'contains', value: '' },
    ]);
    expect(q.getAll('id')).toEqual(['3', '5']);
    expect(q.get('createdAt_gt')).toBe('2026-01-02T03:04:05.000Z');
    expect(q.has('name_like')).toBe(false);
  });

  it('refuses operators the API has no word for rather than dropping them silently', () => {
    expect(() => filtersToQuery([{ field: 'name', operator: 'ncontains', value: 'x' }])).toThrow(/not supported/);
    expect(() => filtersToQuery([{ operator: 'or', value: [] }])).toThrow(/not supported/);
  });

  it('sends sorting as comma lists', () => {
    expect(sortersToQuery([{ field: 'name', order: 'asc' }, { field: 'createdAt', order: 'desc' }]).toString()).toBe('_sort=name%2CcreatedAt&_order=asc%2Cdesc');
  });
});
