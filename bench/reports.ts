// The Reports group under volume (issue 19): each report asked of the figures volume (bench/figures.ts
// seedFigures: 1,000,000 production items of one company over 1,000 days), uncached (every request
// another project and range, so no cached answer serves it) and cached (one query repeated), beside
// /health in the same run. Reports are built from several figures questions each, so their bar is
// wider than a widget's: p95 under REPORT_P95_MS at REPORT_CONNECTIONS.
import os from 'node:os';
import type { FigureSeed } from './figures.js';
import { DURATION_SEC, measure, type Measured, type Target } from './measure.js';
import { addDays } from './seed-sql.js';

export const REPORT_P95_MS = 500;
export const REPORT_CONNECTIONS = 2;

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
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
  return {
    projectProduction: { path: production(), next: production },
    projectProductionCached: { path: `/api/v1/reports/project-production?projectId=${s.projectIds[0]}&from=${year.from}&to=${year.to}` },
  };
}

type Outcome = (Measured & { cached: boolean }) | { error: string };

export interface ReportsRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  health: Measured | { error: string };
  results: Record<string, Outcome>;
}

/** A report's document: tables, and a generatedAt. */
const checkDocument = (body: unknown) => {
  const d = body as { tables?: unknown[]; generatedAt?: string };
  return Array.isArray(d.tables) && d.tables.length && d.generatedAt ? null : 'not a report document';
};

export async function benchReports(baseUrl: string, seed: FigureSeed, log: (line: string) => void): Promise<ReportsRun> {
  const loadAtStart = os.loadavg()[0]!;
  let health: ReportsRun['health'];
  try {
    health = await measure(baseUrl, { method: 'GET', path: '/api/v1/health' }, REPORT_CONNECTIONS);
  } catch (err) {
    health = { error: err instanceof Error ? err.message : String(err) };
  }
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
  const round = (x: number) => Math.round(x * 100) / 100;
  return { loadAverage: { start: round(loadAtStart), end: round(os.loadavg()[0]!) }, connections: REPORT_CONNECTIONS, barP95Ms: REPORT_P95_MS, health, results };
}

export function reportsFailures(database: string, run: ReportsRun): string[] {
  return Object.entries(run.results).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} reports ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} reports ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    return r.p95 >= run.barP95Ms ? [`${database} reports ${name}: p95 ${r.p95} ms at ${run.connections} connections, over the ${run.barP95Ms} ms bar`] : [];
  });
}

export function printReports(database: string, run: ReportsRun, write: (line: string) => void) {
  write(`\n${database}: reports over the figures volume (load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  const line = (name: string, r: Measured | Outcome) =>
    'error' in r
      ? `  ${name.padEnd(24)} FAILED: ${r.error}`
      : `  ${name.padEnd(24)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} failed` : ''}`;
  write(line('health', run.health));
  for (const [name, r] of Object.entries(run.results)) write(line(name, r));
  write(`  (bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections, uncached)`);
}
