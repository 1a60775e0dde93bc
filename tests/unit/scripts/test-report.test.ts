import { notRunProblem, type VitestJsonReport } from '../../../scripts/test-report.mjs';

const ROOT = '/repo';
const file = (name: string, statuses: string[]) => ({
  name: `${ROOT}/tests/api/${name}`,
  assertionResults: statuses.map((status, i) => ({ fullName: `suite [sqlite] test ${i + 1}`, status })),
});

describe("npm test's refusal of reports that vitest passed", () => {
  it('accepts a report where every test of every file ran', () => {
    const report: VitestJsonReport = { numPendingTests: 0, numTodoTests: 0, testResults: [file('a.test.ts', ['passed', 'passed']), file('b.test.ts', ['passed'])] };
    expect(notRunProblem('api', report, ROOT)).toBeNull();
  });

  it('refuses skipped suites, tests that skipped themselves and todos, naming them', () => {
    // The shape vitest 4 writes for describe.skipIf(true), ctx.skip() and it.todo (an exit code of 0).
    const report: VitestJsonReport = { numPendingTests: 2, numTodoTests: 1, testResults: [file('jobs-bullmq.test.ts', ['skipped', 'passed', 'skipped', 'todo'])] };
    const problem = notRunProblem('api', report, ROOT);
    expect(problem).toMatch(/^vitest project api: 3 test\(s\) did not run; every test must run/);
    expect(problem).toContain('tests/api/jobs-bullmq.test.ts: suite [sqlite] test 1 (skipped)');
    expect(problem).toContain('tests/api/jobs-bullmq.test.ts: suite [sqlite] test 4 (todo)');
    expect(problem).not.toContain('test 2');
  });

  it('refuses a project that found no test files, and a file that declared no test', () => {
    expect(notRunProblem('e2e', { testResults: [] }, ROOT)).toBe('vitest project e2e found no test files');
    expect(notRunProblem('e2e', {}, ROOT)).toBe('vitest project e2e found no test files');
    const problem = notRunProblem('api', { testResults: [file('a.test.ts', ['passed']), file('empty.test.ts', [])] }, ROOT);
    expect(problem).toMatch(/1 file\(s\) have no tests/);
    expect(problem).toContain('tests/api/empty.test.ts: no tests');
  });

  it('trusts the totals when the per-file lists name nothing, and lists at most ten lines', () => {
    expect(notRunProblem('ui', { numPendingTests: 1, testResults: [file('a.test.ts', ['passed'])] }, ROOT)).toMatch(/1 test\(s\) did not run/);
    const many = notRunProblem('api', { numPendingTests: 12, testResults: [file('a.test.ts', Array(12).fill('skipped'))] }, ROOT)!;
    expect(many.split('\n').filter((l) => l.includes('(skipped)'))).toHaveLength(10);
    expect(many).toContain('… and 2 more');
  });
});
