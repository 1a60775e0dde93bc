import type { FigureQuery } from '../../../resources/figures';
import { productions } from '../../../resources/production';
import { filterFields, readAddress } from '../../../src/engine/filter-model';
import { rowsBehind } from '../../../src/pages/dashboard/rows-behind';

const question = (over: Partial<FigureQuery> = {}): FigureQuery => ({
  source: 'production',
  measure: { fn: 'sum', field: 'amount' },
  filters: [],
  range: { from: '2026-01-01', to: '2026-12-31' },
  ...over,
});

/** The productions filter bar's values the address opens with. */
const opened = (address: string | null) => {
  const [path, search = ''] = address!.split('?');
  const conditions = readAddress(filterFields(productions), new URLSearchParams(search));
  const value = (field: string, op = 'equals') => conditions.find((c) => c.field === field && c.op === op)?.value;
  return { path, scope: { status: value('status'), projectId: value('projectId'), crewId: value('crewId'), from: value('date', 'gte'), to: value('date', 'lte') } };
};

describe('the rows behind a figure', () => {
  it('opens the productions list narrowed to the question: its range, project, crew and status', () => {
    const q = question({ filters: [{ field: 'project', operator: 'eq', value: 7 }, { field: 'crew', operator: 'eq', value: 3 }, { field: 'status', operator: 'eq', value: 'approved' }] });
    expect(opened(rowsBehind(q))).toEqual({ path: '/productions', scope: { status: 'approved', projectId: '7', crewId: '3', from: '2026-01-01', to: '2026-12-31' } });
  });

  it('narrows to the group picked: a crew, a project, a status', () => {
    expect(opened(rowsBehind(question({ groupBy: 'crew' }), { key: 12, label: 'Trench crew', value: '10.00' })).scope.crewId).toBe('12');
    expect(opened(rowsBehind(question({ groupBy: 'project' }), { key: 4, label: 'Oak Avenue', value: '10.00' })).scope.projectId).toBe('4');
    expect(opened(rowsBehind(question({ groupBy: 'status' }), { key: 'submitted', label: 'Submitted', value: '2' })).scope.status).toBe('submitted');
  });

  it('narrows to the days of a time group, within the question’s range', () => {
    const month = opened(rowsBehind(question({ groupBy: 'month' }), { key: '2026-02-01', label: '2026-02-01', value: '1' })).scope;
    expect([month.from, month.to]).toEqual(['2026-02-01', '2026-02-28']);
    const week = opened(rowsBehind(question({ groupBy: 'week', range: { from: '2026-03-04', to: '2026-03-31' } }), { key: '2026-03-02', label: '2026-03-02', value: '1' })).scope;
    expect([week.from, week.to]).toEqual(['2026-03-04', '2026-03-08']);
    const day = opened(rowsBehind(question({ groupBy: 'day' }), { key: '2026-05-09', label: '2026-05-09', value: '1' })).scope;
    expect([day.from, day.to]).toEqual(['2026-05-09', '2026-05-09']);
  });

  it('opens other sources’ lists whole, and no list where a source has none', () => {
    expect(rowsBehind(question({ source: 'invoice', measure: { fn: 'count' } }))).toBe('/invoices');
    expect(rowsBehind(question({ source: 'budget', measure: { fn: 'count' } }))).toBeNull();
  });

  it('writes the address in the API’s own readable form', () => {
    const q = question({ filters: [{ field: 'status', operator: 'eq', value: 'approved' }] });
    expect(rowsBehind(q)).toBe('/productions?status=approved&date_gte=2026-01-01&date_lte=2026-12-31');
  });
});
