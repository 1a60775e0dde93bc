import { describe, expect, it } from 'vitest';
import { splitByMonth } from '../../../server/modules/figures/sources/production-rows.js';

/** Which days of a range the production rollup answers (whole months) and which the items do (the ends). */
describe('splitByMonth', () => {
  it('answers whole months from the rollup and the days at each end from the items', () => {
    expect(splitByMonth({ from: '2026-01-31', to: '2026-04-02' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-31' },
      edges: [
        { from: '2026-01-31', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-02' },
      ],
    });
  });
  it('needs no ends when the range is whole months', () => {
    expect(splitByMonth({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ months: { from: '2024-02-01', to: '2024-02-29' }, edges: [] });
    expect(splitByMonth({ from: '2025-12-01', to: '2026-11-30' })).toEqual({ months: { from: '2025-12-01', to: '2026-11-30' }, edges: [] });
  });
  it('reads the items alone when the range holds no whole month', () => {
    expect(splitByMonth({ from: '2026-03-02', to: '2026-04-30' })).toEqual({
      months: { from: '2026-04-01', to: '2026-04-30' },
      edges: [{ from: '2026-03-02', to: '2026-03-31' }],
    });
    expect(splitByMonth({ from: '2026-03-02', to: '2026-03-30' })).toEqual({ months: null, edges: [{ from: '2026-03-02', to: '2026-03-30' }] });
    expect(splitByMonth({ from: '2026-02-15', to: '2026-03-14' })).toEqual({ months: null, edges: [{ from: '2026-02-15', to: '2026-03-14' }] });
  });
});
