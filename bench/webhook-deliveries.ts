// Webhook deliveries under load (issue 23): 1,000 productions approved through the API, each queuing
// a signed production.approved delivery to a local receiver; each must arrive within 60 s of its
// approval's answer, and a page of the productions grid read meanwhile keeps at least 80 % of the throughput it
// had under 1,000 approvals just like them with no webhook registered: what the deliveries cost the
// API, apart from what the approvals themselves cost. Each read asks another page and status, so no
// cached answer serves it. The reads last as long as each round's approvals; rounds with the endpoint
// off and on alternate (three pairs, the share is their median), since one pair's share varied by a
// quarter between runs of the same code.
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measure, type Measured, type Target } from './measure.js';
import type { RunningServer } from './server.js';
import { seedCall } from './seed-sql.js';
import { headersOf, sheetOf, type SoakWorld } from './soak-seed.js';
import type { ReceiverCounts } from './webhook-receiver.js';

/** `pairs`: rounds of approvals with the endpoint off then on, in turn; the share is their median. */
export const WEBHOOK_BENCH = { approvals: 1000, pairs: 3, withinSec: 60, minThroughputShare: 0.8, writers: 8 };

/** One pair: 1,000 approvals with the endpoint off, then 1,000 each delivered to it. */
export interface WebhookRound {
  delivered: number;
  /** From the round's first approval sent to its last delivery received. */
  secondsToAllDelivered: number | null;
  /** Seconds from each approval's answer to its delivery's arrival; max is null when one never came. */
  latency: { p50: number; p95: number; max: number | null };
  approvalsSeconds: number;
  /** The grid read throughout the approvals with the endpoint off. */
  readApprovalsOnly: Measured;
  /** The grid read throughout the approvals each delivered to the endpoint. */
  readDuringDeliveries: Measured;
  throughputShare: number;
}

export interface WebhookDeliveriesRun {
  loadAverage: { start: number; end: number };
  approvals: number;
  delivered: number;
  /** Deliveries whose signature did not verify with the endpoint's secret, or that came twice. */
  badSignatures: number;
  duplicates: number;
  /** The slowest delivery's seconds from its approval's answer; null when one never came. */
  maxLatencySeconds: number | null;
  rounds: WebhookRound[];
  /** The median of the rounds'. */
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
  const { approvals, pairs } = WEBHOOK_BENCH;
  try {
    log(`  recording and submitting ${2 * pairs * approvals} productions ...`);
    const submitted: number[] = [];
    await inParallel(
      Array.from({ length: 2 * pairs * approvals }, (_, i) => i),
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
    /** When each approval was answered, by production id. */
    const approvedAt = new Map<number, number>();
    /** Approves `ids` (WEBHOOK_BENCH.writers at a time) while the grid is read throughout; the read's figures. */
    const approveWhileReading = (ids: number[]) =>
      measure(baseUrl, read, undefined, () =>
        inParallel(ids, WEBHOOK_BENCH.writers, async (id) => {
          await call('POST', `/production/${id}/approve`, {});
          approvedAt.set(id, Date.now());
        }),
      );
    const hook = await call('POST', `/companies/${world.companyId}/webhooks`, { url: receiver.url, events: ['production.approved'], active: false });
    const turn = (active: boolean) => call('PATCH', `/companies/${world.companyId}/webhooks/${hook.id}`, { active });
    await receiver.ask(hook.secret);
    const loadStart = os.loadavg()[0]!;
    const rounds: WebhookRound[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const ids = submitted.slice(2 * pair * approvals, 2 * (pair + 1) * approvals);
      log(`  pair ${pair + 1} of ${pairs}: approving ${approvals} productions with the endpoint off, reading the grid meanwhile ...`);
      const readApprovalsOnly = await approveWhileReading(ids.slice(0, approvals));
      await turn(true);
      log(`  pair ${pair + 1} of ${pairs}: approving ${approvals} productions, each delivered to the endpoint, reading the grid meanwhile ...`);
      const before = (await receiver.ask()).delivered;
      const started = Date.now();
      const delivering = ids.slice(approvals);
      const readDuringDeliveries = await approveWhileReading(delivering);
      const approvalsSeconds = (Date.now() - started) / 1000;
      // The next pair's reading with the endpoint off starts once these deliveries are all out.
      const deadline = Date.now() + WEBHOOK_BENCH.withinSec * 1000 + 5_000;
      let counts = await receiver.ask();
      while (counts.delivered - before < approvals && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        counts = await receiver.ask();
      }
      await turn(false);
      const waits = delivering.map((id) => (counts.arrivals[id] === undefined ? Infinity : (counts.arrivals[id]! - approvedAt.get(id)!) / 1000)).sort((a, b) => a - b);
      const at = (p: number) => round2(waits[Math.min(waits.length - 1, Math.ceil(p * waits.length) - 1)]!);
      rounds.push({
        delivered: counts.delivered - before,
        secondsToAllDelivered: counts.delivered - before >= approvals ? round2((counts.last - started) / 1000) : null,
        latency: { p50: at(0.5), p95: at(0.95), max: Number.isFinite(waits.at(-1)) ? round2(waits.at(-1)!) : null },
        approvalsSeconds: round2(approvalsSeconds),
        readApprovalsOnly,
        readDuringDeliveries,
        throughputShare: round2(readDuringDeliveries.reqPerSec / readApprovalsOnly.reqPerSec),
      });
    }
    const counts = await receiver.ask();
    const byShare = [...rounds].sort((a, b) => a.throughputShare - b.throughputShare);
    const slowest = rounds.map((r) => r.latency.max).reduce<number | null>((a, b) => (a === null || b === null ? null : Math.max(a, b)), 0);
    return {
      loadAverage: { start: round2(loadStart), end: round2(os.loadavg()[0]!) },
      approvals: pairs * approvals,
      delivered: counts.delivered,
      badSignatures: counts.badSignatures,
      duplicates: counts.duplicates,
      maxLatencySeconds: slowest,
      rounds,
      throughputShare: byShare[Math.floor(byShare.length / 2)]!.throughputShare,
    };
  } finally {
    await receiver.close();
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function webhookFailures(database: string, r: WebhookDeliveriesRun): string[] {
  const problems: string[] = [];
  if (r.maxLatencySeconds === null) problems.push(`${database} webhooks: ${r.delivered} of ${r.approvals} deliveries arrived`);
  else if (r.maxLatencySeconds > WEBHOOK_BENCH.withinSec) problems.push(`${database} webhooks: a delivery came ${r.maxLatencySeconds} s after its approval, over ${WEBHOOK_BENCH.withinSec} s`);
  if (r.badSignatures || r.duplicates) problems.push(`${database} webhooks: ${r.badSignatures} bad signatures, ${r.duplicates} duplicates`);
  if (r.rounds.some((round) => round.readApprovalsOnly.non2xx || round.readDuringDeliveries.non2xx)) problems.push(`${database} webhooks: non-2xx reads`);
  if (r.throughputShare < WEBHOOK_BENCH.minThroughputShare) problems.push(`${database} webhooks: the grid kept ${r.throughputShare} of its throughput (median of ${r.rounds.length}), under ${WEBHOOK_BENCH.minThroughputShare}`);
  return problems;
}

export function printWebhookDeliveries(database: string, r: WebhookDeliveriesRun, log: (line: string) => void) {
  log(`\n${database}: ${r.approvals} approvals, each a signed webhook delivery (load average ${r.loadAverage.start} -> ${r.loadAverage.end})`);
  log(`  delivered ${r.delivered} (${r.duplicates} twice, ${r.badSignatures} bad signatures)`);
  for (const [i, round] of r.rounds.entries()) {
    log(`  round ${i + 1}: ${round.approvalsSeconds} s of approvals, ${round.delivered} delivered, the last ${round.secondsToAllDelivered ?? 'NEVER'} s after the first approval;`);
    log(`    from an approval's answer to its delivery: p50 ${round.latency.p50} s, p95 ${round.latency.p95} s, max ${round.latency.max ?? 'NEVER'} s (bar ${WEBHOOK_BENCH.withinSec} s)`);
    log(`    grid read throughout: ${round.readApprovalsOnly.reqPerSec} req/s with the endpoint off, ${round.readDuringDeliveries.reqPerSec} req/s with each delivered (${round.throughputShare})`);
  }
  log(`  throughput kept, median of ${r.rounds.length} rounds: ${r.throughputShare} (bar ${WEBHOOK_BENCH.minThroughputShare})`);
}
