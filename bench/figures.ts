// The figures model under volume (issue 18): 1,000,000 production items over 100,000 productions of
// one company (10 projects, 100 crews, 600 budget items in 20 categories, 1,000 days), and the three
// widget questions of the issue (sum of amount by month over a year, by crew, by item) asked of
// POST /advanced-filter/data, each both uncached (every request a question no cached answer serves)
// and cached (one question repeated), beside /health in the same run. The owner, company, client and
// projects are made through the API; the volume is written straight into the database with
// insert … select over a number series, as the other volume scenarios do.
//
// Hook for a public-dashboard scenario: `seedFigures` leaves the volume and answers a FigureSeed
// (owner token, company, its projects and crews, the seeded days); `widgetQuestions(seed)` answers
// six widget questions over it, ready to be put on a dashboard and asked through its public URL.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { FigureQuery } from '../resources/figures.js';
import { openDatabase } from '../server/db/index.js';
import { DURATION_SEC, measure, type Measured, type Target, pick } from './measure.js';
import type { PublicDashboardRun } from './public-dashboard.js';
import type { ReportsRun } from './reports.js';
import { addDays, contiguous, dayAfter, isoDay, seedCall, series, settleStep, settleVolume, stamp } from './seed-sql.js';

export const FIGURES_VOLUME = {
  productions: 100_000,
  itemsPerProduction: 10,
  crews: 100,
  projects: 10,
  budgetItemsPerProject: 60,
  categories: 20,
  /** productions / crews: one sheet per crew and day, over 1,000 days up to yesterday. */
  days: 1_000,
};
/** Issue 18's bar: each widget question uncached, p95 under this at FIGURES_CONNECTIONS. */
export const FIGURES_P95_MS = 100;
export const FIGURES_CONNECTIONS = 2;
const PASSWORD = 'bench-password-1';

export interface FigureSeed {
  token: string;
  companyId: number;
  headers: Record<string, string>;
  projectIds: number[];
  crewIds: number[];
  /** The first and last seeded production day. */
  first: string;
  last: string;
  counts: { productions: number; items: number };
  seconds: { api: number; volume: number; analyze: number; total: number };
}

/** Seeds the figures volume into the running server's database; see the file's head. */
export async function seedFigures(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string; log: (line: string) => void }): Promise<FigureSeed> {
  const started = Date.now();
  const V = FIGURES_VOLUME;
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const { token, user } = await seedCall('owner', baseUrl, 'POST', '/users', { name: 'Figures Bench Owner', phone: '+1 555 010 0000', email: `figures.bench.${tag}@example.com`, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const place = { country: 'US', state: 'TX', city: 'Austin', zip: '78701', ein: '12-3456789' };
  const contact = (who: string) => ({ address: '1 Main Street', contactName: `${who} Contact`, contactPhone: '+1 512 555 0100', contactEmail: `${who.toLowerCase()}.${tag}@bench.example` });
  const company = await seedCall('company', baseUrl, 'POST', '/companies', { ...place, ...contact('Office'), name: `Figures Bench Paving ${tag}` }, auth);
  const headers = { ...auth, 'x-company-id': String(company.id) };
  const client = await seedCall('client', baseUrl, 'POST', '/partnerships/create/client', { ...place, ...contact('Client'), name: `Figures Bench Client ${tag}` }, headers);
  const projects: Array<{ id: number; budgetId: number }> = [];
  for (let k = 0; k < V.projects; k++) {
    const body = { projectName: `Figures Bench Project ${k + 1}`, code: `FIG-${k + 1}`, ...(k % 2 ? {} : { clientId: client.partnerId }) };
    projects.push(await seedCall('project', baseUrl, 'POST', `/companies/${company.id}/projects`, body, headers));
  }
  const apiSeconds = (Date.now() - started) / 1000;

  const last = isoDay(new Date(Date.now() - 86_400_000));
  const first = addDays(last, -(V.days - 1));
  const now = new Date().toISOString();
  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const step = async <T>(what: string, work: () => Promise<T>) => {
    const t = Date.now();
    const out = await work();
    opts.log(`    ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return out;
  };
  const raw = (n: number | string) => sql.raw(String(n));
  try {
    const volumeStarted = Date.now();
    const ts = stamp(dialect, now);
    const budgetItemsPerProject = V.budgetItemsPerProject;
    const { budgetBase, crewBase } = await step('categories, items, budget items and crews', () =>
      db.transaction().execute(async (trx) => {
        const categories = await trx
          .insertInto('item_categories')
          .values(Array.from({ length: V.categories }, (_, i) => ({ company_id: company.id, name: `Category ${i + 1}`, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        const items = await trx
          .insertInto('items')
          .values(
            Array.from({ length: V.projects * budgetItemsPerProject }, (_, i) => ({
              company_id: company.id,
              category_id: categories[i % V.categories]!.id,
              name: `${['Conduit', 'Handhole', 'Vault', 'Splice', 'Bore', 'Trench'][i % 6]} ${i}`,
              code: `FI-${String(i).padStart(4, '0')}`,
              unit: 'EA',
              production_is_allowed: 1,
              photos_number: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        // Project k's budget items are budgetBase + k × 60 … + 59, in one insert so the ids run unbroken.
        const budgetItems = await trx
          .insertInto('budget_items')
          .values(
            items.map((it, i) => ({
              budget_id: projects[Math.floor(i / budgetItemsPerProject)]!.budgetId,
              item_id: it.id,
              report_weight: 0,
              quantity: 1_000 + ((i * 37) % 50_000),
              price_cents: 50 + ((i * 7_919) % 250_000),
              created_by: user.id,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        const crews = await trx
          .insertInto('crews')
          .values(Array.from({ length: V.crews }, (_, i) => ({ company_id: company.id, name: `Crew ${String(i + 1).padStart(3, '0')}`, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        return { budgetBase: contiguous(budgetItems.map((r) => r.id), 'budget item'), crewBase: contiguous(crews.map((r) => r.id), 'crew') };
      }),
    );

    // Production n: crew n % 100 on day n / 100, on project n % 10 (so each crew works one project); by n % 20: 1 draft, 2 submitted, 1 rejected, 16 approved.
    const projectOf = `case n % ${V.projects} ${projects.map((p, k) => `when ${k} then ${p.id}`).join(' ')} end`;
    const status = `case when n % 20 = 0 then 'draft' when n % 20 < 3 then 'submitted' when n % 20 = 3 then 'rejected' else 'approved' end`;
    const CHUNK = 20_000;
    await step(`${V.productions} productions`, async () => {
      for (let lo = 0; lo < V.productions; lo += CHUNK) {
        const hi = Math.min(V.productions, lo + CHUNK) - 1;
        await sql`insert into productions (project_id, company_id, crew_id, date, status, texts, created_by, created_at, updated_at)
          select ${raw(projectOf)}, ${raw(company.id)}, ${raw(crewBase)} + n % ${raw(V.crews)}, ${raw(dayAfter(dialect, first, `n / ${V.crews}`))}, ${raw(status)},
            '{}', ${raw(user.id)}, ${raw(ts)}, ${raw(ts)}
          from ${series(dialect, lo, hi)} order by n`.execute(db);
      }
    });
    const ids = await db
      .selectFrom('productions')
      .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi'), eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    const productionBase = Number(ids.lo);
    if (Number(ids.hi) - productionBase + 1 !== V.productions || Number(ids.n) !== V.productions) throw new Error('seeding productions: the production ids are not contiguous');
    const n = `(p.id - ${productionBase})`;
    // Ten distinct budget items of the production's project per production (13 × s mod 60 differs for s < 60).
    await step(`${V.productions * V.itemsPerProduction} production items`, async () => {
      for (let lo = 0; lo < V.productions; lo += 10_000) {
        await sql`insert into production_items (production_id, budget_item_id, quantity_e3, photos_number, source, created_by, created_at, updated_at)
          select p.id, ${raw(budgetBase)} + (${raw(n)} % ${raw(V.projects)}) * ${raw(budgetItemsPerProject)} + (${raw(n)} * 7 + s.n * 13) % ${raw(budgetItemsPerProject)},
            1000 + (${raw(n)} * 37 + s.n * 101) % 250000, 0, 'manual', ${raw(user.id)}, ${raw(ts)}, ${raw(ts)}
          from productions p cross join ${series(dialect, 0, V.itemsPerProduction - 1)}
          where p.company_id = ${raw(company.id)} and p.id between ${raw(productionBase + lo)} and ${raw(productionBase + Math.min(V.productions, lo + 10_000) - 1)}
          order by p.id, s.n`.execute(db);
      }
    });
    const volumeSeconds = (Date.now() - volumeStarted) / 1000;
    const analyzeStarted = Date.now();
    await step(settleStep(dialect), () => settleVolume(db, dialect));
    const analyzeSeconds = (Date.now() - analyzeStarted) / 1000;
    const items = await sql<{ n: number | string }>`select count(*) as n from production_items pi join productions p on p.id = pi.production_id where p.company_id = ${company.id}`.execute(db);
    return {
      token,
      companyId: company.id,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company.id) },
      projectIds: projects.map((p) => p.id),
      crewIds: Array.from({ length: V.crews }, (_, i) => crewBase + i),
      first,
      last,
      counts: { productions: V.productions, items: Number(items.rows[0]?.n ?? 0) },
      seconds: { api: apiSeconds, volume: volumeSeconds, analyze: analyzeSeconds, total: (Date.now() - started) / 1000 },
    };
  } finally {
    await close();
  }
}

const amount = { fn: 'sum', field: 'amount' } as const;

/** A year ending on a random seeded day at least a year in (so every range holds a full year of production). */
const randomYear = (s: FigureSeed) => {
  const to = addDays(s.first, 364 + Math.floor(Math.random() * (FIGURES_VOLUME.days - 365)));
  return { from: addDays(to, -364), to };
};
const lastYear = (s: FigureSeed) => ({ from: addDays(s.last, -364), to: s.last });

type FigureCall = 'byMonth' | 'byCrew' | 'byItem' | 'byMonthOfCrew' | 'byItemOfProject' | 'byMonthCached' | 'byCrewCached' | 'byItemCached';

/**
 * The widget questions: the issue's three over a year of the whole company, and two narrowed by a
 * dashboard filter (one crew, one project). Uncached ones vary the year, the limit and the filter's
 * crew or project on every request, so each is a new cache key.
 */
function questions(s: FigureSeed): Record<FigureCall, { fixed: FigureQuery; next?: () => FigureQuery }> {
  const limit = () => 1 + Math.floor(Math.random() * 100);
  const byMonth = (): FigureQuery => ({ source: 'production', measure: amount, groupBy: 'month', filters: [], range: randomYear(s), limit: limit() });
  const byCrew = (): FigureQuery => ({ source: 'production', measure: amount, groupBy: 'crew', filters: [], range: randomYear(s), limit: limit() });
  const byItem = (): FigureQuery => ({ source: 'production', measure: amount, groupBy: 'item', filters: [], range: randomYear(s), limit: limit() });
  const fixed = (groupBy: 'month' | 'crew' | 'item'): FigureQuery => ({ source: 'production', measure: amount, groupBy, filters: [], range: lastYear(s), limit: 20 });
  return {
    byMonth: { fixed: byMonth(), next: byMonth },
    byCrew: { fixed: byCrew(), next: byCrew },
    byItem: { fixed: byItem(), next: byItem },
    byMonthOfCrew: {
      fixed: { ...byMonth(), filters: [{ field: 'crew', operator: 'eq', value: s.crewIds[0]! }] },
      next: () => ({ ...byMonth(), filters: [{ field: 'crew', operator: 'eq', value: pick(s.crewIds) }] }),
    },
    byItemOfProject: {
      fixed: { ...byItem(), filters: [{ field: 'project', operator: 'eq', value: s.projectIds[0]! }] },
      next: () => ({ ...byItem(), filters: [{ field: 'project', operator: 'eq', value: pick(s.projectIds) }] }),
    },
    byMonthCached: { fixed: fixed('month') },
    byCrewCached: { fixed: fixed('crew') },
    byItemCached: { fixed: fixed('item') },
  };
}

/** Six widget questions over the seeded volume, for a public dashboard built on top of it (see the file's head). */
export function widgetQuestions(s: FigureSeed): FigureQuery[] {
  const year = lastYear(s);
  return [
    { source: 'production', measure: amount, filters: [], range: year, compare: true },
    { source: 'production', measure: amount, groupBy: 'month', filters: [], range: year },
    { source: 'production', measure: amount, groupBy: 'crew', filters: [], range: year, limit: 10 },
    { source: 'production', measure: amount, groupBy: 'item', filters: [], range: year, limit: 10 },
    { source: 'production', measure: { fn: 'count' }, groupBy: 'status', filters: [], range: year },
    { source: 'production', measure: { fn: 'sum', field: 'quantity' }, groupBy: 'project', filters: [], range: year },
  ];
}

type Outcome = (Measured & { cached: boolean }) | { error: string };

export interface FiguresRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  volume: typeof FIGURES_VOLUME;
  seeded: Omit<FigureSeed, 'token' | 'headers' | 'projectIds' | 'crewIds'>;
  /** GET /health at the same connections, in the same run. */
  health: Measured | { error: string };
  results: Partial<Record<FigureCall, Outcome>>;
  /** The public dashboard over the same volume (bench/public-dashboard.ts), when it ran. */
  publicDashboard?: PublicDashboardRun | { error: string };
  /** The reports over the same volume (bench/reports.ts), when they ran. */
  reports?: ReportsRun | { error: string };
}

/** An answer of a year's production: groups with amounts and a total above zero. */
const checkAnswer = (body: unknown) => {
  const a = body as { rows?: unknown[]; total?: string };
  if (!Array.isArray(a.rows) || a.rows.length === 0) return 'no groups in the answer';
  return Number(a.total) > 0 ? null : `total ${a.total}`;
};

export async function benchFigures(baseUrl: string, seed: FigureSeed, log: (line: string) => void): Promise<FiguresRun> {
  const loadAtStart = os.loadavg()[0]!;
  let health: FiguresRun['health'];
  try {
    health = await measure(baseUrl, { method: 'GET', path: '/api/v1/health' }, FIGURES_CONNECTIONS);
  } catch (err) {
    health = { error: err instanceof Error ? err.message : String(err) };
  }
  const results: FiguresRun['results'] = {};
  for (const [name, q] of Object.entries(questions(seed)) as Array<[FigureCall, { fixed: FigureQuery; next?: () => FigureQuery }]>) {
    log(`  figures: ${name} (${q.next ? 'a new question every request' : 'one question repeated'}) at ${FIGURES_CONNECTIONS} connections ...`);
    const target: Target = { method: 'POST', path: '/api/v1/advanced-filter/data', headers: seed.headers, body: q.fixed, check: checkAnswer, ...(q.next ? { nextBody: q.next } : {}) };
    try {
      const m = await measure(baseUrl, target, FIGURES_CONNECTIONS);
      if ('reqPerSec' in health) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      results[name] = m.requests ? { ...m, cached: !q.next } : { error: `no answer within the ${DURATION_SEC} s run` };
    } catch (err) {
      results[name] = { error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${results[name].error}`);
    }
  }
  const { token: _t, headers: _h, projectIds: _p, crewIds: _c, ...seeded } = seed;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { loadAverage: { start: round(loadAtStart), end: round(os.loadavg()[0]!) }, connections: FIGURES_CONNECTIONS, barP95Ms: FIGURES_P95_MS, volume: FIGURES_VOLUME, seeded, health, results };
}

/** Questions not answered, answers that were not 2xx, p95s over the bar. */
export function figuresFailures(database: string, run: FiguresRun): string[] {
  const health = 'error' in run.health ? [`${database} figures health: ${run.health.error}`] : [];
  return [
    ...health,
    ...Object.entries(run.results).flatMap(([name, r]) => {
      if ('error' in r) return [`${database} figures ${name}: ${r.error}`];
      if (r.non2xx || r.errors) return [`${database} figures ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
      return r.p95 >= run.barP95Ms ? [`${database} figures ${name}: p95 ${r.p95} ms at ${run.connections} connections, over the ${run.barP95Ms} ms bar`] : [];
    }),
  ];
}

export function printFigures(database: string, run: FiguresRun, write: (line: string) => void) {
  const c = run.seeded.counts;
  write(`\n${database}: figures model (${c.productions} productions, ${c.items} items; seeded in ${run.seeded.seconds.total} s; load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  const line = (name: string, r: Measured | Outcome) =>
    'error' in r
      ? `  ${name.padEnd(18)} FAILED: ${r.error}`
      : `  ${name.padEnd(18)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} failed` : ''}`;
  write(line('health', run.health));
  for (const [name, r] of Object.entries(run.results)) write(line(name, r));
  write(`  (bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections, uncached)`);
}
