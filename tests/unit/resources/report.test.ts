import { describe, expect, it } from 'vitest';
import { budgetReportQuery, formatReportValue, projectProductionReportQuery, reportFileName } from '../../../resources/report.js';
import { quickRanges } from '../../../src/pages/reports/RangeFilter.js';

describe('report values read the same on the screen and in the PDF', () => {
  it('formats money, quantities, counts, percents and days exactly, from their decimal strings', () => {
    expect(formatReportValue('money', '1234567.5')).toBe('$1,234,567.50');
    expect(formatReportValue('money', '-0.10')).toBe('-$0.10');
    // Past 2^53 cents: every digit kept.
    expect(formatReportValue('money', '999999999999999.99')).toBe('$999,999,999,999,999.99');
    expect(formatReportValue('quantity', '1000032.5')).toBe('1,000,032.5');
    expect(formatReportValue('count', 1234)).toBe('1,234');
    expect(formatReportValue('percent', 12.5)).toBe('12.5%');
    expect(formatReportValue('percent', 100)).toBe('100%');
    expect(formatReportValue('percent', 0.08)).toBe('0.08%');
    expect(formatReportValue('day', '2026-03-02')).toBe('03/02/2026');
    expect(formatReportValue('money', null)).toBe('');
  });

  it('names a download after its title and days', () => {
    expect(reportFileName({ title: 'Project Production P-1/2', range: { from: '2026-03-01', to: '2026-03-31' } }, 'xlsx')).toBe('Project_Production_P-1_2_2026-03-01_2026-03-31.xlsx');
    expect(reportFileName({ title: 'Flight Board' }, 'pdf')).toBe('Flight_Board.pdf');
  });
});

describe('report queries are their addresses', () => {
  it('reads ids and days from the address and refuses what is not a filter', () => {
    expect(projectProductionReportQuery.parse({ projectId: '7', from: '2026-03-01', to: '2026-03-31' })).toEqual({ projectId: 7, from: '2026-03-01', to: '2026-03-31' });
    expect(projectProductionReportQuery.safeParse({ projectId: '7', from: '2026-03-31', to: '2026-03-01' }).success).toBe(false);
    expect(projectProductionReportQuery.safeParse({ projectId: '7', from: '2026-02-30' }).success).toBe(false);
    expect(projectProductionReportQuery.safeParse({ projectId: 'x' }).success).toBe(false);
    expect(projectProductionReportQuery.safeParse({ projectId: '7', crew: '1' }).success).toBe(false);
    expect(budgetReportQuery.parse({ projectId: '3', categoryId: '9' })).toEqual({ projectId: 3, categoryId: 9 });
  });
});

describe('quick ranges', () => {
  it('are whole months and years up to today, both days included', () => {
    expect(quickRanges('2026-03-15')).toEqual([
      { label: 'This month', from: '2026-03-01', to: '2026-03-15' },
      { label: 'Last month', from: '2026-02-01', to: '2026-02-28' },
      { label: 'Last 30 days', from: '2026-02-14', to: '2026-03-15' },
      { label: 'This year', from: '2026-01-01', to: '2026-03-15' },
    ]);
    expect(quickRanges('2026-01-10')[1]).toEqual({ label: 'Last month', from: '2025-12-01', to: '2025-12-31' });
  });
});
