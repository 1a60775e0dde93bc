import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { closeRedisClient, reportFailedCommands } from '../../server/lib/redis-clients.js';
import { DATABASES, startTestServer } from './harness.js';
import { REDIS_URL, ownRedis, redisReachable } from './redis.js';
import { freePort } from './server-process.js';
import { until } from './until.js';

/** Rejections are reported after the microtasks that could still have handled them. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 20));
};

/**
 * Issue 22: a server stopped (SIGTERM in production) while its Redis is away. Its Redis clients hold
 * the commands they could not send yet (the socket adapter's unsubscribes on close, its publishes) and
 * reject them as they close: none of them may be an unhandled rejection, which in Node ends the
 * process with an error (and failed a CI run of the suite, attributed to whichever test file ran then).
 */
const database = DATABASES[0]!;

describe(`a server stopped while its Redis is away [${database.name}]`, () => {
  const unhandled: unknown[] = [];
  const record = (err: unknown) => unhandled.push(err);
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-redis-'));
    process.on('unhandledRejection', record);
  });
  afterAll(() => {
    process.off('unhandledRejection', record);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const when of ['while Redis is away', 'just as Redis comes back'] as const) {
    it(`closes its Redis clients without an unhandled rejection, stopped ${when}`, async () => {
      const redis = ownRedis(await freePort(), dir);
      await redis.start();
      const s = await startTestServer(database.url, { redisUrl: redis.url, runJobs: false });
      let stopped = false;
      try {
        await until('readiness with Redis', async () => ((await s.call('GET', '/api/v1/health/ready')).status === 200 ? true : null));
        await redis.stop();
        await until('readiness to see Redis gone', async () => ((await s.call('GET', '/api/v1/health/ready')).status === 503 ? true : null));
        if (when === 'just as Redis comes back') await redis.start();
        const stopping = Date.now();
        await s.stop();
        stopped = true;
        expect(Date.now() - stopping).toBeLessThan(5_000);
        await settle();
        expect(unhandled.map((err) => (err instanceof Error ? err.message : String(err)))).toEqual([]);
      } finally {
        if (!stopped) await s.stop();
        await redis.stop();
      }
    });
  }
});

describe("the server's Redis clients", () => {
  const unhandled: unknown[] = [];
  const record = (err: unknown) => unhandled.push(err);
  beforeAll(async () => {
    expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
    process.on('unhandledRejection', record);
  });
  afterAll(() => process.off('unhandledRejection', record));
  beforeEach(() => (unhandled.length = 0));

  it('report a command nobody waits on that fails as its client closes, instead of leaving it unhandled', async () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    const failures: string[] = [];
    reportFailedCommands(client, (err) => failures.push(err.message));
    try {
      await client.ping();
      // Sent and left, as the socket adapter leaves its publishes; still unanswered when the client closes.
      void client.blpop(`fieldwork-test-empty-${process.pid}-${Date.now()}`, 0);
      await closeRedisClient(client);
      await settle();
      expect(failures).toContain('Connection is closed.');
      expect(unhandled).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('close within their grace when Redis does not answer their QUIT, failing what was still waiting', async () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    try {
      await client.ping();
      // Redis answers a connection's commands in order: a QUIT behind a blocked BLPOP is never answered.
      const blocked = client.blpop(`fieldwork-test-empty-${process.pid}-${Date.now()}`, 0);
      const closing = Date.now();
      await closeRedisClient(client);
      expect(Date.now() - closing).toBeLessThan(3_000);
      await expect(blocked).rejects.toThrow('Connection is closed.');
      expect(client.status).toBe('end');
    } finally {
      client.disconnect();
    }
  });
});
