// The Reports group under volume (issue 19): each report asked of the figures volume (bench/figures.ts
// seedFigures: 1,000,000 production items of one company over 1,000 days), uncached (every request
// another project and range, so no cached answer serves it) and cached (one query repeated), beside
// /health in the same run. Reports are built from several figures questions each, so their bar is
// wider than a widget's: p95 under REPORT_P95_MS at REPORT_CONNECTIONS.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/index.js';
import type { FigureSeed } from './figures.js';
import { DURATION_SEC, measure, type Measured, type Target, pick } from './measure.js';
import { addDays, dayAfter, seedCall, series } from './seed-sql.js';

export const REPORT_P95_MS = 500;
export const REPORT_CONNECTIONS = 2;

const seededDays = (s: FigureSeed) => Math.round((Date.parse(`${s.last}T00:00:00Z`) - Date.parse(`${s.first}T00:00:00Z`)) / 86_400_000) + 1;
/** From 7 to 365 seeded days, anywhere in the seeded span. */
function randomRange(s: FigureSeed) {
  const days = 7 + Math.floor(Math.random() * 359);
  const from = addDays(s.first, Math.floor(Math.random() * (seededDays(s) - days)));
  return { from, to: addDays(from, days - 1) };
}

interface ReportCall {
  /** The first request's path; `next` varies each request's when the call is uncached. */
  path: string;
  next?: () => string;
}

/** Each report's calls over the seed, uncached and cached; more reports add theirs here. */
function calls(s: FigureSeed): Record<string, ReportCall> {
  const production = () => {
    const r = randomRange(s);
    return `/api/v1/reports/project-production?projectId=${pick(s.projectIds)}&from=${r.from}&to=${r.to}`;
  };
  const year = { from: addDays(s.last, -364), to: s.last };
  // The budget report reads the budget figures' services, no cached figure: every request is computed.
  const budget = () => {
    const r = randomRange(s);
    return `/api/v1/reports/budget?projectId=${pick(s.projectIds)}&from=${r.from}&to=${r.to}`;
  };
  // As the budget section's link opens it: every production day of the project (80,000 approved items).
  const budgetAllDays = () => `/api/v1/reports/budget?projectId=${pick(s.projectIds)}`;
  const invoices = () => {
    const r = randomRange(s);
    return `/api/v1/reports/invoices?from=${r.from}&to=${r.to}&groupBy=${pick(['client', 'project'])}${Math.random() < 0.5 ? '&dates=due' : ''}`;
  };
  return {
    projectProduction: { path: production(), next: production },
    projectProductionCached: { path: `/api/v1/reports/project-production?projectId=${s.projectIds[0]}&from=${year.from}&to=${year.to}` },
    invoices: { path: invoices(), next: invoices },
    invoicesCached: { path: `/api/v1/reports/invoices?from=${year.from}&to=${year.to}` },
    // The board takes no query and its figures stay the same all day: repeated, it reads the cache; its first answer is coldMs.
    flightBoardCached: { path: '/api/v1/reports/flight-board' },
    budget: { path: budget(), next: budget },
    budgetAllDays: { path: budgetAllDays(), next: budgetAllDays },
  };
}

type Outcome = (Measured & { cached: boolean }) | { error: string };

/** Issue 19's bar for a download: an xlsx of XLSX_ROWS rows in under XLSX_MAX_SECONDS, with the server's memory flat. */
export const XLSX_ROWS = 10_000;
export const XLSX_MAX_SECONDS = 2;
const XLSX_TRIES = 5;

export interface XlsxRun {
  rows: number;
  bytes: number;
  /** Each download's seconds, request to last byte. */
  seconds: number[];
  maxSeconds: number;
  /** The server's resident memory in MB before the first download and at its highest during them. */
  rssMb: { before: number; peak: number };
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, 1);
}

/**
 * A project whose budget holds XLSX_ROWS items (written in SQL), its production report downloaded as
 * xlsx XLSX_TRIES times: one row per budget item, so XLSX_ROWS rows in the per-item table.
 */
async function benchXlsx(baseUrl: string, seed: FigureSeed, opts: { databaseUrl: string | null; dataDir: string; serverPid: number }): Promise<XlsxRun> {
  const project = await seedCall('project', baseUrl, 'POST', `/companies/${seed.companyId}/projects`, { projectName: 'Report Bench Big Budget', code: 'RPT-10K' }, seed.headers);
  const { db, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      for (let lo = 0; lo < XLSX_ROWS; lo += 1_000) {
        const items = await trx
          .insertInto('items')
          .values(Array.from({ length: 1_000 }, (_, i) => ({ company_id: seed.companyId, name: `Report item ${lo + i}`, code: `RI-${lo + i}`, unit: 'LF', production_is_allowed: 1, photos_number: 0, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        await trx
          .insertInto('budget_items')
          .values(items.map((it, i) => ({ budget_id: project.budgetId, item_id: it.id, report_weight: 0, quantity: 100 + i, price_cents: 1_234 + lo + i, created_at: now, updated_at: now })))
          .execute();
      }
    });
  } finally {
    await close();
  }
  const url = `${baseUrl}/api/v1/reports/project-production/download/xlsx?projectId=${project.id}&from=${seed.first}&to=${seed.last}`;
  const before = await rssMb(opts.serverPid);
  let peak = before;
  const timer = setInterval(() => void rssMb(opts.serverPid).then((mb) => (peak = Math.max(peak, mb))), 50);
  const seconds: number[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < XLSX_TRIES; i++) {
      const start = process.hrtime.bigint();
      const res = await fetch(url, { headers: seed.headers });
      if (!res.ok) throw new Error(`xlsx download answered ${res.status}`);
      bytes = (await res.arrayBuffer()).byteLength;
      seconds.push(round(Number(process.hrtime.bigint() - start) / 1e9, 3));
    }
  } finally {
    clearInterval(timer);
  }
  return { rows: XLSX_ROWS, bytes, seconds, maxSeconds: Math.max(...seconds), rssMb: { before, peak: Math.max(peak, await rssMb(opts.serverPid)) } };
}

/** Invoices for the invoices report and the board, over the seeded days and projects. */
export const BENCH_INVOICES = 20_000;
const INVOICE_STATUSES = ['submit', 'unpaid', 'partially_paid', 'paid', 'draft', 'cancelled', 'rejected'];

/**
 * What the invoices report and the flight board read beside the production volume: BENCH_INVOICES
 * invoices over the seed's projects and days (every status, due 30 days after, some paid and some
 * holding retainage), and the seed's projects made active with a schedule, so the board shows them all.
 */
async function seedReportRows(seed: FigureSeed, opts: { databaseUrl: string | null; dataDir: string }) {
  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const raw = (x: string | number) => sql.raw(String(x));
  const projectOf = `case n % ${seed.projectIds.length} ${seed.projectIds.map((id, k) => `when ${k} then ${id}`).join(' ')} end`;
  const statusOf = `case n % ${INVOICE_STATUSES.length} ${INVOICE_STATUSES.map((st, k) => `when ${k} then '${st}'`).join(' ')} end`;
  const days = Math.round((Date.parse(`${seed.last}T00:00:00Z`) - Date.parse(`${seed.first}T00:00:00Z`)) / 86_400_000);
  const created = dialect === 'postgres' ? `cast(${dayAfter(dialect, seed.first, `n * ${days} / ${BENCH_INVOICES}`)} || 'T12:00:00Z' as timestamptz)` : `${dayAfter(dialect, seed.first, `n * ${days} / ${BENCH_INVOICES}`)} || 'T12:00:00.000Z'`;
  try {
    await sql`insert into invoices (company_id, project_id, number, status, due_date, retainage_e3, subtotal_cents, retainage_cents, released_cents, paid_cents, single_part, sent_at, created_at, updated_at)
      select ${raw(seed.companyId)}, ${raw(projectOf)}, 'BENCH-' || n, ${raw(statusOf)}, ${raw(dayAfter(dialect, seed.first, `n * ${days} / ${BENCH_INVOICES} + 30`))}, 10000,
        100000 + (n * 7919) % 5000000, (100000 + (n * 7919) % 5000000) / 10, case when n % 3 = 0 then 1000 else 0 end,
        case when n % 7 = 3 then 100000 + (n * 7919) % 5000000 when n % 7 = 2 then 50000 else 0 end, 0,
        ${raw(created)}, ${raw(created)}, ${raw(created)}
      from ${series(dialect, 0, BENCH_INVOICES - 1)}`.execute(db);
    await db.updateTable('projects').set({ status: 'active', start_date: addDays(seed.last, -200), end_date: addDays(seed.last, 200) }).where('id', 'in', seed.projectIds).execute();
    await sql.raw(dialect === 'postgres' ? 'analyze invoices' : 'analyze').execute(db);
  } finally {
    await close();
  }
}

/** One request's milliseconds, the first of its kind (no cached answer serves it). */
async function coldMs(baseUrl: string, path: string, headers: Record<string, string>): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await fetch(`${baseUrl}${path}`, { headers });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  await res.arrayBuffer();
  return round(Number(process.hrtime.bigint() - start) / 1e6, 1);
}

export interface ReportsRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  health: Measured | { error: string };
  results: Record<string, Outcome>;
  /** Reports whose query cannot vary (the flight board): their first answer, before any is cached, in ms. */
  coldMs: Record<string, number>;
  xlsx: XlsxRun | { error: string };
}

/** A report's document: tables, and a generatedAt. */
const checkDocument = (body: unknown) => {
  const d = body as { tables?: unknown[]; generatedAt?: string };
  return Array.isArray(d.tables) && d.tables.length && d.generatedAt ? null : 'not a report document';
};

export async function benchReports(baseUrl: string, seed: FigureSeed, log: (line: string) => void, opts: { databaseUrl: string | null; dataDir: string; serverPid: number }): Promise<ReportsRun> {
  const loadAtStart = os.loadavg()[0]!;
  let health: ReportsRun['health'];
  try {
    health = await measure(baseUrl, { method: 'GET', path: '/api/v1/health' }, REPORT_CONNECTIONS);
  } catch (err) {
    health = { error: err instanceof Error ? err.message : String(err) };
  }
  log(`  reports: ${BENCH_INVOICES} invoices, the projects active ...`);
  await seedReportRows(seed, opts);
  const cold = { flightBoard: await coldMs(baseUrl, '/api/v1/reports/flight-board', seed.headers) };
  const results: ReportsRun['results'] = {};
  for (const [name, call] of Object.entries(calls(seed))) {
    log(`  reports: ${name} (${call.next ? 'another project and range every request' : 'one query repeated'}) at ${REPORT_CONNECTIONS} connections ...`);
    const target: Target = { method: 'GET', path: call.path, headers: seed.headers, check: checkDocument, ...(call.next ? { nextPath: call.next } : {}) };
    try {
      const m = await measure(baseUrl, target, REPORT_CONNECTIONS);
      if ('reqPerSec' in health) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      results[name] = m.requests ? { ...m, cached: !call.next } : { error: `no answer within the ${DURATION_SEC} s run` };
    } catch (err) {
      results[name] = { error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${(results[name] as { error: string }).error}`);
    }
  }
  log(`  reports: an xlsx of ${XLSX_ROWS} rows, ${XLSX_TRIES} times ...`);
  const xlsx = await benchXlsx(baseUrl, seed, opts).catch((err: Error) => ({ error: err.message }));
  return { loadAverage: { start: round(loadAtStart), end: round(os.loadavg()[0]!) }, connections: REPORT_CONNECTIONS, barP95Ms: REPORT_P95_MS, health, results, coldMs: cold, xlsx };
}

export function reportsFailures(database: string, run: ReportsRun): string[] {
  const xlsx =
    'error' in run.xlsx
      ? [`${database} reports xlsx: ${run.xlsx.error}`]
      : run.xlsx.maxSeconds > XLSX_MAX_SECONDS
        ? [`${database} reports xlsx of ${run.xlsx.rows} rows: ${run.xlsx.maxSeconds} s, over the ${XLSX_MAX_SECONDS} s bar`]
        : [];
  const cold = Object.entries(run.coldMs).flatMap(([name, ms]) => (ms >= run.barP95Ms ? [`${database} reports ${name}: first answer ${ms} ms, over the ${run.barP95Ms} ms bar`] : []));
  return [...xlsx, ...cold, ...Object.entries(run.results).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} reports ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} reports ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    return r.p95 >= run.barP95Ms ? [`${database} reports ${name}: p95 ${r.p95} ms at ${run.connections} connections, over the ${run.barP95Ms} ms bar`] : [];
  })];
}

export function printReports(database: string, run: ReportsRun, write: (line: string) => void) {
  write(`\n${database}: reports over the figures volume (load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  const line = (name: string, r: Measured | Outcome) =>
    'error' in r
      ? `  ${name.padEnd(24)} FAILED: ${r.error}`
      : `  ${name.padEnd(24)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} failed` : ''}`;
  write(line('health', run.health));
  for (const [name, r] of Object.entries(run.results)) write(line(name, r));
  for (const [name, ms] of Object.entries(run.coldMs)) write(`  ${`${name} (first)`.padEnd(24)} ${ms} ms`);
  write(`  (bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections, uncached; a first answer under it)`);
  const x = run.xlsx;
  write('error' in x ? `  xlsx                     FAILED: ${x.error}` : `  xlsx of ${x.rows} rows       ${x.bytes} bytes in ${x.seconds.join(', ')} s (bar ${XLSX_MAX_SECONDS} s); server memory ${x.rssMb.before} -> peak ${x.rssMb.peak} MB`);
}
