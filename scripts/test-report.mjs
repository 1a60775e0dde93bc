// What `npm test` (scripts/test.mjs) refuses in a vitest JSON report that vitest itself passed.
import path from 'node:path';

/** Test statuses of vitest's JSON report that mean the test did not run. */
const NOT_RUN = new Set(['skipped', 'pending', 'todo']);
const SHOWN = 10;

/**
 * What a passing report still hides, as one message, or null: tests that did not run (a
 * `describe.skipIf`, an `it.skip`, a `ctx.skip()`, a todo: a Redis, a Chromium or a build that was
 * missing), files that declared no test, or no test file at all. Each would let the step pass
 * without testing what it names.
 */
export function notRunProblem(project, result, root = process.cwd()) {
  const files = result.testResults ?? [];
  if (files.length === 0) return `vitest project ${project} found no test files`;
  const where = (f) => path.relative(root, f.name);
  const empty = files.filter((f) => (f.assertionResults ?? []).length === 0).map((f) => `${where(f)}: no tests`);
  const notRun = files.flatMap((f) => (f.assertionResults ?? []).filter((a) => NOT_RUN.has(a.status)).map((a) => `${where(f)}: ${a.fullName} (${a.status})`));
  // The totals too: they count what the per-file lists might not name.
  const counted = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  if (!empty.length && !notRun.length && counted === 0) return null;
  const what = [];
  if (notRun.length || counted) what.push(`${Math.max(notRun.length, counted)} test(s) did not run`);
  if (empty.length) what.push(`${empty.length} file(s) have no tests`);
  const listed = [...empty, ...notRun];
  const lines = listed.slice(0, SHOWN).map((l) => `\n    ${l}`).join('');
  const more = listed.length > SHOWN ? `\n    … and ${listed.length - SHOWN} more` : '';
  return `vitest project ${project}: ${what.join(', ')}; every test must run${lines}${more}`;
}
