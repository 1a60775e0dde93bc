// Issue 22's soak: two server processes sharing one PostgreSQL schema, one data folder and Redis (as
// two instances behind a load balancer run), 100 connections of mixed reads and writes over every
// area (soak-load.ts) for SOAK_SECONDS (600 by default). Every answer must have its expected status;
// each process's resident memory and open file descriptors are sampled as it runs, and neither may
// grow in the second half beyond the tolerance below. `npm run bench -- --only soak`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { runLoad, WRITES, type Kind, type Recorder } from './soak-load.js';
import { seedSoak, SOAK_WORLD } from './soak-seed.js';
import { freshPostgresSchema, startServer, type RunningServer } from './server.js';

export const SOAK_CONNECTIONS = 100;
const DEFAULT_SECONDS = 600;
const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * How much a process may grow over the second half (the first is warm-up: JIT, connection pools,
 * the read cache filling up to its budget): the least-squares slope of the half's samples times its
 * length, at most the larger of a share of the half's mean and a floor. The slope rather than last
 * minus first, so one garbage collection's saw-tooth does not decide; the floors absorb what a
 * short run cannot average out.
 */
export const TOLERANCE = { rss: { share: 0.1, floorMb: 20 }, handles: { share: 0.1, floor: 10 } };

export interface Sample {
  /** Seconds since the load began. */
  t: number;
  rssMb: number;
  handles: number;
}

interface Trend {
  first: number;
  last: number;
  /** Least squares over the second half's samples, per minute. */
  slopePerMin: number;
  /** slopePerMin times the second half's length. */
  growth: number;
  allowed: number;
}

export interface ProcessRun {
  samples: Sample[];
  rssMb: Trend;
  handles: Trend;
}

interface KindStats {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface SoakRun {
  database: 'postgres';
  seconds: number;
  connections: number;
  sampleSeconds: number;
  loadAverage: { start: number; end: number };
  seeded: typeof SOAK_WORLD;
  requests: number;
  reqPerSec: number;
  readShare: number;
  errors: number;
  /** The first errors in full (status and answer); `errorsByKind` counts them all. */
  firstErrors: string[];
  errorsByKind: Partial<Record<Kind, number>>;
  calls: Partial<Record<Kind, KindStats>>;
  /** What the world held at the end: how far the writes went. */
  grown: { productions: number; invoices: number; tasks: number; files: number; billableLeft: number };
  tolerance: typeof TOLERANCE;
  processes: { a: ProcessRun; b: ProcessRun };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

async function sampleOf(pid: number, t: number): Promise<Sample> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { t: round(t), rssMb: round(kb / 1024), handles: readdirSync(`/proc/${pid}/fd`).length };
}

/** The second half's least-squares slope and what it allows; samples after the load (in-flight requests finishing) do not count. */
function trend(all: Sample[], seconds: number, pickValue: (s: Sample) => number, tolerance: { share: number; floor: number }): Trend {
  const samples = all.filter((s) => s.t <= seconds + 0.5);
  const half = samples.filter((s) => s.t >= seconds / 2);
  const xs = half.map((s) => s.t / 60);
  const ys = half.map(pickValue);
  const mx = xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const my = ys.reduce((a, b) => a + b, 0) / (ys.length || 1);
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const slope = sxx ? xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / sxx : 0;
  return {
    first: pickValue(samples[0]!),
    last: pickValue(samples.at(-1)!),
    slopePerMin: round(slope, 2),
    growth: round(slope * (seconds / 2 / 60), 1),
    allowed: round(Math.max(tolerance.floor, tolerance.share * my), 1),
  };
}

function processRun(samples: Sample[], seconds: number): ProcessRun {
  return {
    samples,
    rssMb: trend(samples, seconds, (s) => s.rssMb, { share: TOLERANCE.rss.share, floor: TOLERANCE.rss.floorMb }),
    handles: trend(samples, seconds, (s) => s.handles, TOLERANCE.handles),
  };
}

/** Latencies and errors by kind of call. */
function recorder() {
  const latencies = new Map<Kind, number[]>();
  const errors = new Map<Kind, number>();
  const firstErrors: string[] = [];
  const r: Recorder & { latencies: typeof latencies; errors: typeof errors; firstErrors: string[] } = {
    latencies,
    errors,
    firstErrors,
    record(kind, ms, problem) {
      let list = latencies.get(kind);
      if (!list) latencies.set(kind, (list = []));
      list.push(ms);
      if (problem) {
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
        if (firstErrors.length < 20) firstErrors.push(`${kind}: ${problem}`);
      }
    },
  };
  return r;
}

/** The whole soak on PostgreSQL (BENCH_DATABASE_URL, or the local test database), in a schema of its own dropped afterwards. */
export async function benchSoak(log: (line: string) => void): Promise<SoakRun> {
  const seconds = Number(process.env.SOAK_SECONDS ?? DEFAULT_SECONDS);
  if (!Number.isFinite(seconds) || seconds < 10) throw new Error(`SOAK_SECONDS must be at least 10 (got ${process.env.SOAK_SECONDS})`);
  // Every 5 s as the issue asks; a short check run samples each second so its halves hold enough points.
  const sampleSeconds = seconds >= 120 ? 5 : 1;
  const schema = await freshPostgresSchema(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-bench-soak-'));
  // The two processes' own job queue and socket channel on the shared Redis, removed at the end.
  const queueName = `bench-soak-${randomBytes(3).toString('hex')}`;
  const env = { AUTH_SECRET: randomBytes(32).toString('base64url'), JOB_QUEUE: queueName, REDIS_URL };
  const servers: RunningServer[] = [];
  try {
    log(`== soak: two server processes on PostgreSQL and Redis, ${SOAK_CONNECTIONS} connections for ${seconds} s`);
    // One after the other: the first runs the migrations on the fresh schema.
    servers.push(await startServer(schema.url, { dataDir, env }));
    servers.push(await startServer(schema.url, { dataDir, env }));
    const [a, b] = servers as [RunningServer, RunningServer];
    log('  seeding through the API ...');
    const world = await seedSoak(a.baseUrl, { databaseUrl: schema.url, dataDir });
    const pids = [await a.serverPid(), await b.serverPid()];
    const samples: Sample[][] = [[], []];
    const rec = recorder();
    const loadStart = os.loadavg()[0]!;
    const started = Date.now();
    const take = async () => {
      const t = (Date.now() - started) / 1000;
      for (const [i, pid] of pids.entries()) samples[i]!.push(await sampleOf(pid, t));
    };
    await take();
    let requestsAtLastLine = 0;
    const sampler = setInterval(() => {
      void take().then(() => {
        const [sa, sb] = [samples[0]!.at(-1)!, samples[1]!.at(-1)!];
        const requests = [...rec.latencies.values()].reduce((n, l) => n + l.length, 0);
        if (sampleSeconds === 5 && Math.round(sa.t) % 30 !== 0) return;
        const errors = [...rec.errors.values()].reduce((n, e) => n + e, 0);
        log(`  ${String(Math.round(sa.t)).padStart(4)} s  ${requests - requestsAtLastLine} requests, ${errors} errors so far;  A ${sa.rssMb} MB ${sa.handles} fds;  B ${sb.rssMb} MB ${sb.handles} fds`);
        requestsAtLastLine = requests;
      });
    }, sampleSeconds * 1000);
    // The last sample of the load, exactly at its end (the interval's last tick may fall just short).
    const last = setTimeout(() => void take(), seconds * 1000);
    try {
      await runLoad([a.baseUrl, b.baseUrl], world, SOAK_CONNECTIONS, started + seconds * 1000, rec);
    } finally {
      clearInterval(sampler);
      clearTimeout(last);
    }
    const elapsed = (Date.now() - started) / 1000;
    const calls: SoakRun['calls'] = {};
    let requests = 0;
    let reads = 0;
    for (const [kind, list] of [...rec.latencies.entries()].sort(([x], [y]) => x.localeCompare(y))) {
      list.sort((x, y) => x - y);
      requests += list.length;
      if (!WRITES.has(kind)) reads += list.length;
      calls[kind] = { requests: list.length, errors: rec.errors.get(kind) ?? 0, p50: round(percentile(list, 50)), p95: round(percentile(list, 95)), p99: round(percentile(list, 99)), max: round(list.at(-1) ?? 0) };
    }
    const errors = [...rec.errors.values()].reduce((n, e) => n + e, 0);
    return {
      database: 'postgres',
      seconds,
      connections: SOAK_CONNECTIONS,
      sampleSeconds,
      loadAverage: { start: round(loadStart, 2), end: round(os.loadavg()[0]!, 2) },
      seeded: SOAK_WORLD,
      requests,
      reqPerSec: round(requests / elapsed),
      readShare: round(reads / (requests || 1), 3),
      errors,
      firstErrors: rec.firstErrors,
      errorsByKind: Object.fromEntries(rec.errors),
      calls,
      grown: {
        productions: world.productionIds.length,
        invoices: world.invoices.length,
        tasks: world.tasks.length,
        files: world.fileIds.length,
        billableLeft: world.billable.length,
      },
      tolerance: TOLERANCE,
      processes: { a: processRun(samples[0]!, seconds), b: processRun(samples[1]!, seconds) },
    };
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await schema.drop();
    const queue = new Queue(queueName, { connection: { url: REDIS_URL } });
    await queue.obliterate({ force: true }).finally(() => queue.close());
  }
}

/** Any error, or a process whose memory or descriptors grew in the second half beyond the tolerance. */
export function soakFailures(run: SoakRun): string[] {
  const problems: string[] = [];
  if (run.errors) problems.push(`soak: ${run.errors} of ${run.requests} requests were errors (${JSON.stringify(run.errorsByKind)}); first: ${run.firstErrors[0]}`);
  for (const [name, p] of Object.entries(run.processes)) {
    if (p.rssMb.growth > p.rssMb.allowed) problems.push(`soak: process ${name.toUpperCase()}'s memory grew ${p.rssMb.growth} MB over the second half (${p.rssMb.slopePerMin} MB/min), over the ${p.rssMb.allowed} MB allowed`);
    if (p.handles.growth > p.handles.allowed) problems.push(`soak: process ${name.toUpperCase()}'s open handles grew ${p.handles.growth} over the second half (${p.handles.slopePerMin}/min), over the ${p.handles.allowed} allowed`);
  }
  return problems;
}

export function printSoak(run: SoakRun, log: (line: string) => void) {
  log(`\nsoak on ${run.database}: two processes, ${run.connections} connections, ${run.seconds} s (load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  log(`  ${run.requests} requests (${run.reqPerSec}/s), ${round(run.readShare * 100)} % reads, ${run.errors} errors`);
  const head = ['call', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'];
  const rows = Object.entries(run.calls).map(([kind, s]) => [kind, String(s.requests), String(s.errors), s.p50.toFixed(1), s.p95.toFixed(1), s.p99.toFixed(1), s.max.toFixed(1)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`;
  log(fmt(head));
  for (const r of rows) log(fmt(r));
  for (const [name, p] of Object.entries(run.processes)) {
    const t = (what: string, x: Trend, unit: string) =>
      `${what} ${x.first} -> ${x.last}${unit}, second half ${x.slopePerMin >= 0 ? '+' : ''}${x.slopePerMin}${unit}/min (${x.growth >= 0 ? '+' : ''}${x.growth}${unit} over it, allowed ${x.allowed}${unit})`;
    log(`  process ${name.toUpperCase()}: ${t('RSS', p.rssMb, ' MB')}; ${t('open handles', p.handles, '')}`);
  }
  log(`  grown to: ${run.grown.productions} productions, ${run.grown.invoices} invoices, ${run.grown.tasks} tasks, ${run.grown.files} files in the folder; ${run.grown.billableLeft} productions left to bill`);
  for (const e of run.firstErrors) log(`  error: ${e}`);
}
