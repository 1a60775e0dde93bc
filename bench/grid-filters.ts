// A grid filtered on several columns at once (issue 19), three conditions combined as the filter bar
// sends them, each request different, so no cached answer serves it, at 32 connections beside
// /health in the same run: the members grid over 100,000 members (seed-volume.ts: a name pattern,
// a status, a role), and the productions grid over the 100,000 productions of the productions
// scenario (seedProductionsInvoices: a status, a crew, from a day).
import os from 'node:os';
import { CONNECTIONS, measure, type Measured, type Target } from './measure.js';
import type { ProductionSeed } from './productions-invoices.js';
import { addDays, seedCall } from './seed-sql.js';
import { randomFullName, seedVolume } from './seed-volume.js';

/** Issue 19's bar: a page of the grid with three conditions, p95 under this at CONNECTIONS. */
export const GRID_P95_MS = 50;
const PAGE = 25;
/** Statuses by production number modulo 20, as seeded: a crew's number modulo 20 decides its statuses (crew n % 100). */
const statusOf = (crewIndex: number) => (crewIndex % 20 === 0 ? 'draft' : crewIndex % 20 <= 2 ? 'submitted' : crewIndex % 20 === 3 ? 'rejected' : 'approved');

type GridCall = 'health' | 'membersThreeFilters' | 'productionsThreeFilters';

export interface GridFiltersRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  /** What the varied requests ask: one example each and how they vary. */
  queries: Partial<Record<GridCall, { example: string; varies: string }>>;
  results: Partial<Record<GridCall, (Measured & { path: string }) | { path: string; error: string }>>;
}

interface Crew {
  id: number;
  name: string;
}

/** One request of the grid: a crew (with its status, so rows match) and a first day, picked at random. */
function gridPath(crews: Crew[], first: string, days: number) {
  const k = Math.floor(Math.random() * crews.length);
  const from = addDays(first, Math.floor(Math.random() * (days - 30)));
  return { path: `/api/v1/production?_start=0&_end=${PAGE}&_sort=date&_order=desc&status=${statusOf(k)}&crewId=${crews[k]!.id}&date_gte=${from}`, crew: crews[k]!, from, status: statusOf(k) };
}

/**
 * 100,000 members of a company of their own (seed-volume.ts) and the grid's three conditions: the
 * name matching "<first name> <surname> *" (about 7 members each), not removed, of the Crew role.
 */
export async function membersTarget(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string }): Promise<{ target: Target; varies: string }> {
  const tag = `${Date.now().toString(36)}`;
  const { token } = await seedCall('owner', baseUrl, 'POST', '/users', { name: 'Grid Bench Owner', phone: '+1 555 010 0000', email: `grid.bench.${tag}@example.com`, password: 'bench-password-1' });
  const auth = { authorization: `Bearer ${token}` };
  const company = await seedCall('company', baseUrl, 'POST', '/companies', {
    name: `Grid Bench Paving ${tag}`,
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    ein: '12-3456789',
    address: '1 Main Street',
    contactName: 'Office Contact',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${tag}@bench.example`,
  }, auth);
  await seedVolume({ ...opts, companyId: company.id });
  const roles = await seedCall('roles', baseUrl, 'GET', `/roles/company/${company.id}/all`, undefined, { ...auth, 'x-company-id': String(company.id) });
  const crewRole = (roles as Array<{ id: number; name: string }>).find((r) => r.name === 'Crew')!.id;
  const path = (name: string) => `/api/v1/companies/${company.id}/memberships?_start=0&_end=25&_sort=name&_order=asc&name_matches=${encodeURIComponent(`${name} *`)}&status_ne=removed&roleId=${crewRole}`;
  const probe = randomFullName();
  return {
    varies: 'the first name and surname of the pattern (one of 14,400 pairs) on every request',
    target: {
      method: 'GET',
      path: path(probe),
      nextPath: () => path(randomFullName()),
      headers: auth,
      check: (body, h) => {
        const rows = body as Array<{ name: string; status: string; roleId: number }>;
        if (!Array.isArray(rows) || !rows.length || rows.length !== Number(h.get('x-total-count'))) return `expected the few members named ${probe}, got ${Array.isArray(rows) ? rows.length : 'no'} rows of ${h.get('x-total-count')}`;
        return rows.every((r) => r.name.toLowerCase().startsWith(`${probe} `) && r.status !== 'removed' && r.roleId === crewRole) ? null : 'rows outside the three conditions';
      },
    },
  };
}

export async function benchGridFilters(baseUrl: string, seeded: ProductionSeed, days: number, members: { target: Target; varies: string }, log: (line: string) => void): Promise<GridFiltersRun> {
  const headers = { authorization: `Bearer ${seeded.token}`, 'x-company-id': String(seeded.companyId) };
  // The crews as the grid's crew picker lists them; seeded as "Crew 001" … in crew order.
  // A second try: the seeding's last keep-alive socket may be closed by the server while the SQL volume is written.
  const crewsOf = () => fetch(`${baseUrl}/api/v1/production/crews`, { headers });
  const res = await crewsOf().catch(crewsOf);
  const crews = ((await res.json()) as Crew[]).filter((c) => /^Crew \d{3}$/.test(c.name)).sort((a, b) => a.name.localeCompare(b.name));
  if (crews.length !== 100) throw new Error(`expected the 100 seeded crews, got ${crews.length}`);
  // The seeded days end yesterday; the project's range starts 400 days after the first.
  const first = addDays(seeded.projectRange.from, -400);
  const probe = gridPath(crews, first, days);
  const targets: Record<GridCall, Target> = {
    health: { method: 'GET', path: '/api/v1/health' },
    membersThreeFilters: members.target,
    productionsThreeFilters: {
      method: 'GET',
      path: probe.path,
      nextPath: () => gridPath(crews, first, days).path,
      headers,
      check: (body, h) => {
        const rows = body as Array<{ crewId: number; status: string; date: string }>;
        const total = Number(h.get('x-total-count'));
        if (!Array.isArray(rows) || rows.length !== Math.min(PAGE, total) || total < 30) return `expected a page of the crew's productions from ${probe.from}, got ${Array.isArray(rows) ? rows.length : 'no'} rows of ${total}`;
        const right = rows.every((r, i) => r.crewId === probe.crew.id && r.status === probe.status && r.date >= probe.from && (i === 0 || rows[i - 1]!.date >= r.date));
        return right ? null : 'rows outside the three conditions or not newest first';
      },
    },
  };
  const results: GridFiltersRun['results'] = {};
  const loadStart = os.loadavg()[0]!;
  for (const [name, target] of Object.entries(targets) as Array<[GridCall, Target]>) {
    log(`  measuring ${name}: ${target.method} ${target.path} at ${CONNECTIONS} connections ...`);
    try {
      const m = await measure(baseUrl, target, CONNECTIONS);
      const health = results.health;
      if (name !== 'health' && health && !('error' in health)) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      results[name] = { path: target.path, ...m };
    } catch (err) {
      results[name] = { path: target.path, error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${(results[name] as { error: string }).error}`);
    }
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    loadAverage: { start: round2(loadStart), end: round2(os.loadavg()[0]!) },
    connections: CONNECTIONS,
    barP95Ms: GRID_P95_MS,
    queries: {
      membersThreeFilters: { example: members.target.path, varies: members.varies },
      productionsThreeFilters: { example: probe.path, varies: 'the crew (one of 100, with the status its productions have) and the first day (one of the seeded days) on every request' },
    },
    results,
  };
}

/** 2xx answers only, and each grid's page under the p95 bar. */
export function gridFailures(database: string, run: GridFiltersRun): string[] {
  return Object.entries(run.results).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`];
    if (name !== 'health' && r.p95 >= GRID_P95_MS) return [`${database} ${name}: p95 ${r.p95} ms, over the ${GRID_P95_MS} ms bar`];
    return [];
  });
}

export function printGridFilters(database: string, run: GridFiltersRun, log: (line: string) => void) {
  log(`\n${database}: a grid page with three filters over 100,000 rows (load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  for (const [name, r] of Object.entries(run.results)) {
    if ('error' in r) log(`  ${name}: FAILED: ${r.error}`);
    else log(`  ${name.padEnd(18)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms${r.ratioToHealth ? `  (${r.ratioToHealth} x health)` : ''}`);
  }
  log(`  bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections`);
}
