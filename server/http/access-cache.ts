import type { FastifyBaseLogger } from 'fastify';

/** Tables whose rows decide who a session is and what it may do: a write to any of them clears the cache. */
export const ACCESS_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'memberships',
  'roles',
  'companies',
  'crews',
  'crew_members',
  'user_views',
]);

const CHANNEL = 'fieldwork:access-cache:clear';

interface Entry {
  value: unknown;
  expires: number;
}

/**
 * A short-lived cache of what each request needs to know about its caller (session, user,
 * memberships, roles), so an authenticated call costs no query for it. Any write to ACCESS_TABLES
 * clears it in this process and, over Redis pub/sub when REDIS_URL is set, in every other one; the
 * time-to-live bounds staleness should a message be lost.
 */
export class AccessCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every clear: a value loaded across a clear may be stale and is not kept. */
  private generation = 0;
  private publish: (() => void) | null = null;
  private publishQueued = false;

  constructor(
    private ttlMs = 5000,
    private maxEntries = 10_000,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.ttlMs > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
    return value;
  }

  /** Clears here and tells the other processes (at most one message per tick, however many writes). */
  invalidate(): void {
    this.clearLocal();
    if (!this.publish || this.publishQueued) return;
    this.publishQueued = true;
    setImmediate(() => {
      this.publishQueued = false;
      this.publish?.();
    });
  }

  clearLocal(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Shares clears with the other server processes through Redis; answers a function that disconnects. */
  async shareThroughRedis(redisUrl: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const { Redis } = await import('ioredis');
    const options = { maxRetriesPerRequest: null, lazyConnect: false } as const;
    const publisher = new Redis(redisUrl, options);
    const subscriber = new Redis(redisUrl, options);
    const self = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    for (const client of [publisher, subscriber]) client.on('error', (err) => log.warn({ err: err.message }, 'access cache: Redis error'));
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel, from) => {
      if (from !== self) this.clearLocal();
    });
    this.publish = () => void publisher.publish(CHANNEL, self).catch(() => undefined);
    return async () => {
      this.publish = null;
      subscriber.disconnect();
      publisher.disconnect();
    };
  }
}
