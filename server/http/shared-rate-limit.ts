import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { reconnectDelay } from '../lib/redis-clients.js';

type Counted = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface RateStore {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
  read(key: string, cb: Counted, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): RateStore;
}
interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string; url?: string };
}
type LocalStoreClass = new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => RateStore;
type RedisStoreClass = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key: string) => RateStore;

// The plugin's own stores, so counting is exactly what it does on its own; they are not in its exports.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;

/** A rate check waits no longer than this on Redis before counting in this process instead. */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The `store` for @fastify/rate-limit when REDIS_URL is set: every process counts each key (a token,
 * an address on a sign-in route) in Redis, so two processes behind a proxy grant a token its limit
 * once, not once each. Keys start with the installation's name (JOB_QUEUE), as its queue does. While
 * Redis is away the count goes on in this process, so limits still hold per process and no request
 * waits on or fails for Redis.
 */
export function sharedRateLimitStore(redisUrl: string, installation: string, log: FastifyBaseLogger) {
  const prefix = `${installation}:rate-limit:`;
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
  });
  let away = false;
  redis.on('error', (err: Error) => {
    if (!away) log.warn({ err: err.message }, 'rate limits counted per process until Redis is back');
    away = true;
  });
  redis.on('ready', () => (away = false));

  class SharedRateLimitStore implements RateStore {
    private local: RateStore;
    private shared: RateStore;

    constructor(params: RouteParams, private key = prefix) {
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
      this.shared = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, key);
    }

    incr(key: string, cb: Counted, timeWindow: number, max: number) {
      this.count('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Counted, timeWindow: number, max: number) {
      this.count('read', key, cb, timeWindow, max);
    }

    /** The plugin passes a route's merged options, with `routeInfo`, though its types say otherwise. */
    child(options: object) {
      const routeOptions = options as RouteParams;
      const route = routeOptions.routeInfo?.url ? `${routeOptions.routeInfo.method} ${routeOptions.routeInfo.url}:` : '';
      return new SharedRateLimitStore(routeOptions, `${this.key}${route}`);
    }

    private count(method: 'incr' | 'read', key: string, cb: Counted, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max);
      this.shared[method](key, (err, res) => (err ? this.local[method](key, cb, timeWindow, max) : cb(null, res)), timeWindow, max);
    }
  }

  return { Store: SharedRateLimitStore, close: () => redis.disconnect() };
}
