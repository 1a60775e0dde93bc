import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './harness.js';
import { ask, figuresWorld, type FiguresWorld } from './figures-helpers.js';

const base = { source: 'production', measure: { fn: 'sum', field: 'amount' } };
const filter = (field: string, operator: string, value: unknown) => ({ ...base, filters: [{ field, operator, value }] });
const SQL = "1; drop table productions; --";

/** Each question outside the declared model, and the field its 400 names. */
const REFUSED: Array<[string, unknown, string]> = [
  ['an undeclared source', { ...base, source: 'users' }, 'source'],
  ['raw SQL as the source', { ...base, source: `production ${SQL}` }, 'source'],
  ['an undeclared measure', { ...base, measure: { fn: 'max', field: 'amount' } }, 'measure.fn'],
  ['a value field the source does not declare', { source: 'task', measure: { fn: 'sum', field: 'amount' } }, 'measure'],
  ['an undeclared value field', { ...base, measure: { fn: 'sum', field: 'price_cents' } }, 'measure.field'],
  ['sum without a field', { ...base, measure: { fn: 'sum' } }, 'measure'],
  ['count with a field', { ...base, measure: { fn: 'count', field: 'amount' } }, 'measure'],
  ['a dimension the source does not declare', { source: 'invoice', measure: { fn: 'count' }, groupBy: 'crew' }, 'groupBy'],
  ['raw SQL as the dimension', { ...base, groupBy: `month ${SQL}` }, 'groupBy'],
  ['an undeclared filter field', filter('company_id', 'eq', 1), 'filters.0.field'],
  ['raw SQL as the filter field', filter(`p.id = 1 or 1=1 ${SQL}`, 'eq', 1), 'filters.0.field'],
  ['an undeclared operator', filter('crew', 'between', 1), 'filters.0.operator'],
  ['an operator the field does not take', filter('crew', 'like', '1'), 'filters.0.operator'],
  ['text where an id goes', filter('crew', 'eq', '1 or 1=1'), 'filters.0.value'],
  ['a fractional id', filter('project', 'eq', 1.5), 'filters.0.value'],
  ['one value for in', filter('crew', 'in', 1), 'filters.0.value'],
  ['a list for eq', filter('crew', 'eq', [1, 2]), 'filters.0.value'],
  ['a status the source does not take', filter('status', 'eq', 'paid'), 'filters.0.value'],
  ['raw SQL as a status', filter('status', 'eq', `approved' or '1'='1`), 'filters.0.value'],
  ['raw SQL as a status of a source without statuses of its own', { source: 'locate', measure: { fn: 'count' }, filters: [{ field: 'status', operator: 'eq', value: `x' or 1=1 --` }] }, 'filters.0.value'],
  ['text where a number goes', filter('quantity', 'gt', '5'), 'filters.0.value'],
  ['a day that is no day', filter('date', 'gte', '2026-03-01 or 1=1'), 'filters.0.value'],
  ['raw SQL in the range', { ...base, range: { from: `2026-01-01' ${SQL}`, to: '2026-12-31' } }, 'range.from'],
  ['a range that ends before it starts', { ...base, range: { from: '2026-12-31', to: '2026-01-01' } }, 'range.to'],
  ['a limit past 100', { ...base, groupBy: 'crew', limit: 101 }, 'limit'],
  ['a field nobody declared', { ...base, sql: 'select 1' }, ''],
  ['a field in the measure nobody declared', { ...base, measure: { fn: 'count', expression: 'count(*)' } }, 'measure'],
];

describeEachDatabase('figures model refuses what it does not declare', (server) => {
  let w: FiguresWorld;
  beforeAll(async () => {
    w = await figuresWorld(server());
  });

  it.each(REFUSED)('400 for %s', async (_what, query, field) => {
    const res = await ask(server(), w.owner, query);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.statusCode).toBe(400);
    expect(res.body).not.toHaveProperty('rows');
    if (field) expect(JSON.stringify(res.body.error.details)).toContain(field);
  });

  it('still answers after all of them: nothing was run', async () => {
    const res = await ask(server(), w.owner, { source: 'production', measure: { fn: 'count' } });
    expect(res.body.total).toBe('32');
  });
});
