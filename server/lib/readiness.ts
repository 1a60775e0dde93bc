import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { reconnectDelay } from './redis-clients.js';

/** A proxy probes every few seconds: a check that takes longer than this counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

export type CheckResult = 'ok' | 'failed' | 'not configured';

export interface ReadinessAnswer {
  ready: boolean;
  checks: { database: CheckResult; redis: CheckResult };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve: the database and (with REDIS_URL) Redis answer, each checked on its
 * own so the answer says which one is missing. Redis is asked over a connection of its own, kept between
 * probes, that never queues a command while it is down: a PING then fails at once.
 */
export class Readiness {
  private redis: Redis | null = null;

  constructor(
    private db: Db,
    private redisUrl: string | null,
    private log: FastifyBaseLogger,
    private timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async check(): Promise<ReadinessAnswer> {
    const [database, redis] = await Promise.all([
      this.run('database', () => sql`select 1`.execute(this.db)),
      this.redisUrl ? this.run('redis', () => this.pingRedis()) : Promise.resolve('not configured' as const),
    ]);
    return { ready: database === 'ok' && redis !== 'failed', checks: { database, redis } };
  }

  async close() {
    this.redis?.disconnect();
    this.redis = null;
  }

  /** The driver's message goes to the log only: it may name hosts, users or paths. */
  private async run(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
    try {
      await withTimeout(check(), this.timeoutMs);
      return 'ok';
    } catch (err) {
      this.log.warn({ check: name, err: err instanceof Error ? err.message : String(err) }, 'readiness check failed');
      return 'failed';
    }
  }

  private async pingRedis() {
    if (!this.redis) {
      const { Redis } = await import('ioredis');
      this.redis = new Redis(this.redisUrl!, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: this.timeoutMs,
        retryStrategy: reconnectDelay,
      });
      // Failures are reported by the checks; the connection keeps retrying on its own.
      this.redis.on('error', () => undefined);
    }
    if (this.redis.status === 'wait') await this.redis.connect();
    return this.redis.ping();
  }
}
