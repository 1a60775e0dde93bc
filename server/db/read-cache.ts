import type { FastifyBaseLogger } from 'fastify';
import { closeRedisClient, reconnectDelay, reportFailedCommands } from '../lib/redis-clients.js';
import { trackReads } from './table-watch.js';

const CHANNEL = 'fieldwork:read-cache:written';

interface Entry {
  value: unknown;
  expires: number;
  tables: Set<string>;
  size: number;
}

export interface ReadCacheOptions {
  ttlMs?: number;
  /** The budget of all entries' sizes (a value's `size` when the caller gives one, else 1 KB). */
  maxBytes?: number;
}

/**
 * A short-lived cache of what the database answered: each value remembers the tables its load read
 * (`trackReads`), and a write to any of them drops it, in this process and, over Redis pub/sub when
 * REDIS_URL is set, in every other one. The time-to-live bounds staleness should a message be lost
 * or a row change outside the server. Holds what each request knows of its caller (session,
 * memberships, roles) and the answers of list routes that declare `cache`.
 *
 * Tables that triggers keep (list_totals, the trigram indexes) are only ever read together with the
 * table whose writes fire those triggers, so the source table's write drops the entry.
 */
export class ReadCache {
  private entries = new Map<string, Entry>();
  private byTable = new Map<string, Set<string>>();
  private bytes = 0;
  /** Counts drops; `droppedAt` holds, per table, the count at its latest drop. */
  private drops = 0;
  private droppedAt = new Map<string, number>();
  private publish: ((tables: string[]) => void) | null = null;
  /**
   * Sharing through Redis, but not subscribed right now (Redis down, or not reached yet): another
   * process's writes would go unheard, so nothing is answered from the cache or kept in it.
   */
  private deaf = false;
  private pending = new Set<string>();
  /** Loads under way by key, with the drop count when each began. */
  private loading = new Map<string, { value: Promise<unknown>; startedAt: number }>();
  private readonly ttlMs: number;
  private readonly maxBytes: number;

  constructor({ ttlMs = 5000, maxBytes = 64 * 1024 * 1024 }: ReadCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxBytes = maxBytes;
  }

  /**
   * `alsoReads` names tables the value depends on that its load does not query, such as the caller's
   * own row handed to it from another cached entry.
   */
  async get<T>(key: string, load: () => Promise<T>, opts: { sizeOf?: (value: T) => number; alsoReads?: readonly string[] } = {}): Promise<T> {
    if (this.deaf) return load();
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as T;
    if (hit) this.remove(key);
    // Fifty guests of one public dashboard miss together when its figures expire: they share one
    // load, but only while nothing was written since it began (it may have read the rows before).
    const running = this.loading.get(key);
    if (running && running.startedAt === this.drops) return running.value as Promise<T>;
    const startedAt = this.drops;
    const value = this.load(key, load, opts, startedAt, now);
    this.loading.set(key, { value, startedAt });
    try {
      return await value;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  private async load<T>(key: string, load: () => Promise<T>, opts: { sizeOf?: (value: T) => number; alsoReads?: readonly string[] }, startedAt: number, now: number): Promise<T> {
    const { value, tables } = await trackReads(load);
    for (const t of opts.alsoReads ?? []) tables.add(t);
    // A value loaded while one of its tables was written may hold the old rows: answered, not kept.
    const stale = [...tables].some((t) => (this.droppedAt.get(t) ?? 0) > startedAt);
    if (!stale && !this.deaf && this.ttlMs > 0) this.keep(key, { value, expires: now + this.ttlMs, tables, size: opts.sizeOf?.(value) ?? 1024 });
    return value;
  }

  /** Drops what was read from these tables, here and (at most one message per tick) in the other processes. */
  written(tables: readonly string[]): void {
    this.dropLocal(tables);
    if (!this.publish) return;
    const first = this.pending.size === 0;
    for (const t of tables) this.pending.add(t);
    if (!first) return;
    setImmediate(() => {
      const all = [...this.pending];
      this.pending.clear();
      this.publish?.(all);
    });
  }

  dropLocal(tables: readonly string[]): void {
    const drop = ++this.drops;
    for (const table of tables) {
      this.droppedAt.set(table, drop);
      const keys = this.byTable.get(table);
      if (keys) for (const key of [...keys]) this.remove(key);
    }
  }

  private keep(key: string, entry: Entry) {
    if (entry.size > this.maxBytes) return;
    this.remove(key);
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of this.entries.keys()) {
      if (this.bytes + entry.size <= this.maxBytes) break;
      this.remove(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const t of entry.tables) {
      let keys = this.byTable.get(t);
      if (!keys) this.byTable.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const t of entry.tables) {
      const keys = this.byTable.get(t);
      keys?.delete(key);
      if (keys?.size === 0) this.byTable.delete(t);
    }
  }

  /** Forgets every entry: drops may have been missed. */
  private dropAll() {
    ++this.drops;
    for (const table of this.byTable.keys()) this.droppedAt.set(table, this.drops);
    for (const key of [...this.entries.keys()]) this.remove(key);
  }

  /**
   * Shares drops with the other server processes through Redis; answers a function that disconnects.
   * Does not wait for Redis: while it is away (or not reached yet at start) the cache is bypassed,
   * since the other processes' drops cannot arrive, and once subscribed again it starts empty. Drops
   * of this process's writes made meanwhile are sent, in one message, once the publisher is back.
   */
  async shareThroughRedis(redisUrl: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    const { Redis } = await import('ioredis');
    // No offline queue: a publish while Redis is away fails at once and its tables wait in `unsent`.
    const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: reconnectDelay });
    const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
    const self = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    for (const client of [publisher, subscriber]) client.on('error', (err) => log.warn({ err: err.message }, 'read cache: Redis error'));
    // The publisher's failures are handled where it publishes; the subscriber re-subscribes by itself.
    reportFailedCommands(subscriber, (err) => log.warn({ err: err.message }, 'read cache: a Redis command failed'));
    this.deaf = true;
    this.dropAll();
    // Served from again once the subscription is confirmed, so no drop published after that is missed.
    subscriber.on('ready', () => {
      subscriber.subscribe(CHANNEL).then(
        () => {
          this.dropAll();
          this.deaf = false;
        },
        (err: Error) => log.warn({ err: err.message }, 'read cache: could not subscribe'),
      );
    });
    subscriber.on('close', () => {
      if (!this.deaf) log.warn('read cache: Redis connection lost; the cache is bypassed until it is back');
      this.deaf = true;
      this.dropAll();
    });
    subscriber.on('message', (_channel, message: string) => {
      const [from, tables] = message.split(' ');
      if (from !== self && tables) this.dropLocal(tables.split(','));
    });
    const unsent = new Set<string>();
    const send = (tables: string[]) => {
      if (!tables.length) return;
      publisher.publish(CHANNEL, `${self} ${tables.join(',')}`).catch(() => {
        for (const t of tables) unsent.add(t);
      });
    };
    publisher.on('ready', () => {
      const tables = [...unsent];
      unsent.clear();
      send(tables);
    });
    this.publish = send;
    return async () => {
      this.publish = null;
      this.deaf = false;
      // The publisher quits, so drops of this process's last writes still reach the others.
      await Promise.all([closeRedisClient(publisher), closeRedisClient(subscriber)]);
    };
  }
}
