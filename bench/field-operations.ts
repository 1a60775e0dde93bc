// Field operations under volume (issue 10): 200,000 tasks and 100,000 daily logs in one company,
// 10,000 of the logs check-ins of one project spread over a city. Measured against the issue's bars:
// a filtered task page and one month of calendar events answer with p95 under 50 ms, and the map's
// check-ins of that project come back clustered, never as 10,000 points. The owner, company, client,
// projects and crews are made through the API; the volume goes straight into the database.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { MapMarkers } from '../resources/map.js';
import { MAP_POINT_LIMIT } from '../resources/map.js';
import { openDatabase } from '../server/db/index.js';
import { measure, type Measured, type Target, pick } from './measure.js';
import { addDays, contiguous, dayAfter, isoDay, seedCall, series, settleStep, settleVolume, stamp } from './seed-sql.js';

export const FIELD_VOLUME = {
  tasks: 200_000,
  logs: 100_000,
  /** Check-ins of the mapped project, each with a position. */
  projectCheckIns: 10_000,
  projects: 20,
  crews: 100,
  /** Tasks start on one of these days up to today (about 110 a day); logs, 100 a day. */
  days: 1_825,
};
export const FIELD_P95_MS = 50;
export const FIELD_CONNECTIONS = 2;
const PASSWORD = 'bench-password-1';
/** Austin: the check-ins fall within about 20 km of it. */
const CENTER = { lat: 30.2672, lng: -97.7431 };
const TASK_STATUSES = ['open', 'progress', 'completed', 'rejected', 'discarded'] as const;
// Task n's crew is n % crews and its status TASK_STATUSES[(n / crews) % 5]: every crew has tasks of every status.
const taskStatusIndex = (crews: number) => `(n / ${crews}) % ${TASK_STATUSES.length}`;
const taskStatusSql = (crews: number) => `case ${taskStatusIndex(crews)} ${TASK_STATUSES.map((st, k) => `when ${k} then '${st}'`).join(' ')} end`;

export type FieldCall = 'health' | 'taskPageFiltered' | 'taskPageProject' | 'calendarMonth' | 'calendarMonthProject' | 'logsPage' | 'mapCheckIns';

export interface FieldSeed {
  token: string;
  companyId: number;
  mappedProjectId: number;
  crewId: number;
  /** Every seeded crew, for requests that vary the crew. */
  crewIds: number[];
  /** The measured month, and the first seeded day (months after it hold events). */
  month: { start: string; end: string; seededFrom: string };
  projectIds: number[];
  counts: { tasks: number; logs: number; projectCheckIns: number; filteredTasks: number; projectTasks: number };
  seconds: { total: number; api: number; volume: number; analyze: number };
}

export interface FieldOperationsRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  volume: typeof FIELD_VOLUME;
  seeded: Omit<FieldSeed, 'token' | 'crewIds' | 'projectIds'>;
  results: Partial<Record<FieldCall, (Measured | { error: string }) & { path: string }>>;
}

const call = (baseUrl: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  seedCall('field operations', baseUrl, method, url, body, headers);

/** The API part (owner, company, client, projects), then crews, tasks and logs in SQL. */
export async function seedFieldOperations(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string; log: (line: string) => void }): Promise<FieldSeed> {
  const started = Date.now();
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const { token, user } = await call(baseUrl, 'POST', '/users', { name: 'Field Bench Owner', phone: '+1 555 010 0000', email: `field.bench.${tag}@example.com`, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const place = { country: 'US', state: 'TX', city: 'Austin', zip: '78701', ein: '12-3456789' };
  const company = await call(baseUrl, 'POST', '/companies', {
    ...place,
    name: `Field Bench Utilities ${tag}`,
    address: '1 Main Street',
    contactName: 'Field Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${tag}@bench.example`,
  }, auth);
  const headers = { ...auth, 'x-company-id': String(company.id) };
  const client = await call(baseUrl, 'POST', '/partnerships/create/client', {
    ...place,
    name: `Field Bench Client ${tag}`,
    address: '2 Main Street',
    contactName: 'Client Contact',
    contactPhone: '+1 512 555 0101',
    contactEmail: `client.${tag}@bench.example`,
  }, headers);
  const projectIds: number[] = [];
  for (let i = 0; i < FIELD_VOLUME.projects; i++) {
    const p = await call(baseUrl, 'POST', `/companies/${company.id}/projects`, { projectName: `Field Bench Build ${i + 1}`, code: `FLD-${i + 1}`, clientId: client.partnerId }, headers);
    projectIds.push(p.id);
  }
  const apiSeconds = (Date.now() - started) / 1000;

  const V = FIELD_VOLUME;
  const today = isoDay(new Date());
  const first = addDays(today, -(V.days - 1));
  const now = new Date().toISOString();
  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const run = (text: string) => sql.raw(text).execute(db);
  const step = async <T>(what: string, work: () => Promise<T>) => {
    const t = Date.now();
    const out = await work();
    opts.log(`    ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return out;
  };
  const volumeStarted = Date.now();
  try {
    const ts = stamp(dialect, now);
    const crews = await db
      .insertInto('crews')
      .values(Array.from({ length: V.crews }, (_, i) => ({ company_id: company.id, name: `Crew ${String(i + 1).padStart(3, '0')}`, created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    const crewBase = contiguous(crews.map((c) => c.id), 'crew');
    const projectBase = contiguous(projectIds, 'project');
    const mappedProjectId = projectBase;
    const CHUNK = 25_000;
    // Task n: project n % projects, crew n % crews, starting on day n / (tasks / days), lasting n % 7 days.
    const perDay = Math.ceil(V.tasks / V.days);
    await step(`${V.tasks} tasks`, async () => {
      for (let lo = 0; lo < V.tasks; lo += CHUNK) {
        const hi = Math.min(V.tasks, lo + CHUNK) - 1;
        await run(`insert into tasks (company_id, project_id, type_id, crew_id, summary, description, address, city, state, country, start_date, end_date, status, priority, reject_reason, position, created_by, created_at, updated_at)
          select ${company.id}, ${projectBase} + n % ${V.projects}, null, ${crewBase} + n % ${V.crews}, 'Task ' || n || ' ' || case n % 4 when 0 then 'Bore crossing' when 1 then 'Set handhole' when 2 then 'Pull fiber' else 'Restore sidewalk' end,
            null, n || ' Congress Avenue', 'Austin', 'TX', 'US', ${dayAfter(dialect, first, `n / ${perDay}`)}, ${dayAfter(dialect, first, `n / ${perDay} + n % 7`)},
            ${taskStatusSql(V.crews)}, case n % 4 when 0 then 'low' when 1 then 'normal' when 2 then 'high' else 'urgent' end,
            case when ${taskStatusIndex(V.crews)} in (3, 4) then 'Not needed' else null end, n, ${user.id}, ${ts}, ${ts}
          from ${series(dialect, lo, hi).compile(db).sql} order by n`);
      }
    });
    // Every (logs / projectCheckIns)th log is a check-in of the mapped project, so it has some on every day; the rest
    // go to the other projects. Positions spread over the city (multipliers kept small: n * m stays a 32-bit integer).
    const perLogDay = Math.ceil(V.logs / V.days);
    const spread = (mult: number) => `((n * ${mult}) % 10007) / 10007.0 * 0.36 - 0.18`;
    await step(`${V.logs} logs`, async () => {
      for (let lo = 0; lo < V.logs; lo += CHUNK) {
        const hi = Math.min(V.logs, lo + CHUNK) - 1;
        await run(`insert into logs (company_id, project_id, crew_id, user_id, lat, lng, address, date, status, description, weather, created_at, updated_at)
          select ${company.id}, case when n % ${V.logs / V.projectCheckIns} = 0 then ${mappedProjectId} else ${projectBase} + 1 + n % ${V.projects - 1} end, ${crewBase} + n % ${V.crews}, ${user.id},
            ${CENTER.lat} + ${spread(7919)}, ${CENTER.lng} + ${spread(6007)}, null, ${dayAfter(dialect, first, `n / ${perLogDay}`)}, 'open', 'Checked in on site', null, ${ts}, ${ts}
          from ${series(dialect, lo, hi).compile(db).sql} order by n`);
      }
    });
    const volumeSeconds = (Date.now() - volumeStarted) / 1000;
    const analyzeStarted = Date.now();
    await step(settleStep(dialect), () => settleVolume(db, dialect));
    const analyzeSeconds = (Date.now() - analyzeStarted) / 1000;

    const count = async (text: string) => Number((await sql.raw<{ n: number | string }>(text).execute(db)).rows[0]?.n ?? 0);
    const crewId = crewBase + 7;
    // A month a year back: every source holds events in it.
    const monthStart = `${addDays(today, -365).slice(0, 7)}-01`;
    const monthEnd = addDays(monthStart, 35).slice(0, 7) + '-01';
    return {
      token,
      companyId: company.id,
      mappedProjectId,
      crewId,
      crewIds: crews.map((c) => c.id),
      month: { start: monthStart, end: monthEnd, seededFrom: first },
      projectIds,
      counts: {
        tasks: await count(`select count(*) as n from tasks where company_id = ${company.id}`),
        logs: await count(`select count(*) as n from logs where company_id = ${company.id}`),
        projectCheckIns: await count(`select count(*) as n from logs where project_id = ${mappedProjectId} and lat is not null`),
        filteredTasks: await count(`select count(*) as n from tasks where company_id = ${company.id} and status = 'progress' and crew_id = ${crewId}`),
        projectTasks: await count(`select count(*) as n from tasks where project_id = ${mappedProjectId} and start_date >= '${monthStart}' and start_date < '${monthEnd}'`),
      },
      seconds: { total: Math.round((Date.now() - started) / 100) / 10, api: Math.round(apiSeconds * 10) / 10, volume: Math.round(volumeSeconds * 10) / 10, analyze: Math.round(analyzeSeconds * 10) / 10 },
    };
  } finally {
    await close();
  }
}

const fullPage = (body: unknown, headers: Headers, total: number, what: string) =>
  Array.isArray(body) && body.length === Math.min(50, total) && Number(headers.get('x-total-count')) === total
    ? null
    : `expected ${Math.min(50, total)} of ${total} ${what}, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`;

/** Calendar answers hold events of the asked types within the window, and some of them. */
const calendarCheck = (body: unknown, types: string[]) => {
  const events = (body as { events?: Array<{ type: string }> })?.events ?? (Array.isArray(body) ? (body as Array<{ type: string }>) : null);
  if (!events) return 'expected calendar events';
  const seen = new Set(events.map((e) => e.type));
  const missing = types.filter((t) => !seen.has(t));
  return missing.length ? `no ${missing.join(', ')} events in the month` : null;
};

export function fieldTargets(s: FieldSeed): Record<FieldCall, Target> {
  const headers = { authorization: `Bearer ${s.token}`, 'x-company-id': String(s.companyId) };
  const month = `start=${s.month.start}&end=${s.month.end}`;
  const anyMonth = () => {
    const start = `${addDays(s.month.seededFrom, 31 * (1 + Math.floor(Math.random() * (FIELD_VOLUME.days / 31 - 2)))).slice(0, 7)}-01`;
    return `start=${start}&end=${addDays(start, 35).slice(0, 7)}-01`;
  };
  return {
    health: { method: 'GET', path: '/api/v1/health' },
    // The task grid as a manager filters it: one crew's tasks in progress, newest first.
    taskPageFiltered: {
      method: 'GET',
      path: `/api/v1/tasks?_start=0&_end=50&_sort=createdAt&_order=desc&status=progress&crewId=${s.crewId}`,
      headers,
      // Each request another crew and status, so no answer is the one before it.
      nextPath: () => `/api/v1/tasks?_start=0&_end=50&_sort=createdAt&_order=desc&status=${pick(TASK_STATUSES)}&crewId=${pick(s.crewIds)}`,
      check: (b, h) => (s.counts.filteredTasks ? fullPage(b, h, s.counts.filteredTasks, 'tasks of the crew in progress') : 'the seed left the crew no task in progress'),
    },
    // The project's tasks section: a month of start days, by start day.
    taskPageProject: {
      method: 'GET',
      path: `/api/v1/projects/${s.mappedProjectId}/tasks?_start=0&_end=50&_sort=startDate&_order=asc&startDate_gte=${s.month.start}&startDate_lt=${s.month.end}`,
      headers,
      check: (b, h) => fullPage(b, h, s.counts.projectTasks, "of the project's tasks starting in the month"),
    },
    // Each request another seeded month (and, for a project, another project).
    calendarMonth: { method: 'GET', path: `/api/v1/calendar/events?${month}`, headers, nextPath: () => `/api/v1/calendar/events?${anyMonth()}`, check: (b) => calendarCheck(b, ['task', 'log']) },
    calendarMonthProject: {
      method: 'GET',
      path: `/api/v1/calendar/events?${month}&projectId=${s.mappedProjectId}`,
      nextPath: () => `/api/v1/calendar/events?${anyMonth()}&projectId=${pick(s.projectIds)}`,
      headers,
      check: (b) => calendarCheck(b, ['task', 'log']),
    },
    logsPage: {
      method: 'GET',
      path: `/api/v1/logs?_start=0&_end=50&projectId=${s.mappedProjectId}`,
      headers,
      check: (b, h) => fullPage(b, h, s.counts.projectCheckIns, "of the project's logs"),
    },
    // The map opened on the project: its 10,000 check-ins must come back as clusters, bounded.
    mapCheckIns: {
      method: 'GET',
      path: `/api/v1/map/markers?layers=checkins&projectId=${s.mappedProjectId}&zoom=11&bbox=${CENTER.lng - 0.5},${CENTER.lat - 0.5},${CENTER.lng + 0.5},${CENTER.lat + 0.5}`,
      headers,
      check: (b) => {
        const m = b as MapMarkers;
        const counted = (m.clusters ?? []).reduce((sum, c) => sum + c.count, 0) + (m.points ?? []).length;
        if ((m.points?.length ?? 0) > MAP_POINT_LIMIT) return `${m.points.length} points in one answer, over the ${MAP_POINT_LIMIT} limit`;
        if (!m.clusters?.length) return 'expected clusters for 10,000 check-ins';
        return counted === s.counts.projectCheckIns ? null : `clusters count ${counted} check-ins, expected ${s.counts.projectCheckIns}`;
      },
    },
  };
}

export async function benchFieldOperations(baseUrl: string, seeded: FieldSeed, log: (line: string) => void): Promise<FieldOperationsRun> {
  const results: FieldOperationsRun['results'] = {};
  const loadStart = os.loadavg()[0]!;
  for (const [name, target] of Object.entries(fieldTargets(seeded)) as Array<[FieldCall, Target]>) {
    log(`  measuring ${name}: ${target.method} ${target.path.split('?')[0]} at ${FIELD_CONNECTIONS} connections ...`);
    try {
      const m = await measure(baseUrl, target, FIELD_CONNECTIONS);
      const health = results.health;
      if (name !== 'health' && health && !('error' in health)) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      results[name] = { path: target.path, ...m };
    } catch (err) {
      results[name] = { path: target.path, error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${(results[name] as { error: string }).error}`);
    }
  }
  const { token: _token, crewIds: _crews, projectIds: _projects, ...rest } = seeded;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    loadAverage: { start: round2(loadStart), end: round2(os.loadavg()[0]!) },
    connections: FIELD_CONNECTIONS,
    barP95Ms: FIELD_P95_MS,
    volume: FIELD_VOLUME,
    seeded: rest,
    results,
  };
}

/** Every call measured with 2xx answers only; every call but health and the map under the p95 bar. */
export function fieldFailures(database: string, run: FieldOperationsRun): string[] {
  return (Object.entries(run.results) as Array<[FieldCall, NonNullable<FieldOperationsRun['results'][FieldCall]>]>).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`];
    if (name !== 'health' && r.p95 >= FIELD_P95_MS) return [`${database} ${name}: p95 ${r.p95} ms, over the ${FIELD_P95_MS} ms bar`];
    return [];
  });
}

export function printFieldOperations(database: string, run: FieldOperationsRun, log: (line: string) => void) {
  log(`\n${database}: field operations (${run.seeded.counts.tasks} tasks, ${run.seeded.counts.logs} logs; seeded in ${run.seeded.seconds.total} s; load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  for (const [name, r] of Object.entries(run.results)) {
    if ('error' in r) log(`  ${name}: FAILED: ${r.error}`);
    else log(`  ${name.padEnd(22)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms${r.ratioToHealth ? `  (${r.ratioToHealth} x health)` : ''}`);
  }
  log(`  bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections`);
}
