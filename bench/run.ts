// `npm run bench`: load benchmarks against the real server on loopback.
// SQLite always; PostgreSQL as well when BENCH_DATABASE_URL is set (in a fresh schema).
// Runs every scenario and writes bench/results.json whole (bench/results-file.ts): every section
// from this one run, stamped with its commit and start. Prints a table. Exits 1 when any measured
// request is not 2xx or a bar is missed. `npm run bench -- --before` also keeps this run as the
// "before" of later runs.
// `npm run bench -- --only <scenario>` runs one scenario and replaces its section of the file,
// which it marks `partial: true` (its `sections` then name the run each section came from):
// `budget` (`budgetSection`), `productions` (`productionsInvoices`), `field` (issue 10's tasks,
// logs, calendar and map: `fieldOperations`), `realtime` (issue 11's socket fan-out), `figures`
// (issue 18's figures model, with the public dashboard and issue 19's reports over the same volume),
// `grid` (issue 19's grids filtered on three columns: `gridFilters`), `integrations` (issue 23: a 5,000-row
// budget previewed from xlsx, and 1,000 approvals delivered to a local receiver's webhook), `pdf` (issue 20's PDF
// optimiser: `pdfOptimiser`, SQLite only: the work is the rendering, not the database), `mobile`
// (issue 21's phone client: `mobileClient`, its first screen's JavaScript and first contentful
// paint on slow 4G, from the build; SQLite only) and `soak` (issue 22's soak: two processes on
// PostgreSQL and Redis under 100 connections for SOAK_SECONDS, 600 by default; opt-in, never part of
// the full run, so a file holding it is always marked partial).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchFileTransfer, TRANSFER_MB, type TransferResult } from './file-transfer.js';
import { CONNECTIONS, DURATION_SEC, measure, WARMUP_SEC, type Measured, type Target } from './measure.js';
import { PASSWORD, seed, type Seeded } from './seed.js';
import { randomFullName, seedVolume, SOUGHT_SURNAME, VOLUME, type Volume } from './seed-volume.js';
import { withSection, wholeFile, type RunStamp } from './results-file.js';
import { measureScenario, printScenario, scenarioProblems, scenarioReport, SCENARIO_NAMES, SCENARIOS, type ScenarioName, type ScenarioOutcomes } from './scenarios.js';
import { freshPostgresSchema, ROOT, startServer } from './server.js';
import { eachDatabase, gridSection, log, mobileSection, pdfSection, realtimeSection, RUN, soakSection, integrationsSection } from './sections.js';

type Name = 'health' | 'login' | 'me' | 'companiesList' | 'membersPage' | 'membersContains' | 'membersSearchVaried' | 'itemsList' | 'folderFiles' | 'filesSearch';

/**
 * The bars at CONNECTIONS (32): the session path and a page of an indexed list keep up with a share
 * of /health's throughput, and a "contains" filter over the 100,000 members stays quick under load.
 */
const BARS: Array<{ name: Name; minRatioToHealth?: number; maxP95Ms?: number }> = [
  { name: 'me', minRatioToHealth: 0.3 },
  { name: 'membersPage', minRatioToHealth: 0.3 },
  { name: 'membersContains', maxP95Ms: 50 },
];
/**
 * Issue 3's bar: a filtered, sorted page of 50 from the large lists answers with p95 under this,
 * checked in a run of its own at light concurrency (a few people paging grids at once).
 */
const LARGE_LIST_P95_MS = 50;
const LATENCY_CONNECTIONS = 2;
const LARGE_LISTS: Name[] = ['membersContains', 'membersSearchVaried', 'itemsList', 'folderFiles', 'filesSearch'];
/** Issue 7's bars where they differ: searching 100,000 file names under 100 ms. */
const LARGE_LIST_P95_OVERRIDES: Partial<Record<Name, number>> = { filesSearch: 100 };
type Outcome = Measured | { error: string };

/** Each seeded scenario's outcome is kept under its name (bench/scenarios.ts). */
interface DatabaseRun extends ScenarioOutcomes {
  database: 'sqlite' | 'postgres';
  /** One-minute load average when the measuring began and ended: other work on the machine shows here. */
  loadAverage: { start: number; end: number };
  /** The large lists again at LATENCY_CONNECTIONS, against the p95 bar. */
  latency: Partial<Record<Name, Outcome>>;
  seeded: Omit<Seeded, 'owner' | 'someone'> & { listOwnerCompanies: number; volume: Volume & typeof VOLUME };
  results: Record<Name, Outcome>;
  /** Issue 7: one large file up and down, against a streamed disk copy in the same run. */
  transfer: TransferResult | { error: string };
}


/** Issue 7's bar: upload and download reach this share of a plain streamed disk copy's speed. */
const TRANSFER_MIN_RATIO = 0.5;

const LABELS: Record<Name, string> = {
  health: 'GET  /api/v1/health',
  login: 'POST /api/v1/users/login',
  me: 'GET  /api/v1/users/me',
  companiesList: 'GET  /api/v1/companies (page of 50, by name)',
  membersPage: `GET  /api/v1/companies/:id/memberships (${VOLUME.members} members; page of 50 by name)`,
  membersContains: `GET  /api/v1/companies/:id/memberships (${VOLUME.members} members; name contains "${SOUGHT_SURNAME}", page of 50 by name)`,
  membersSearchVaried: `GET  /api/v1/companies/:id/memberships (${VOLUME.members} members; name contains a random first name and surname, page of 50 by name)`,
  itemsList: `GET  /api/v1/items (${VOLUME.items} items; one category, page of 50 by name)`,
  folderFiles: `GET  /api/v1/filesNew/folderId/:id (${VOLUME.folderFiles} files in the folder; page of 50 by name from the middle)`,
  filesSearch: `GET  /api/v1/filesNew/search/ (${VOLUME.files} files; name contains "${SOUGHT_SURNAME}", page of 50)`,
};

const pageOf50 = (body: unknown, headers: Headers) =>
  Array.isArray(body) && body.length === 50 && Number(headers.get('x-total-count')) > 50
    ? null
    : `expected a full page of 50 out of more, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`;

function targets(s: Seeded, v: Volume): Record<Name, Target> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    // No auth and one trivial query: the ceiling of the framework, the database driver and the machine.
    health: { method: 'GET', path: '/api/v1/health' },
    login: { method: 'POST', path: '/api/v1/users/login', body: { email: s.someone.email, password: PASSWORD, remember: true } },
    me: { method: 'GET', path: '/api/v1/users/me', headers: bearer(s.someone.token) },
    companiesList: {
      method: 'GET',
      path: '/api/v1/companies?_start=0&_end=50&_sort=name&_order=asc',
      headers: bearer(s.owner.token),
      // A fast empty list would measure nothing: the owner's companies must all be there.
      check: (body, headers) =>
        Array.isArray(body) && body.length === Math.min(50, s.owner.companies) && Number(headers.get('x-total-count')) === s.owner.companies
          ? null
          : `expected ${s.owner.companies} companies (X-Total-Count ${s.owner.companies}), got ${Array.isArray(body) ? `${body.length} rows` : 'no array'} and X-Total-Count ${headers.get('x-total-count')}`,
    },
    membersPage: {
      method: 'GET',
      path: `/api/v1/companies/${v.companyId}/memberships?_start=0&_end=50&_sort=name&_order=asc`,
      headers: bearer(s.owner.token),
      check: pageOf50,
    },
    membersContains: {
      method: 'GET',
      path: `/api/v1/companies/${v.companyId}/memberships?_start=0&_end=50&_sort=name&_order=asc&name_like=${SOUGHT_SURNAME}`,
      headers: bearer(s.owner.token),
      // Every member with that surname, and no one else.
      check: (body, headers) =>
        Array.isArray(body) &&
        body.length === Math.min(50, v.soughtMatches) &&
        body.every((m: { name?: string }) => m.name?.toLowerCase().includes(SOUGHT_SURNAME)) &&
        Number(headers.get('x-total-count')) === v.soughtMatches
          ? null
          : `expected ${Math.min(50, v.soughtMatches)} of ${v.soughtMatches} members named *${SOUGHT_SURNAME}*, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`,
    },
    // Each request a different search, as when many people look people up: the read cache cannot
    // answer these, so this is the cost of the query itself under load.
    membersSearchVaried: {
      method: 'GET',
      path: `/api/v1/companies/${v.companyId}/memberships?_start=0&_end=50&_sort=name&_order=asc&name_like=${encodeURIComponent(randomFullName())}`,
      nextPath: () => `/api/v1/companies/${v.companyId}/memberships?_start=0&_end=50&_sort=name&_order=asc&name_like=${encodeURIComponent(randomFullName())}`,
      headers: bearer(s.owner.token),
      check: (body, headers) =>
        Array.isArray(body) && body.length > 0 && body.length === Number(headers.get('x-total-count'))
          ? null
          : `expected the few members of one name, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`,
    },
    itemsList: {
      method: 'GET',
      path: `/api/v1/items?_start=0&_end=50&_sort=name&_order=asc&categoryId=${v.categoryId}`,
      headers: { ...bearer(s.owner.token), 'x-company-id': String(v.companyId) },
      check: pageOf50,
    },
    folderFiles: {
      method: 'GET',
      path: `/api/v1/filesNew/folderId/${v.folderId}?_start=${VOLUME.folderFiles / 2}&_end=${VOLUME.folderFiles / 2 + 50}&_sort=name&_order=asc`,
      headers: { ...bearer(s.owner.token), 'x-company-id': String(v.companyId) },
      check: (body, headers) =>
        Array.isArray(body) && body.length === 50 && Number(headers.get('x-total-count')) === VOLUME.folderFiles
          ? null
          : `expected 50 of ${VOLUME.folderFiles} files, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`,
    },
    filesSearch: {
      method: 'GET',
      path: `/api/v1/filesNew/search/?substring=${SOUGHT_SURNAME}&_start=0&_end=50`,
      headers: { ...bearer(s.owner.token), 'x-company-id': String(v.companyId) },
      check: (body, headers) =>
        Array.isArray(body) &&
        body.length === Math.min(50, v.soughtFiles) &&
        body.every((f: { name?: string }) => f.name?.toLowerCase().includes(SOUGHT_SURNAME)) &&
        Number(headers.get('x-total-count')) === v.soughtFiles
          ? null
          : `expected ${Math.min(50, v.soughtFiles)} of ${v.soughtFiles} files named *${SOUGHT_SURNAME}*, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`,
    },
  };
}

/** The measured owner's first company receives the volume. */
async function volumeCompany(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/companies?_start=0&_end=1&_sort=name&_order=asc`, { headers: { authorization: `Bearer ${token}` } });
  const [first] = (await res.json()) as Array<{ id: number }>;
  if (!first) throw new Error('the bench owner has no company to fill');
  return first.id;
}

async function benchDatabase(database: DatabaseRun['database'], databaseUrl: string | null): Promise<DatabaseRun> {
  process.stdout.write(`\n== ${database}: starting the server\n`);
  const schema = databaseUrl ? await freshPostgresSchema(databaseUrl) : null;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    server = await startServer(schema?.url ?? null);
    process.stdout.write(`== ${database}: seeding through the API\n`);
    const seeded = await seed(server.baseUrl);
    const companyId = await volumeCompany(server.baseUrl, seeded.owner.token);
    process.stdout.write(`== ${database}: writing ${VOLUME.members} members and ${VOLUME.items} items into company ${companyId}\n`);
    const volume = await seedVolume({ databaseUrl: schema?.url ?? null, dataDir: server.dataDir, companyId });
    process.stdout.write(`  done in ${volume.seconds} s\n`);
    const results = {} as Record<Name, Outcome>;
    const loadAtStart = os.loadavg()[0]!;
    for (const [name, target] of Object.entries(targets(seeded, volume)) as Array<[Name, Target]>) {
      if (name === 'companiesList' && seeded.companiesUnavailable) {
        results[name] = { error: seeded.companiesUnavailable };
        process.stdout.write(`  ${name}: NOT MEASURED: ${seeded.companiesUnavailable}\n`);
        continue;
      }
      process.stdout.write(`  measuring ${LABELS[name]} for ${DURATION_SEC} s ...\n`);
      try {
        const m = await measure(server.baseUrl, target);
        if (name !== 'health' && 'reqPerSec' in results.health) m.ratioToHealth = Math.round((m.reqPerSec / results.health.reqPerSec) * 1000) / 1000;
        results[name] = m;
      } catch (err) {
        results[name] = { error: err instanceof Error ? err.message : String(err) };
        process.stdout.write(`  ${name}: FAILED: ${results[name].error}\n`);
      }
    }
    const latency: DatabaseRun['latency'] = {};
    const all = targets(seeded, volume);
    for (const name of LARGE_LISTS) {
      process.stdout.write(`  latency of ${LABELS[name]} at ${LATENCY_CONNECTIONS} connections ...\n`);
      try {
        latency[name] = await measure(server.baseUrl, all[name], LATENCY_CONNECTIONS);
      } catch (err) {
        latency[name] = { error: err instanceof Error ? err.message : String(err) };
      }
    }
    const scenarios = {} as ScenarioOutcomes;
    for (const name of SCENARIO_NAMES) Object.assign(scenarios, { [name]: await measureScenario(name, server, schema?.url ?? null) });
    // autocannon drops its sockets mid-request at the end of a run; let those handlers finish
    // before SIGTERM closes the database under them.
    await new Promise((r) => setTimeout(r, 1000));
    process.stdout.write(`  a ${TRANSFER_MB} MB file up and down, beside a disk copy ...\n`);
    let transfer: DatabaseRun['transfer'];
    try {
      transfer = await benchFileTransfer({ baseUrl: server.baseUrl, token: seeded.owner.token, serverPid: await server.serverPid() });
    } catch (err) {
      transfer = { error: err instanceof Error ? err.message : String(err) };
    }
    const loadAverage = { start: round2(loadAtStart), end: round2(os.loadavg()[0]!) };
    const { owner, someone: _someone, ...counts } = seeded;
    return { database, loadAverage, seeded: { ...counts, listOwnerCompanies: owner.companies, volume: { ...VOLUME, ...volume } }, results, latency, transfer, ...scenarios };
  } finally {
    await server?.stop();
    await schema?.drop();
  }
}

/** A database whose server would not start or seed still leaves the other's results, and fails the run. */
async function benchOrFail(database: DatabaseRun['database'], databaseUrl: string | null): Promise<DatabaseRun | { database: string; error: string }> {
  try {
    return await benchDatabase(database, databaseUrl);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    process.stderr.write(`\n== ${database}: FAILED: ${error}\n`);
    return { database, error };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every way a run fell short: an endpoint not measured, any answer that was not 2xx, a bar missed. */
function failures(run: DatabaseRun): string[] {
  const broken = (name: Name, r: Outcome, what: string) => {
    if ('error' in r) return [`${run.database} ${name}${what}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${run.database} ${name}${what}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    return [];
  };
  const measured = (Object.entries(run.results) as Array<[Name, Outcome]>).flatMap(([name, r]) => broken(name, r, ''));
  const bar = LARGE_LISTS.flatMap((name) => {
    const r = run.latency[name];
    if (!r) return [`${run.database} ${name}: latency not measured`];
    const problems = broken(name, r, ` at ${LATENCY_CONNECTIONS} connections`);
    if (problems.length || 'error' in r) return problems;
    const barMs = LARGE_LIST_P95_OVERRIDES[name] ?? LARGE_LIST_P95_MS;
    return r.p95 >= barMs ? [`${run.database} ${name}: p95 ${r.p95} ms at ${LATENCY_CONNECTIONS} connections, over the ${barMs} ms bar`] : [];
  });
  const bars = BARS.flatMap(({ name, minRatioToHealth, maxP95Ms }) => {
    const r = run.results[name];
    if (!r || 'error' in r) return [];
    const missed: string[] = [];
    if (minRatioToHealth !== undefined && (r.ratioToHealth ?? 0) < minRatioToHealth) {
      missed.push(`${run.database} ${name}: ${r.reqPerSec} req/s is ${r.ratioToHealth} of /health's, under the ${minRatioToHealth} bar`);
    }
    if (maxP95Ms !== undefined && r.p95 >= maxP95Ms) missed.push(`${run.database} ${name}: p95 ${r.p95} ms at ${CONNECTIONS} connections, over the ${maxP95Ms} ms bar`);
    return missed;
  });
  const t = run.transfer;
  const transfer =
    'error' in t
      ? [`${run.database} file transfer: ${t.error}`]
      : (['uploadRatioToDisk', 'downloadRatioToDisk'] as const)
          .filter((k) => t[k] < TRANSFER_MIN_RATIO)
          .map((k) => `${run.database} file transfer: ${k} ${t[k]}, under the ${TRANSFER_MIN_RATIO} bar`);
  const scenarios = SCENARIO_NAMES.flatMap((name) => scenarioProblems(name, run.database, run[name]));
  return [...measured, ...bar, ...bars, ...transfer, ...scenarios];
}

const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json');
const readResults = () => (existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : null);

/** Replaces one section of results.json, marking the file partial (bench/results-file.ts). */
function mergeResults(key: string, section: RunStamp & Record<string, unknown>) {
  writeFileSync(RESULTS_FILE, `${JSON.stringify(withSection(readResults(), key, section), null, 2)}\n`);
  log(`Results merged into ${path.relative(process.cwd(), RESULTS_FILE)} (${key}); the file is now partial: its "sections" say which run each section came from`);
}

function exitWith(problems: string[]): never {
  if (problems.length) {
    process.stderr.write(`\nBENCH FAILED: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
  process.exit(0);
}

/** `--only <name>` of a seeded scenario: on a server of its own per database; its section replaces the file's. */
async function onlyScenario(name: ScenarioName): Promise<never> {
  const runs = await eachDatabase<unknown>((server, url) => measureScenario(name, server, url), (error) => ({ error }));
  const outcomes = runs.map((r) => ({ database: r.database, outcome: r.outcome }));
  const section = scenarioReport(name, outcomes);
  for (const r of outcomes) printScenario(name, r.database, r.outcome);
  mergeResults(SCENARIOS[name].resultsKey, section);
  exitWith(section.failures ?? []);
}

/** The scenarios that start servers of their own (bench/sections.ts), by `--only` name and results.json key. */
const STANDALONE = {
  realtime: { resultsKey: 'realtime', run: realtimeSection },
  grid: { resultsKey: 'gridFilters', run: gridSection },
  pdf: { resultsKey: 'pdfOptimiser', run: pdfSection },
  mobile: { resultsKey: 'mobileClient', run: mobileSection },
  integrations: { resultsKey: 'integrations', run: integrationsSection },
  soak: { resultsKey: 'soak', run: soakSection },
} satisfies Record<string, { resultsKey: string; run: () => Promise<{ section: RunStamp & Record<string, unknown>; problems: string[]; print?: () => void }> }>;

const only = process.argv.find((a, i) => a.startsWith('--only=') || process.argv[i - 1] === '--only')?.replace('--only=', '');
if (only !== undefined) {
  const scenario = SCENARIO_NAMES.find((name) => SCENARIOS[name].cli === only);
  if (scenario) await onlyScenario(scenario);
  if (Object.hasOwn(STANDALONE, only)) {
    const { resultsKey, run } = STANDALONE[only as keyof typeof STANDALONE];
    const outcome: { section: RunStamp & Record<string, unknown>; problems: string[]; print?: () => void } = await run();
    outcome.print?.();
    mergeResults(resultsKey, outcome.section);
    exitWith(outcome.problems);
  }
  const names = [...SCENARIO_NAMES.map((name) => SCENARIOS[name].cli), ...Object.keys(STANDALONE)];
  process.stderr.write(`--only takes one scenario: ${names.join(', ')} (got ${only})\n`);
  process.exit(2);
}

/** The numbers a later run is compared with: per database and endpoint, throughput, p95 and share of /health. */
function summary(run: DatabaseRun) {
  return Object.fromEntries(
    (Object.entries(run.results) as Array<[Name, Outcome]>).map(([name, r]) => [
      name,
      'error' in r ? { error: r.error } : { reqPerSec: r.reqPerSec, p95: r.p95, ratioToHealth: r.ratioToHealth ?? 1 },
    ]),
  );
}

function printTable(run: DatabaseRun) {
  const head = ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'x health'];
  const rows = (Object.entries(run.results) as Array<[Name, Outcome]>).map(([name, r]) =>
    'error' in r
      ? [LABELS[name], 'FAILED', '', '', '', '', '']
      : [LABELS[name], r.reqPerSec.toFixed(0), r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1), String(r.non2xx + r.errors), r.ratioToHealth?.toFixed(3) ?? '1'],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(
    `\n${run.database} (${run.seeded.users} users, ${run.seeded.companies} companies; seeded in ${run.seeded.seconds} s; load average ${run.loadAverage.start} -> ${run.loadAverage.end})\n`,
  );
  process.stdout.write(`${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const r of rows) process.stdout.write(`${fmt(r)}\n`);
  for (const name of LARGE_LISTS) {
    const r = run.latency[name];
    if (r && !('error' in r)) {
      process.stdout.write(`  ${name} at ${LATENCY_CONNECTIONS} connections: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (bar: p95 < ${LARGE_LIST_P95_OVERRIDES[name] ?? LARGE_LIST_P95_MS} ms)\n`);
    }
  }
  const t = run.transfer;
  process.stdout.write(
    'error' in t
      ? `  file transfer: FAILED: ${t.error}\n`
      : `  ${t.megabytes} MB file: disk copy ${t.diskCopyMBps} MB/s, upload ${t.uploadMBps} MB/s (${t.uploadRatioToDisk} x), download ${t.downloadMBps} MB/s (${t.downloadRatioToDisk} x); server RSS ${t.rssMb.before} MB before, peak ${t.rssMb.peakUpload} MB uploading, ${t.rssMb.peakDownload} MB downloading (bar: at least ${TRANSFER_MIN_RATIO} x the disk copy)\n`,
  );
  for (const { name, minRatioToHealth, maxP95Ms } of BARS) {
    const bar = [minRatioToHealth !== undefined && `at least ${minRatioToHealth} x health`, maxP95Ms !== undefined && `p95 < ${maxP95Ms} ms`].filter(Boolean).join(', ');
    process.stdout.write(`  bar for ${name} at ${CONNECTIONS} connections: ${bar}\n`);
  }
}

const attempts = [await benchOrFail('sqlite', null)];
if (process.env.BENCH_DATABASE_URL) attempts.push(await benchOrFail('postgres', process.env.BENCH_DATABASE_URL));
else process.stdout.write('\n(PostgreSQL not measured: set BENCH_DATABASE_URL=postgres://... to add it)\n');

// Every section of results.json comes from this one run: the file is written whole, never merged.
const realtime = await realtimeSection();
const grid = await gridSection();
const pdf = await pdfSection();
const mobile = await mobileSection();
const integrations = await integrationsSection();
const runs = attempts.filter((a): a is DatabaseRun => 'results' in a);
const crashed = attempts.filter((a): a is { database: string; error: string } => 'error' in a);
const problems = [
  ...crashed.map((c) => `${c.database}: ${c.error.split('\n')[0]}`),
  ...runs.flatMap(failures),
  ...realtime.problems,
  ...grid.problems,
  ...pdf.problems,
  ...mobile.problems,
  ...integrations.problems,
];
const [main, ...others] = runs;
const sections = {
  ...Object.fromEntries(SCENARIO_NAMES.map((name) => [SCENARIOS[name].resultsKey, scenarioReport(name, runs.map((r) => ({ database: r.database, outcome: r[name] })))])),
  realtime: realtime.section,
  gridFilters: grid.section,
  pdfOptimiser: pdf.section,
  mobileClient: mobile.section,
  integrations: integrations.section,
};
const report = {
  ...RUN,
  node: process.version,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10 },
  database: main?.database ?? 'none',
  connections: CONNECTIONS,
  durationSec: DURATION_SEC,
  seeded: main?.seeded ?? null,
  results: main?.results ?? {},
  bars: BARS,
  latencyAtLightLoad: { connections: LATENCY_CONNECTIONS, barP95Ms: LARGE_LIST_P95_MS, results: main?.latency ?? {} },
  fileTransfer: { minRatioToDiskCopy: TRANSFER_MIN_RATIO, ...(main?.transfer ?? {}) },
  ...sections,
  ...(others.length ? { alsoMeasured: others } : {}),
  ok: problems.length === 0,
  ...(problems.length ? { failures: problems } : {}),
  notes: [
    `Latencies in milliseconds, from every response of the measured run (after a ${WARMUP_SEC} s warm-up).`,
    'Client and server share the machine: autocannon takes CPU from the server, so these are floors.',
    'Login is bound by argon2id (memory-hard by design, about 20 ms of CPU per attempt): its low rate is the point, not a defect.',
    'The machine may be shared: loadAverage (one-minute, at the start and end of each database run) shows other work; compare runs with similar load only.',
  ],
};
const thisRun = { ...RUN, connections: CONNECTIONS, ...Object.fromEntries(runs.map((r) => [r.database, { loadAverage: r.loadAverage, results: summary(r), transfer: r.transfer }])) };
// The "before" numbers stay in the file across runs until a run is recorded as the new "before"; they name their own run.
const before = process.argv.includes('--before') ? thisRun : readResults()?.before;
writeFileSync(RESULTS_FILE, `${JSON.stringify(wholeFile({ ...report, after: thisRun }, RUN, Object.keys(sections), before), null, 2)}\n`);

for (const run of runs) {
  printTable(run);
  for (const name of SCENARIO_NAMES) printScenario(name, run.database, run[name]);
}
realtime.print();
grid.print();
pdf.print();
integrations.print();
process.stdout.write('\nLogin is argon2-bound (deliberately slow, to make password guessing expensive).\n');
process.stdout.write(`Results written whole to ${path.relative(process.cwd(), RESULTS_FILE)}\n`);
if (problems.length) {
  process.stderr.write(`\nBENCH FAILED: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}
