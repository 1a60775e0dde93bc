import type { Executor } from '../db/index.js';

/** What a handler knows about the run it is in. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** No retry follows if this run fails. */
  lastAttempt: boolean;
}

/** Does the work; throwing makes the run a failure, retried with backoff until the attempts run out. */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** The caller's transaction: the job exists if, and only if, it commits. */
  executor?: Executor;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Runs before the job counts as failed; the handler's default otherwise. */
  attempts?: number;
  /** While a job of the same name and key is queued or running, enqueueing another is a no-op. */
  dedupeKey?: string;
}

export interface DrainOptions {
  /** Also run jobs waiting for a later time (delayed ones, and retries waiting out their backoff). */
  includeDelayed?: boolean;
}

/**
 * Durable background work: every job is a row of the `jobs` table first, so it commits with the rows
 * that asked for it and survives a restart. The database driver runs the rows itself; the BullMQ driver
 * relays them to Redis so several processes share them (server/jobs/index.ts picks one).
 */
export interface JobQueue {
  readonly driver: 'database' | 'bullmq';
  register<P>(name: string, handler: JobHandler<P>, defaults?: { attempts?: number }): void;
  /** Answers the job's id, or null when a pending job with the same dedupe key already exists. */
  enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<number | null>;
  /** Starts running jobs in this process (unless it was built not to) and, for BullMQ, relaying them. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running here to finish. */
  stop(): Promise<void>;
  /** Runs what is queued now, in this process, and resolves once nothing is left to run (tests, scripts). */
  drain(opts?: DrainOptions): Promise<void>;
}

export interface JobQueueSettings {
  /** Whether this process runs jobs; without it jobs only queue up (for another process, or drain). */
  runJobs: boolean;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How often the database is asked for due jobs (database driver) or unrelayed rows (BullMQ). */
  pollMs: number;
  /** The first retry waits this long; each later one twice as long as the one before. */
  backoffMs: number;
  /** How long a running job stays claimed without a heartbeat before another runner may take it. */
  lockMs: number;
  /** Runs per job unless the handler or the enqueue says otherwise. */
  attempts: number;
}

export const DEFAULT_JOB_SETTINGS: JobQueueSettings = {
  runJobs: true,
  concurrency: 4,
  pollMs: 1000,
  backoffMs: 30_000,
  lockMs: 60_000,
  attempts: 5,
};

/** The wait after failed attempt n (1-based): base, 2×base, 4×base… the same rule BullMQ's 'exponential' applies. */
export const backoffDelay = (attempt: number, baseMs: number) => baseMs * 2 ** (attempt - 1);
