import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db, Dialect } from '../db/index.js';
import { reconnectDelay, reportFailedCommands } from '../lib/redis-clients.js';
import { DatabaseJobQueue } from './database-queue.js';
import type { DrainOptions, EnqueueOptions, JobHandler, JobQueue, JobQueueSettings } from './job-queue.js';
import { JobRunner, newRunnerId } from './job-runner.js';
import { claimById, claimUnrelayed, countUnrelayed, markRelayed, unmarkRelayed } from './job-store.js';

interface RelayedJob {
  /** The `jobs` row, which keeps the name, the payload and the outcome. */
  id: number;
  /** Attempts the row had used when it was relayed (runs from the table while Redis was away); absent means 0. */
  attemptsBefore?: number;
}

const RELAY_BATCH = 100;

/** The id BullMQ keeps unique: the row's own random key, so no other database's row of the same id can shadow it. */
export const relayJobId = (row: { id: number; relay_key: string | null }) => (row.relay_key ? `job-${row.id}-${row.relay_key}` : `job-${row.id}`);
/** Finished jobs stay in Redis for a day, so a row relayed twice (a relay crashed mid-batch) is still recognised by its id. */
const KEEP_FINISHED = { age: 24 * 60 * 60 };

/**
 * With REDIS_URL: jobs run on BullMQ, shared by every server process. Enqueueing still writes the
 * `jobs` row, in the caller's transaction (an outbox); a relay in every process hands committed rows to
 * BullMQ under the job id `job-<row id>-<relay key>` (relayJobId), which BullMQ keeps unique, and marks them relayed. A crash
 * between the two re-relays the row later, and BullMQ drops the duplicate. The worker claims the row
 * before running it, so a job that finished is never run again, and records the outcome there.
 *
 * While Redis is away (from start, or lost later) the process runs the rows it could not relay from
 * the table, as the database driver does; rows already in Redis wait for it. Once Redis is back,
 * relaying resumes, and rows relayed but not finished are relayed again, in case Redis came back
 * empty.
 */
export class BullJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private runner: JobRunner;
  private relayId: string;
  private queue: Queue<RelayedJob> | null = null;
  /** The queue's connection, watched to tell when Redis goes away and comes back. */
  private client: Redis | null = null;
  private fallback: DatabaseJobQueue;
  private redisLost = false;
  private worker: Worker<RelayedJob> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<void> | null = null;
  private started = false;

  constructor(
    private db: Db,
    private dialect: Dialect,
    private log: FastifyBaseLogger,
    private settings: JobQueueSettings,
    private redis: { url: string; queueName: string },
  ) {
    this.runner = new JobRunner(db, log, settings, newRunnerId());
    this.relayId = `${this.runner.runnerId}:relay`;
    this.fallback = new DatabaseJobQueue(db, dialect, log, settings, { runner: this.runner });
  }

  register<P>(name: string, handler: JobHandler<P>, defaults?: { attempts?: number }) {
    this.runner.register(name, handler, defaults);
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}) {
    const id = await this.runner.insert(name, payload, opts);
    if (!opts.executor) this.relaySoon();
    return id;
  }

  private get connection(): ConnectionOptions {
    // BullMQ's blocking commands need maxRetriesPerRequest null; it opens and closes its own clients.
    return { url: this.redis.url, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
  }

  private openQueue() {
    if (this.queue) return this.queue;
    this.client = new Redis(this.redis.url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
    reportFailedCommands(this.client, (err) => this.log.warn({ err: err.message }, 'job queue: a Redis command failed'));
    this.client.on('close', () => this.lost());
    this.client.on('ready', () => this.back());
    this.queue = new Queue<RelayedJob>(this.redis.queueName, { connection: this.client });
    this.queue.on('error', (err) => this.log.warn({ err: err.message }, 'job queue: Redis error'));
    return this.queue;
  }

  private lost() {
    if (this.redisLost || !this.started) return;
    this.redisLost = true;
    this.log.warn('job queue: Redis is not reachable; jobs not yet in Redis run from the jobs table until it is back');
    void this.fallback.start();
  }

  private back() {
    if (!this.redisLost) return this.relaySoon();
    this.redisLost = false;
    this.log.info('job queue: Redis is back; jobs run on BullMQ again');
    void this.fallback.stop();
    unmarkRelayed(this.db)
      .catch((err: unknown) => this.log.error({ err }, 'job relay: could not mark jobs to relay again'))
      .finally(() => this.relaySoon());
  }

  private openWorker() {
    if (this.worker) return;
    this.worker = new Worker<RelayedJob>(this.redis.queueName, (job) => this.process(job), {
      connection: this.connection,
      concurrency: this.settings.concurrency,
      lockDuration: this.settings.lockMs,
    });
    this.worker.on('error', (err) => this.log.warn({ err: err.message }, 'job worker: Redis error'));
  }

  async start() {
    if (this.started) return;
    this.started = true;
    // Not waiting for Redis: rows keep queuing in the database while it is away, and the relay catches up.
    this.openQueue();
    if (this.settings.runJobs) this.openWorker();
    this.relaySoon();
  }

  async stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.relaying;
    await this.fallback.stop();
    await this.worker?.close();
    await this.queue?.close();
    // The queue does not close a connection it was given.
    this.client?.disconnect();
    this.worker = null;
    this.queue = null;
    this.client = null;
    this.redisLost = false;
  }

  async drain(opts: DrainOptions = {}) {
    const queue = this.openQueue();
    this.openWorker();
    // The relay sends nothing before the connection is ready.
    await queue.waitUntilReady();
    for (;;) {
      await this.relayAll();
      if (opts.includeDelayed) await queue.promoteJobs();
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      const pending = (c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0) + (opts.includeDelayed ? (c.delayed ?? 0) : 0);
      if (!pending && !(await countUnrelayed(this.db))) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async process(job: Job<RelayedJob>) {
    const attempt = (job.data.attemptsBefore ?? 0) + job.attemptsMade + 1;
    const row = await claimById(this.db, job.data.id, this.runner.runnerId, { attempt, lockMs: this.settings.lockMs });
    if (!row) return; // Finished already, or another runner holds it.
    const failed = await this.runner.run(row);
    // Failing the BullMQ job makes BullMQ retry it with the same backoff the row announces.
    if (failed && failed.retryAt !== null) throw new Error(failed.error);
  }

  /** Relays now; later runs happen every pollMs, for rows committed inside callers' transactions. */
  private relaySoon(delayMs = 0) {
    if (!this.started || this.relaying) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.relaying = this.relayAll()
        .catch((err: unknown) => this.log.error({ err }, 'job relay: could not hand jobs to Redis'))
        .finally(() => {
          this.relaying = null;
          this.relaySoon(this.settings.pollMs);
        });
    }, delayMs);
  }

  private async relayAll() {
    const queue = this.openQueue();
    for (;;) {
      // While Redis is away the rows stay unrelayed (and the fallback runs them); a command would only wait.
      if (this.client?.status !== 'ready') return;
      const rows = await claimUnrelayed(this.db, this.dialect, this.relayId, { lockMs: this.settings.lockMs, limit: RELAY_BATCH });
      if (!rows.length) return;
      await queue.addBulk(
        rows.map((row) => ({
          name: row.name,
          data: { id: row.id, attemptsBefore: row.attempts },
          opts: {
            jobId: relayJobId(row),
            delay: Math.max(0, Date.parse(row.run_at) - Date.now()),
            attempts: Math.max(1, row.max_attempts - row.attempts),
            backoff: { type: 'exponential', delay: this.settings.backoffMs },
            removeOnComplete: KEEP_FINISHED,
            removeOnFail: KEEP_FINISHED,
          },
        })),
      );
      await markRelayed(
        this.db,
        rows.map((r) => r.id),
        this.relayId,
      );
    }
  }
}
