// Issue 11's bench: 1,000 sockets held in one company, one event fanned out to all of them, its
// delivery time measured at every socket; once with one server process, once with two processes
// sharing the database and Redis (sockets on B, the change made through A), and the server's
// memory per socket.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { AUTH_TOKEN_HEADER, parseSocketPayload, SOCKET_EVENTS, SOCKET_PATH, type LiveEvent } from '../resources/realtime.js';
import { measure } from './measure.js';
import { PASSWORD } from './seed.js';
import { seedCall } from './seed-sql.js';
import { startServer, type RunningServer } from './server.js';

export const SOCKETS = 1000;
/** Events fanned out per run; each reaches every socket. */
export const ROUNDS = 20;
export const DELIVERY_P95_BAR_MS = 100;

export interface FanOutResult {
  sockets: number;
  rounds: number;
  deliveries: number;
  /** From the change's request leaving the bench to the event reaching a socket. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Every socket got every event. */
  missing: number;
}

export interface RealtimeRun {
  loadAverage: { start: number; end: number };
  barP95Ms: number;
  /** /health's throughput on the same server, as every scenario reports it. */
  healthReqPerSec: number;
  connectSeconds: number;
  memory: { rssBeforeMb: number; rssAfterMb: number; perSocketKb: number };
  oneProcess: FanOutResult;
  twoProcesses: FanOutResult | { error: string };
}

const log1 = (n: number) => Math.round(n * 10) / 10;
const loadAverage = () => log1(os.loadavg()[0]!);

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return log1(kb / 1024);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** An owner and their company, through the API. */
async function seedCompany(baseUrl: string) {
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => seedCall('realtime', baseUrl, method, url, body, headers);
  const { token } = await call('POST', '/users', { name: 'Realtime Bench Owner', phone: '+1 555 010 0000', email: `rt.bench.${tag}@example.com`, password: PASSWORD });
  const company = await call('POST', '/companies', {
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    ein: '12-3456789',
    name: `Realtime Bench Crews ${tag}`,
    address: '1 Main Street',
    contactName: 'Realtime Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${tag}@bench.example`,
  }, { authorization: `Bearer ${token}` });
  return { token: token as string, companyId: company.id as number };
}

async function connectAll(baseUrl: string, token: string, companyId: number, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches, as people open their tabs over a moment rather than in one instant.
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, () => {
      const socket = io(baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: { [AUTH_TOKEN_HEADER]: token, companyId },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (err) => reject(new Error(`socket refused: ${err.message}`)));
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/**
 * ROUNDS changes made through `actor`, one at a time; each must reach every socket. The change is a
 * crew created in the company: every member's crews grid hears of it as a live event.
 */
async function fanOut(actorUrl: string, token: string, companyId: number, sockets: Socket[]): Promise<FanOutResult> {
  const delays: number[] = [];
  let missing = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let sentAt = 0;
    const arrived = sockets.map(
      (socket) =>
        new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => {
            socket.off(SOCKET_EVENTS.live, onEvent);
            resolve(null);
          }, 10_000);
          function onEvent(raw: unknown) {
            const event = parseSocketPayload<LiveEvent>(raw);
            if (event instanceof Error || event.channel !== 'resources/crews') return;
            clearTimeout(timer);
            socket.off(SOCKET_EVENTS.live, onEvent);
            resolve(performance.now() - sentAt);
          }
          socket.on(SOCKET_EVENTS.live, onEvent);
        }),
    );
    sentAt = performance.now();
    await seedCall('realtime change', actorUrl, 'POST', '/crews', { name: `Fan-out crew ${round + 1} ${randomBytes(2).toString('hex')}` }, {
      authorization: `Bearer ${token}`,
      'x-company-id': String(companyId),
    });
    for (const d of await Promise.all(arrived)) {
      if (d === null) missing++;
      else delays.push(d);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  delays.sort((a, b) => a - b);
  return {
    sockets: sockets.length,
    rounds: ROUNDS,
    deliveries: delays.length,
    p50: log1(percentile(delays, 50)),
    p95: log1(percentile(delays, 95)),
    p99: log1(percentile(delays, 99)),
    max: log1(delays.at(-1) ?? 0),
    missing,
  };
}

const healthThroughput = async (baseUrl: string) => (await measure(baseUrl, { method: 'GET', path: '/api/v1/health' })).reqPerSec;

const closeAll = (sockets: Socket[]) => sockets.forEach((s) => s.close());

/**
 * One database (SQLite in a shared data folder, or the given PostgreSQL schema), first one process
 * alone, then two processes with REDIS_URL: the sockets on B, the changes through A.
 */
export async function benchRealtime(databaseUrl: string | null, log: (line: string) => void): Promise<RealtimeRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-bench-rt-'));
  const env = { AUTH_SECRET: randomBytes(32).toString('base64url'), JOB_QUEUE: `bench-rt-${randomBytes(3).toString('hex')}` };
  const servers: RunningServer[] = [];
  const start = async (redis: boolean) => {
    const s = await startServer(databaseUrl, { dataDir, env: { ...env, REDIS_URL: redis ? 'redis://127.0.0.1:6379' : '' } });
    servers.push(s);
    return s;
  };
  const loadStart = loadAverage();
  try {
    const alone = await start(false);
    const { token, companyId } = await seedCompany(alone.baseUrl);
    const healthReqPerSec = await healthThroughput(alone.baseUrl);
    const pid = await alone.serverPid();
    const rssBeforeMb = await rssMb(pid);
    const t = Date.now();
    let sockets = await connectAll(alone.baseUrl, token, companyId, SOCKETS);
    const connectSeconds = log1((Date.now() - t) / 1000);
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfterMb = await rssMb(pid);
    log(`  ${SOCKETS} sockets connected in ${connectSeconds} s; server RSS ${rssBeforeMb} -> ${rssAfterMb} MB`);
    const oneProcess = await fanOut(alone.baseUrl, token, companyId, sockets);
    log(`  one process: p95 ${oneProcess.p95} ms over ${oneProcess.deliveries} deliveries (${oneProcess.missing} missing)`);
    closeAll(sockets);
    await alone.stop();
    servers.length = 0;

    let twoProcesses: FanOutResult | { error: string };
    try {
      const a = await start(true);
      const b = await start(true);
      sockets = await connectAll(b.baseUrl, token, companyId, SOCKETS);
      twoProcesses = await fanOut(a.baseUrl, token, companyId, sockets);
      log(`  two processes over Redis: p95 ${twoProcesses.p95} ms over ${twoProcesses.deliveries} deliveries (${twoProcesses.missing} missing)`);
      closeAll(sockets);
    } catch (err) {
      twoProcesses = { error: err instanceof Error ? err.message : String(err) };
    }
    return {
      loadAverage: { start: loadStart, end: loadAverage() },
      barP95Ms: DELIVERY_P95_BAR_MS,
      healthReqPerSec,
      connectSeconds,
      memory: { rssBeforeMb, rssAfterMb, perSocketKb: log1(((rssAfterMb - rssBeforeMb) * 1024) / SOCKETS) },
      oneProcess,
      twoProcesses,
    };
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What fell short: a missed delivery, a p95 over the bar, a run that failed. */
export function realtimeFailures(database: string, run: RealtimeRun): string[] {
  const check = (what: string, r: FanOutResult | { error: string }) => {
    if ('error' in r) return [`${database} realtime ${what}: ${r.error}`];
    return [
      ...(r.missing ? [`${database} realtime ${what}: ${r.missing} deliveries missing`] : []),
      ...(r.p95 >= DELIVERY_P95_BAR_MS ? [`${database} realtime ${what}: p95 ${r.p95} ms, over the ${DELIVERY_P95_BAR_MS} ms bar`] : []),
    ];
  };
  return [...check('one process', run.oneProcess), ...check('two processes', run.twoProcesses)];
}

export function printRealtime(database: string, run: RealtimeRun, log: (line: string) => void) {
  const line = (what: string, r: FanOutResult | { error: string }) =>
    'error' in r ? `  ${what}: FAILED: ${r.error}` : `  ${what}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms; ${r.deliveries} deliveries, ${r.missing} missing`;
  log(`\n${database}: ${SOCKETS} sockets in one company, ${ROUNDS} events each (bar: p95 < ${DELIVERY_P95_BAR_MS} ms; load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  log(line('one process', run.oneProcess));
  log(line('two processes over Redis', run.twoProcesses));
  log(`  server memory: ${run.memory.rssBeforeMb} MB -> ${run.memory.rssAfterMb} MB with ${SOCKETS} sockets, about ${run.memory.perSocketKb} KB per socket; /health ${run.healthReqPerSec} req/s`);
}
