import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { backoffDelay, type EnqueueOptions, type JobHandler, type JobQueueSettings } from './job-queue.js';
import { extendLock, insertJob, recordRun, type JobRow } from './job-store.js';

/** Names this process in `locked_by`, so an operator can tell which runner holds a job. */
export const newRunnerId = () => `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

interface Registered {
  handler: JobHandler<unknown>;
  attempts?: number;
}

/**
 * The handlers by job name, and one run of a claimed row: both drivers run jobs through here, so the
 * row records every outcome (attempts, last error, done or failed) whichever driver delivered it.
 */
export class JobRunner {
  private handlers = new Map<string, Registered>();

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private settings: JobQueueSettings,
    readonly runnerId: string,
  ) {}

  register<P>(name: string, handler: JobHandler<P>, defaults: { attempts?: number } = {}) {
    if (this.handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, attempts: defaults.attempts });
  }

  /** Writes the job's row (in the caller's transaction when given): every driver's enqueue starts here. */
  insert<P>(name: string, payload: P, opts: EnqueueOptions) {
    return insertJob(opts.executor ?? this.db, {
      name,
      payload,
      runAt: Date.now() + (opts.delayMs ?? 0),
      maxAttempts: opts.attempts ?? this.handlers.get(name)?.attempts ?? this.settings.attempts,
      dedupeKey: opts.dedupeKey ?? null,
    });
  }

  /** Runs the row this runner has just claimed; answers the error when the run failed. */
  async run(row: JobRow): Promise<{ error: string; retryAt: number | null } | null> {
    const lastAttempt = row.attempts >= row.max_attempts;
    if (row.attempts > row.max_attempts) {
      // Its runner stopped during the last attempt (a crash, a kill): nothing is left to try.
      return this.fail(row, 'The runner stopped during the last attempt', null);
    }
    const registered = this.handlers.get(row.name);
    if (!registered) return this.fail(row, `No handler is registered for job "${row.name}"`, lastAttempt ? null : this.retryAt(row));
    const heartbeat = setInterval(() => {
      extendLock(this.db, row.id, this.runnerId, this.settings.lockMs).catch((err: unknown) => this.log.warn({ err, jobId: row.id }, 'job lock could not be renewed'));
    }, Math.max(10, Math.floor(this.settings.lockMs / 3)));
    try {
      await registered.handler(JSON.parse(row.payload), { jobId: row.id, attempt: row.attempts, maxAttempts: row.max_attempts, lastAttempt });
    } catch (err) {
      return this.fail(row, err instanceof Error ? err.message : String(err), lastAttempt ? null : this.retryAt(row));
    } finally {
      clearInterval(heartbeat);
    }
    await recordRun(this.db, row.id, this.runnerId, { ok: true });
    return null;
  }

  private retryAt(row: JobRow) {
    return Date.now() + backoffDelay(row.attempts, this.settings.backoffMs);
  }

  private async fail(row: JobRow, error: string, retryAt: number | null) {
    // The name, attempt and error only: payloads may hold addresses or links.
    const where = { jobId: row.id, job: row.name, attempt: row.attempts, maxAttempts: row.max_attempts, error };
    if (retryAt === null) this.log.error(where, 'job failed for good');
    else this.log.warn({ ...where, retryAt: new Date(retryAt).toISOString() }, 'job failed; it will be retried');
    await recordRun(this.db, row.id, this.runnerId, { ok: false, error, retryAt });
    return { error, retryAt };
  }
}
