import { ENDPOINTS, sectionStamps, withSection, wholeFile } from '../../../bench/results-file.js';

const full = { commit: 'aaa1111', runAt: '2026-12-01T10:00:00.000Z' };
const later = { commit: 'bbb2222', runAt: '2026-12-02T10:00:00.000Z', dirty: true as const };

describe('bench/results.json: whole from one run, or marked partial', () => {
  it("a full run's file is whole: every section and the endpoints carry that run's stamp", () => {
    const file = wholeFile({ ...full, results: { health: 1 }, budgetSection: { ...full, ok: true }, realtime: { ...full, ok: true } }, full, ['budgetSection', 'realtime']);
    expect(file.partial).toBe(false);
    expect(file.sections).toEqual({ [ENDPOINTS]: full, budgetSection: full, realtime: full });
    expect(Object.keys(file).slice(0, 2)).toEqual(['partial', 'sections']);
    expect(file.results).toEqual({ health: 1 });
  });

  it('keeps the baseline of an earlier run, named with its own stamp', () => {
    const before = { commit: 'old0000', runAt: '2026-11-01T00:00:00.000Z', sqlite: {} };
    const file = wholeFile({ ...full }, full, [], before);
    expect(file.before).toBe(before);
    expect(file.sections.before).toEqual({ commit: 'old0000', runAt: '2026-11-01T00:00:00.000Z' });
  });

  it('an --only run replaces its section, leaves the others and their stamps, and marks the file partial', () => {
    const whole = wholeFile({ ...full, budgetSection: { ...full, ok: true }, realtime: { ...full, ok: true } }, full, ['budgetSection', 'realtime']);
    const merged = withSection(JSON.parse(JSON.stringify(whole)), 'realtime', { ...later, ok: false });
    expect(merged.partial).toBe(true);
    expect(merged.sections).toEqual({ [ENDPOINTS]: full, budgetSection: full, realtime: later });
    expect(merged.realtime).toEqual({ ...later, ok: false });
    expect(merged.budgetSection).toEqual({ ...full, ok: true });
    // A second --only run keeps the first one's stamp for its section.
    const again = withSection(merged, 'gridFilters', { ...full, commit: 'ccc3333', ok: true });
    expect(again.sections).toMatchObject({ realtime: later, gridFilters: { commit: 'ccc3333' } });
  });

  it('reads the stamps of a file written before `sections` existed from its sections and its `after`', () => {
    const old = { runAt: '2026-11-23T08:07:27.848Z', results: {}, budgetSection: { ...full, ok: true }, before: { commit: 'b0', runAt: 'x' }, after: { commit: 'a0', runAt: '2026-11-23T08:07:27.848Z' }, notes: ['text'] };
    expect(sectionStamps(old)).toEqual({ budgetSection: full, before: { commit: 'b0', runAt: 'x' }, [ENDPOINTS]: { commit: 'a0', runAt: '2026-11-23T08:07:27.848Z' } });
    expect(withSection(null, 'pdfOptimiser', { ...later })).toEqual({ partial: true, sections: { pdfOptimiser: later }, pdfOptimiser: later });
  });
});
