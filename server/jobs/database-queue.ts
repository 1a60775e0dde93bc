import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../db/index.js';
import type { DrainOptions, EnqueueOptions, JobHandler, JobQueue, JobQueueSettings } from './job-queue.js';
import { JobRunner, newRunnerId } from './job-runner.js';
import { claimDue, type JobRow } from './job-store.js';

/** Far enough ahead that every delayed job is due: drain({ includeDelayed }) runs them all. */
const END_OF_TIME = Date.parse('9999-01-01T00:00:00.000Z');

/**
 * The default driver: jobs live in the `jobs` table and this process polls it, running up to
 * `concurrency` at once. Any number of processes on one PostgreSQL may poll it: the claim is a
 * conditional UPDATE, so no job runs twice at the same time.
 */
export class DatabaseJobQueue implements JobQueue {
  readonly driver = 'database' as const;
  private runner: JobRunner;
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private started = false;

  constructor(
    private db: Db,
    private dialect: Dialect,
    private log: FastifyBaseLogger,
    private settings: JobQueueSettings,
    /** The BullMQ driver's fallback while Redis is away: its runner (and handlers), and only rows not handed to Redis. */
    private fallbackFor?: { runner: JobRunner },
  ) {
    this.runner = fallbackFor?.runner ?? new JobRunner(db, log, settings, newRunnerId());
  }

  register<P>(name: string, handler: JobHandler<P>, defaults?: { attempts?: number }) {
    this.runner.register(name, handler, defaults);
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}) {
    const id = await this.runner.insert(name, payload, opts);
    // Inside a transaction the row is not visible yet: the next poll finds it once committed.
    if (!opts.executor && !opts.delayMs) this.wake();
    return id;
  }

  async start() {
    if (!this.settings.runJobs || this.started) return;
    this.started = true;
    this.wake();
  }

  async stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.allSettled([...this.running]);
  }

  async drain(opts: DrainOptions = {}) {
    const dueBefore = () => (opts.includeDelayed ? END_OF_TIME : Date.now());
    for (;;) {
      const row = await claimDue(this.db, this.dialect, this.runner.runnerId, { dueBefore: dueBefore(), lockMs: this.settings.lockMs });
      if (row) await this.launch(row);
      else if (this.running.size) await Promise.race([...this.running]);
      // A poll's claim may have taken the job between its update and its launch: wait for it to launch.
      else if (this.polling) await this.polling;
      else return;
    }
  }

  /** Polls now rather than at the next tick of the timer. */
  private wake() {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll().finally(() => {
      this.polling = null;
      if (!this.started) return;
      if (this.pollAgain) {
        this.pollAgain = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.settings.pollMs);
      }
    });
  }

  /** Claims due jobs until the slots are full or none is due. */
  private async poll() {
    try {
      while (this.started && this.running.size < this.settings.concurrency) {
        const row = await claimDue(this.db, this.dialect, this.runner.runnerId, { dueBefore: Date.now(), lockMs: this.settings.lockMs, unrelayedOnly: !!this.fallbackFor });
        if (!row) return;
        void this.launch(row).then(() => this.wake());
      }
    } catch (err) {
      this.log.error({ err }, 'job queue: could not read the jobs table');
    }
  }

  private launch(row: JobRow): Promise<void> {
    const run = this.runner
      .run(row)
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, jobId: row.id }, 'job outcome could not be recorded'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }
}
