// Webhook deliveries under load (issue 23): 1,000 productions approved through the API, each queuing
// a signed production.approved delivery to a local receiver; all must arrive within 60 s of the first
// approval, and a page of the productions grid read meanwhile keeps at least 80 % of the throughput it
// had under 1,000 approvals just like them with no webhook registered: what the deliveries cost the
// API, apart from what the approvals themselves cost. Each read asks another page and status, so no
// cached answer serves it.
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measure, type Measured, type Target } from './measure.js';
import type { RunningServer } from './server.js';
import { seedCall } from './seed-sql.js';
import { headersOf, sheetOf, type SoakWorld } from './soak-seed.js';
import type { ReceiverCounts } from './webhook-receiver.js';

export const WEBHOOK_BENCH = { approvals: 1000, withinSec: 60, minThroughputShare: 0.8, writers: 8 };

export interface WebhookDeliveriesRun {
  loadAverage: { start: number; end: number };
  approvals: number;
  delivered: number;
  /** Deliveries whose signature did not verify with the endpoint's secret, or that came twice. */
  badSignatures: number;
  duplicates: number;
  /** From the first approval sent to the last delivery received. */
  secondsToAllDelivered: number | null;
  approvalsSeconds: number;
  /** The grid read while 1,000 approvals ran with no webhook registered. */
  readApprovalsOnly: Measured;
  /** The grid read while 1,000 approvals ran, each delivered to the endpoint. */
  readDuringDeliveries: Measured;
  throughputShare: number;
}

/** Forks bench/webhook-receiver.ts: its address, the secret it verifies with, and its counts. */
async function startReceiver() {
  const child = fork(fileURLToPath(new URL('./webhook-receiver.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const next = () =>
    new Promise<{ url?: string; counts?: ReceiverCounts }>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the webhook receiver exited (${code})`));
      child.once('exit', exited);
      child.once('message', (m: { url?: string; counts?: ReceiverCounts }) => {
        child.off('exit', exited);
        resolve(m);
      });
    });
  const { url } = await next();
  return {
    url: url!,
    /** Sets the secret (when given) and answers the counts so far. */
    ask: async (secret?: string) => {
      const answer = next();
      child.send(secret === undefined ? {} : { secret });
      return (await answer).counts!;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}

/** Runs `work` over the items with `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** `world`: a company as the soak seeds it (bench/soak-seed.ts). */
export async function benchWebhookDeliveries(server: RunningServer, world: SoakWorld, log: (line: string) => void): Promise<WebhookDeliveriesRun> {
  const { baseUrl } = server;
  const h = headersOf(world, world.owner);
  const call = (method: string, url: string, body?: unknown) => seedCall('webhook bench', baseUrl, method, url, body, h);
  const receiver = await startReceiver();
  try {
    log(`  recording and submitting ${2 * WEBHOOK_BENCH.approvals} productions ...`);
    const submitted: number[] = [];
    await inParallel(
      Array.from({ length: 2 * WEBHOOK_BENCH.approvals }, (_, i) => i),
      WEBHOOK_BENCH.writers,
      async () => {
        const { crewId, date } = sheetOf(world, world.nextSheet++);
        const p = await call('POST', `/production/project/${world.projectId}`, { crewId, date, items: [{ budgetItemId: world.budgetItemIds[0], quantity: '10' }] });
        await call('PATCH', `/production/${p.id}/submit`);
        submitted.push(p.id);
      },
    );
    const read: Target = {
      method: 'GET',
      path: `/api/v1/production?projectId=${world.projectId}&_start=0&_end=25&_sort=date&_order=desc`,
      nextPath: () => {
        const start = Math.floor(Math.random() * 40) * 25;
        return `/api/v1/production?projectId=${world.projectId}&status=${['submitted', 'approved'][Math.floor(Math.random() * 2)]}&_start=${start}&_end=${start + 25}&_sort=date&_order=desc`;
      },
      headers: h,
    };
    /** Approves `ids` (WEBHOOK_BENCH.writers at a time) while the grid is read; the read's figures. */
    const approveWhileReading = async (ids: number[]) => {
      const reading = measure(baseUrl, read);
      await inParallel(ids, WEBHOOK_BENCH.writers, async (id) => void (await call('POST', `/production/${id}/approve`, {})));
      return reading;
    };
    const [first, second] = [submitted.slice(0, WEBHOOK_BENCH.approvals), submitted.slice(WEBHOOK_BENCH.approvals)];
    log(`  approving ${first.length} productions with no webhook, reading the grid meanwhile ...`);
    const readApprovalsOnly = await approveWhileReading(first);
    const hook = await call('POST', `/companies/${world.companyId}/webhooks`, { url: receiver.url, events: ['production.approved'] });
    await receiver.ask(hook.secret);
    const loadStart = os.loadavg()[0]!;
    log(`  approving ${second.length} productions, each delivered to the endpoint, reading the grid meanwhile ...`);
    const started = Date.now();
    const readDuringDeliveries = await approveWhileReading(second);
    const approvalsSeconds = (Date.now() - started) / 1000;
    const deadline = started + WEBHOOK_BENCH.withinSec * 1000 + 30_000;
    let counts = await receiver.ask();
    while (counts.delivered < second.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      counts = await receiver.ask();
    }
    const all = counts.delivered >= second.length;
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return {
      loadAverage: { start: round2(loadStart), end: round2(os.loadavg()[0]!) },
      approvals: second.length,
      delivered: counts.delivered,
      badSignatures: counts.badSignatures,
      duplicates: counts.duplicates,
      secondsToAllDelivered: all ? round2((counts.last - started) / 1000) : null,
      approvalsSeconds: round2(approvalsSeconds),
      readApprovalsOnly,
      readDuringDeliveries,
      throughputShare: round2(readDuringDeliveries.reqPerSec / readApprovalsOnly.reqPerSec),
    };
  } finally {
    await receiver.close();
  }
}

export function webhookFailures(database: string, r: WebhookDeliveriesRun): string[] {
  const problems: string[] = [];
  if (r.secondsToAllDelivered === null) problems.push(`${database} webhooks: ${r.delivered} of ${r.approvals} deliveries arrived`);
  else if (r.secondsToAllDelivered > WEBHOOK_BENCH.withinSec) problems.push(`${database} webhooks: all delivered in ${r.secondsToAllDelivered} s, over ${WEBHOOK_BENCH.withinSec} s`);
  if (r.badSignatures || r.duplicates) problems.push(`${database} webhooks: ${r.badSignatures} bad signatures, ${r.duplicates} duplicates`);
  if (r.readApprovalsOnly.non2xx || r.readDuringDeliveries.non2xx) problems.push(`${database} webhooks: non-2xx reads`);
  if (r.throughputShare < WEBHOOK_BENCH.minThroughputShare) problems.push(`${database} webhooks: the grid kept ${r.throughputShare} of its throughput, under ${WEBHOOK_BENCH.minThroughputShare}`);
  return problems;
}

export function printWebhookDeliveries(database: string, r: WebhookDeliveriesRun, log: (line: string) => void) {
  log(`\n${database}: ${r.approvals} approvals, each a signed webhook delivery (load average ${r.loadAverage.start} -> ${r.loadAverage.end})`);
  log(`  delivered ${r.delivered} (${r.duplicates} twice, ${r.badSignatures} bad signatures), all within ${r.secondsToAllDelivered ?? 'NOT ALL'} s of the first approval (approvals took ${r.approvalsSeconds} s; bar ${WEBHOOK_BENCH.withinSec} s)`);
  log(`  productions grid read during approvals: ${r.readApprovalsOnly.reqPerSec} req/s with no webhook, ${r.readDuringDeliveries.reqPerSec} req/s with each delivered (${r.throughputShare}; bar ${WEBHOOK_BENCH.minThroughputShare})`);
}
