import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, filtersRange, presetRange } from '../../../resources/dashboard.js';

describe('dashboard date presets', () => {
  it('turns each preset into days ending today, months and years from their first day', () => {
    expect(presetRange('last7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('last30', '2026-03-03')).toEqual({ from: '2026-02-02', to: '2026-03-03' });
    expect(presetRange('last90', '2026-03-03')).toEqual({ from: '2025-12-04', to: '2026-03-03' });
    expect(presetRange('thisMonth', '2026-03-03')).toEqual({ from: '2026-03-01', to: '2026-03-03' });
    expect(presetRange('thisYear', '2026-03-03')).toEqual({ from: '2026-01-01', to: '2026-03-03' });
    expect(presetRange('last12Months', '2026-03-03')).toEqual({ from: '2025-04-01', to: '2026-03-03' });
  });

  it('last month is whole, across a year and in a leap February', () => {
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last7', '2028-03-01')).toEqual({ from: '2028-02-24', to: '2028-03-01' });
  });

  it('every preset ends on or before today and starts on or before it ends', () => {
    for (const preset of DATE_PRESETS) {
      const r = presetRange(preset, '2026-11-28');
      expect(r.from <= r.to, preset).toBe(true);
      expect(r.to <= '2026-11-28', preset).toBe(true);
    }
  });

  it('fixed days win over a preset; neither is no range', () => {
    expect(filtersRange({ preset: 'thisYear', range: { from: '2026-02-01', to: '2026-02-10' } }, '2026-11-28')).toEqual({ from: '2026-02-01', to: '2026-02-10' });
    expect(filtersRange({ preset: 'thisMonth' }, '2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(filtersRange({ projectId: 3 }, '2026-11-28')).toBeUndefined();
  });
});
