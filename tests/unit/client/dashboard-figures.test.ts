import type { Widget } from '../../../resources/dashboard';
import { formatFigure } from '../../../src/pages/dashboard/figure-format';
import { effectiveFilters, widgetQuestion } from '../../../resources/widget-question';

const widget = (overrides: Partial<Widget> = {}): Widget => ({
  id: 1,
  dashboardId: 1,
  title: 'Value',
  type: 'kpi',
  filters: {},
  configuration: { query: { source: 'production', measure: { fn: 'sum', field: 'amount' }, filters: [] }, useDashboardFilters: true },
  layout: { x: 0, y: 0, w: 4, h: 3 },
  published: true,
  ...overrides,
});

describe('figures as shown', () => {
  it('formats exact decimal strings without a float: money with $ and cents, others grouped by thousands', () => {
    expect(formatFigure('1234567.5', 'money')).toBe('$1,234,567.50');
    expect(formatFigure('0.1', 'money')).toBe('$0.10');
    expect(formatFigure('-42', 'money')).toBe('-$42.00');
    // Beyond a double's exact integers, the digits stay as sent.
    expect(formatFigure('90071992547409931.07', 'money')).toBe('$90,071,992,547,409,931.07');
    expect(formatFigure('12345.125', 'quantity')).toBe('12,345.125');
    expect(formatFigure('999', 'count')).toBe('999');
  });
});

describe('a widget’s question', () => {
  it('takes the dashboard’s dates, project and crew, and a KPI asks for the previous period', () => {
    const q = widgetQuestion(widget(), { preset: 'last7', projectId: 5, crewId: 9 }, '2026-11-28');
    expect(q.range).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(q.compare).toBe(true);
    expect(q.filters).toEqual([
      { field: 'project', operator: 'eq', value: 5 },
      { field: 'crew', operator: 'eq', value: 9 },
    ]);
  });

  it('is narrowed by the widget’s own filters, and ignores the dashboard’s when told to', () => {
    expect(effectiveFilters(widget({ filters: { range: { from: '2026-01-01', to: '2026-01-31' } } }), { preset: 'last7', projectId: 5 })).toEqual({
      range: { from: '2026-01-01', to: '2026-01-31' },
      projectId: 5,
    });
    const own = widget({ type: 'bar', configuration: { ...widget().configuration, useDashboardFilters: false } });
    const q = widgetQuestion(own, { preset: 'last7', projectId: 5 }, '2026-11-28');
    expect(q.range).toBeUndefined();
    expect(q.compare).toBeUndefined();
    expect(q.filters).toEqual([]);
  });
});

describe('time groups as shown', () => {
  it('labels a month, a week and a day in words, and leaves a key it cannot read as it is', async () => {
    const { timeGroupLabel } = await import('../../../resources/figures');
    expect(timeGroupLabel('month', '2026-03-01')).toBe('Mar 2026');
    expect(timeGroupLabel('week', '2026-03-30')).toBe('Week of Mar 30, 2026');
    expect(timeGroupLabel('day', '2026-12-09')).toBe('Dec 9, 2026');
    expect(timeGroupLabel('month', 'soon')).toBe('soon');
  });
});
