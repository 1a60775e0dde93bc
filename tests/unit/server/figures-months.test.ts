import { describe, expect, it } from 'vitest';
import { readEnd, splitByMonth } from '../../../server/modules/figures/sources/production-rows.js';

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
    expect(splitByMonth({ from: '2026-02-15', to: '2026-03-14' })).toEqual({
      months: null,
      edges: [
        { from: '2026-02-15', to: '2026-02-28' },
        { from: '2026-03-01', to: '2026-03-14' },
      ],
    });
  });
});

/** An end of a range reads whichever is fewer days of items: its own, or its month's others (taken from the month's rollup). */
describe('readEnd', () => {
  it('reads the items of an end that is at most half its month', () => {
    expect(readEnd({ from: '2026-01-17', to: '2026-01-31' })).toEqual({ days: { from: '2026-01-17', to: '2026-01-31' } });
    expect(readEnd({ from: '2026-04-01', to: '2026-04-15' })).toEqual({ days: { from: '2026-04-01', to: '2026-04-15' } });
  });
  it('reads an end that is most of its month as the month less its other days', () => {
    expect(readEnd({ from: '2026-01-16', to: '2026-01-31' })).toEqual({ month: '2026-01-01', less: [{ from: '2026-01-01', to: '2026-01-15' }] });
    expect(readEnd({ from: '2024-02-01', to: '2024-02-28' })).toEqual({ month: '2024-02-01', less: [{ from: '2024-02-29', to: '2024-02-29' }] });
  });
  it('takes away the days on both sides of an end inside one month', () => {
    expect(readEnd({ from: '2026-03-02', to: '2026-03-30' })).toEqual({
      month: '2026-03-01',
      less: [
        { from: '2026-03-01', to: '2026-03-01' },
        { from: '2026-03-31', to: '2026-03-31' },
      ],
    });
  });
});
