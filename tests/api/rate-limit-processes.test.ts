import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiTokenCreated } from '../../resources/api-token.js';
import type { Config } from '../../server/config.js';
import { DATABASES, ownerWithCompany, startTestServer, type TestServer } from './harness.js';
import { REDIS_URL, ownRedis, redisReachable, redisServerFound } from './redis.js';
import { freePort } from './server-process.js';

const API = '/api/v1';

/** Two server processes' worth of app on one database and one Redis, as behind a proxy. */
async function twoServers(url: string | null, overrides: Partial<Config>) {
  const first = await startTestServer(url, overrides);
  const second = await startTestServer(url, { ...overrides, dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl, jobQueueName: first.config.jobQueueName });
  return { first, second, stop: async () => (await second.stop(), await first.stop()) };
}

async function projectsToken(s: TestServer) {
  const owner = await ownerWithCompany(s, 'Limit Paving');
  const res = await s.call('POST', `${API}/companies/${owner.company.id}/api-tokens`, { token: owner.token, body: { name: 'Sync', permissions: [{ resourceType: 'projects', action: 'view' }] } });
  expect(res.status).toBe(201);
  return (res.body as ApiTokenCreated).secret;
}

for (const database of DATABASES) {
  describe(`rate limits across server processes [${database.name}]`, () => {
    it("counts an API token's calls once over every process sharing Redis, and a sign-in address's too", async () => {
      expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
      const { first, second, stop } = await twoServers(database.url, { redisUrl: REDIS_URL, runJobs: false, apiTokenRateLimit: 4, authRateLimit: 3 });
      try {
        const secret = await projectsToken(first);
        const statuses: number[] = [];
        for (const s of [first, second, first, second, first, second]) statuses.push((await s.call('GET', `${API}/projects`, { token: secret })).status);
        expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

        const logins: number[] = [];
        for (const s of [first, second, first, second]) {
          logins.push((await s.call('POST', `${API}/users/login`, { body: { email: 'nobody@example.com', password: 'wrong-password' } })).status);
        }
        expect(logins).toEqual([401, 401, 401, 429]);
      } finally {
        await stop();
      }
    });

    it('keeps each process to its own limit without Redis', async () => {
      const { first, second, stop } = await twoServers(database.url, { apiTokenRateLimit: 2 });
      try {
        const secret = await projectsToken(first);
        const statuses: number[] = [];
        for (const s of [first, second, first, second, first]) statuses.push((await s.call('GET', `${API}/projects`, { token: secret })).status);
        // Shows the shared count above is Redis's: here each process grants the token its limit.
        expect(statuses).toEqual([200, 200, 200, 200, 429]);
      } finally {
        await stop();
      }
    });
  });
}

describe('rate limits while Redis is away', () => {
  it('still answers and still limits, counting in the process, and counts in Redis again once it is back', async () => {
    expect(redisServerFound(), 'redis-server must be on PATH: this test runs (and stops) a Redis of its own').toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-rate-'));
    const redis = ownRedis(await freePort(), dir);
    await redis.start();
    const s = await startTestServer(null, { redisUrl: redis.url, runJobs: false, apiTokenRateLimit: 3 });
    try {
      const secret = await projectsToken(s);
      const call = async () => {
        const started = Date.now();
        const res = await s.call('GET', `${API}/projects`, { token: secret });
        return { status: res.status, ms: Date.now() - started };
      };
      expect((await call()).status).toBe(200);

      await redis.stop();
      const away = [await call(), await call(), await call(), await call()];
      // The first count in the process starts afresh: what Redis held is out of reach.
      expect(away.map((c) => c.status)).toEqual([200, 200, 200, 429]);
      expect(Math.max(...away.map((c) => c.ms))).toBeLessThan(1000);

      await redis.start();
      // The new Redis is empty: once the server is back on it, the token starts a new count there.
      const deadline = Date.now() + 10_000;
      let status = (await call()).status;
      while (status === 429 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await call()).status;
      }
      expect(status).toBe(200);
    } finally {
      await redis.start();
      await s.stop();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
