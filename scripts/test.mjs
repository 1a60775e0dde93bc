#!/usr/bin/env node
// `npm test`: every check and every test, in order, stopping at the first failing step.
//   1. duplicate packages   2. vitest api, two files at a time (SQLite, plus PostgreSQL when
//   TEST_DATABASE_URL is set: tests/api/harness.ts reads it, and the step fails unless the tests
//   passed there too), and beside it the typecheck, then vitest unit, then a third of vitest ui
//   3. the rest of vitest ui, and beside it 4. browser tests (vitest e2e), on the client built first
//   when it is missing or stale; a missing Chromium is a failure. Output of steps running beside
//   others is printed as each ends.
//   Each browser test file runs on one database, alternating by file (tests/e2e/browser.ts).
// Nothing passes by being left out: a step fails when vitest skipped a test or a suite (a Redis, a
// Chromium or a build missing), or when a project found no test files.
// Ends with one plain line `N passed, M failed` counting tests across the vitest runs.
// `node scripts/test.mjs api ui` runs only the named steps (dup, typecheck, unit, api, ui, e2e).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfMissing } from './build-if-missing.mjs';
import { notRunProblem } from './test-report.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const IN_CI = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const REPORT_DIR = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-test-report-'));

/** `notRun`: skipped and todo tests, counted in `failed` as well. */
const totals = { passed: 0, failed: 0, notRun: 0 };
/** One row per step for the closing table: { name, status, seconds, note }. */
const rows = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const line = (text = '') => process.stdout.write(`${text}\n`);

/**
 * Runs a command with inherited stdio, or piped-and-echoed when `capture` (to read vitest's errors).
 * With `held`, captured output is not echoed but pushed there, to be printed when the step ends: two
 * steps running side by side would otherwise interleave their lines.
 */
function run(cmd, args, { env = {}, capture = false, held = null } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...(capture && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
      stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    });
    let tail = '';
    const keep = (out) => (chunk) => {
      if (held) held.push(chunk);
      else out.write(chunk);
      tail = (tail + chunk.toString()).slice(-20000);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    child.on('error', (err) => resolve({ code: 127, tail: String(err) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), tail }));
  });
}

/** Test files under a folder (what the vitest project's include pattern would match). */
function testFiles(dir, pattern = /\.test\.tsx?$/) {
  const found = [];
  const visit = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) visit(path.join(p, n));
    else if (pattern.test(p)) found.push(p);
  };
  visit(path.join(ROOT, dir));
  return found;
}

class StepFailed extends Error {}

const STEP_KEYS = ['dup', 'typecheck', 'unit', 'api', 'ui', 'e2e'];
const only = process.argv.slice(2);
const unknown = only.filter((k) => !STEP_KEYS.includes(k));
if (unknown.length) {
  console.error(`Unknown step(s) ${unknown.join(', ')}; the steps are ${STEP_KEYS.join(', ')}.`);
  process.exit(2);
}

const selected = (key) => !only.length || only.includes(key);

/**
 * Runs one step: `fn` gets an array to push output into when `held` (see run()), printed after the
 * step's header once it ends.
 */
async function step(key, name, fn, { held = false } = {}) {
  if (!selected(key)) return;
  const output = held ? [] : null;
  if (!held) line(`\n▶ ${name}`);
  const started = Date.now();
  let note = '';
  let failure = null;
  try {
    note = (await fn(output)) ?? '';
  } catch (err) {
    failure = err;
  }
  const took = Date.now() - started;
  if (held) {
    line(`\n▶ ${name} (ran beside the step before it; its output follows)`);
    for (const chunk of output) process.stdout.write(chunk);
  }
  if (failure) {
    rows.push({ name, status: 'FAILED', seconds: took, note: failure.message });
    line(`✖ ${name} failed after ${seconds(took)}: ${failure.message}`);
    throw new StepFailed(name);
  }
  rows.push({ name, status: 'ok', seconds: took, note });
  line(`✔ ${name} (${seconds(took)})${note ? `: ${note}` : ''}`);
}

/**
 * Lanes at once, each a list of steps run one after another; the first lane's output is on screen,
 * the others' held until each of their steps ends. On this 2-core machine the browser tests mostly
 * wait (on Chromium, on the server), while the UI tests keep one core busy: side by side they take
 * about as long as the UI tests alone.
 */
async function lanes(...laneSteps) {
  const results = await Promise.allSettled(
    laneSteps.map(async (steps, i) => {
      for (const [key, name, fn] of steps) await step(key, name, fn, { held: i > 0 });
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function command(cmd, args, held = null) {
  const { code } = await run(cmd, args, held ? { capture: true, held } : {});
  if (code !== 0) throw new Error(`${path.basename(cmd)} exited with code ${code}`);
}

/**
 * Runs one vitest project with the default reporter on screen and a JSON report on disk, adds its
 * counts to the totals and returns a short note. It fails when vitest fails, and also when it
 * passed without running everything (notRunProblem). `verify` may refuse a passing report (it
 * throws), for what the exit code cannot tell.
 */
async function vitestProject(project, { env = {}, folder, verify, held = null, shard = null } = {}) {
  const report = path.join(REPORT_DIR, `${project}${shard ? `-${shard.replace('/', '-of-')}` : ''}.json`);
  const args = ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (shard) args.push(`--shard=${shard}`);
  const { code, tail } = await run(BIN('vitest'), args, { env, capture: true, held });

  if (/No projects matched the filter/.test(tail)) {
    // vitest.config.ts has no such project: the tests in its folder could never run.
    throw new Error(`vitest.config.ts defines no "${project}" project, so the ${testFiles(folder).length} test file(s) in ${folder}/ never run`);
  }

  let result = null;
  if (existsSync(report)) {
    try {
      result = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      // a half-written report: the exit code below still decides
    }
  }
  if (result) {
    // A file that fails to load has no failed test in it, yet it is a failure: count it as one.
    const brokenFiles = (result.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    // A test that did not run is a failure too (notRunProblem below says which).
    const notRun = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
    totals.passed += result.numPassedTests ?? 0;
    totals.failed += (result.numFailedTests ?? 0) + brokenFiles + notRun;
    totals.notRun += notRun;
  }
  const problem = result && notRunProblem(project, result, ROOT);
  if (code !== 0) throw new Error(`vitest project ${project} failed (exit code ${code})${problem ? `; ${problem}` : ''}`);
  if (!result) throw new Error(`vitest project ${project} wrote no JSON report`);
  if (problem) throw new Error(problem);
  const checked = verify ? `; ${verify(result)}` : '';
  return `${result.numPassedTests} passed in ${result.testResults.length} file(s)${checked}`;
}

/** Tests passed inside a suite named `… [database]` (the harness names every suite after its database). */
const passedUnder = (result, database) =>
  (result.testResults ?? [])
    .flatMap((f) => f.assertionResults ?? [])
    .filter((a) => a.status === 'passed' && (a.ancestorTitles ?? []).some((t) => t.endsWith(`[${database}]`))).length;

/**
 * With TEST_DATABASE_URL set, the API tests must really have run on PostgreSQL: every suite of
 * tests/api/harness.ts is named `… [sqlite]` and `… [postgres]`, so as many tests pass under the
 * second as under the first. A run that quietly stayed on SQLite (the variable lost on the way, a
 * harness that ignores it) fails here instead of passing as if PostgreSQL had been tested.
 */
function ranOnPostgres(result) {
  const sqlite = passedUnder(result, 'sqlite');
  const postgres = passedUnder(result, 'postgres');
  if (postgres === 0 || postgres < sqlite) {
    throw new Error(`TEST_DATABASE_URL is set, but ${postgres} API test(s) passed on PostgreSQL against ${sqlite} on SQLite`);
  }
  return `${postgres} on PostgreSQL`;
}

/**
 * Each browser test file runs on one database, alternating by file (tests/e2e/browser.ts): with
 * TEST_DATABASE_URL set, some must have passed on each, or the split quietly stopped splitting.
 */
function browserRanOnBoth(result) {
  const sqlite = passedUnder(result, 'sqlite');
  const postgres = passedUnder(result, 'postgres');
  if (sqlite === 0 || postgres === 0) throw new Error(`TEST_DATABASE_URL is set, but the browser tests passed ${sqlite} time(s) on SQLite and ${postgres} on PostgreSQL`);
  return `${sqlite} on SQLite, ${postgres} on PostgreSQL`;
}

function printSummary() {
  line('\nSteps:');
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    line(`  ${r.name.padEnd(width)}  ${r.status.padEnd(7)} ${seconds(r.seconds).padStart(8)}  ${r.note}`);
  }
  if (totals.notRun) line(`  (${totals.notRun} of the failures are tests that were skipped or left todo)`);
  line(`${totals.passed} passed, ${totals.failed} failed`);
}

async function main() {
  const started = Date.now();
  line(`Fieldwork tests (node ${process.version}${IN_CI ? ', CI' : ''})`);

  await step('dup', 'duplicate packages', () => command(process.execPath, [path.join(ROOT, 'scripts', 'check-duplicate-packages.mjs')]));
  const databases = process.env.TEST_DATABASE_URL ? 'SQLite + PostgreSQL' : 'SQLite; set TEST_DATABASE_URL to add PostgreSQL';
  // The API tests wait on their databases, timers and servers for much of their time: one file at a
  // time kept a core about 60 % busy. Two at a time (vitest.config.ts: two workers, each taking the
  // next file as it ends, each file on databases of its own), with the typecheck and the unit tests
  // beside them, they keep both cores busy (docs/decisions.md, Tooling).
  const api = [
    'api',
    `api (${databases})`,
    (held) => vitestProject('api', { folder: 'tests/api', held, verify: process.env.TEST_DATABASE_URL ? ranOnPostgres : undefined }),
  ];
  // A third of the UI tests goes beside them too, after the typecheck and the unit tests: the API
  // tests leave part of a core idle, while the UI tests beside the browser tests fill both.
  const ui = (shard) => ['ui', `ui ${shard}`, (held) => vitestProject('ui', { folder: 'tests/ui', held, shard })];
  await lanes(
    [api],
    [
      ['typecheck', 'typecheck (tsc --noEmit)', (held) => command(BIN('tsc'), ['--noEmit', '-p', 'tsconfig.json'], held)],
      ['unit', 'unit', (held) => vitestProject('unit', { folder: 'tests/unit', held })],
      ui('1/3'),
    ],
  );
  // Before the rest of the UI tests and the browser tests start: a missing Chromium should stop the run at once.
  await step('e2e', 'Chromium and the client build for the browser tests', () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH; \`node scripts/test.mjs dup typecheck unit api ui\` runs the other steps`,
      );
    }
    line(`Chromium: ${CHROMIUM}`);
    // The browser tests drive the built client: build it when missing or stale, and never run them without one.
    const build = buildIfMissing({ root: ROOT, log: (m) => line(m) });
    if (build.skipped || !existsSync(path.join(ROOT, 'dist', 'client', 'index.html'))) {
      throw new Error(`the client could not be built for the browser tests (${build.reason ?? 'dist/client/index.html is missing'})`);
    }
    return build.built ? `built (${build.reason})` : build.reason;
  });
  await lanes(
    [ui('2/3'), ui('3/3')],
    [
      [
        'e2e',
        'e2e (browser)',
        (held) => vitestProject('e2e', { folder: 'tests/e2e', env: { CHROMIUM_PATH: CHROMIUM }, held, verify: process.env.TEST_DATABASE_URL ? browserRanOnBoth : undefined }),
      ],
    ],
  );

  line(`\n${only.length ? 'Selected steps' : 'All steps'} passed in ${seconds(Date.now() - started)}.`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  exitCode = 1;
  if (!(err instanceof StepFailed)) line(`test runner error: ${err?.stack ?? err}`);
  else line(`\nStopped at the first failing step: ${err.message}.`);
} finally {
  rmSync(REPORT_DIR, { recursive: true, force: true });
}
printSummary();
if (totals.failed > 0) exitCode = 1;
process.exit(exitCode);
