import { DATABASES, registerUser, startTestServer } from './harness.js';
import { REDIS_URL, redisReachable } from './redis.js';

const API = '/api/v1';
/** Two server processes' worth of app on one database: what one changes, the other must see at once. */
async function twoServers(url: string | null, redisUrl: string | null) {
  const first = await startTestServer(url, { redisUrl });
  const second = await startTestServer(url, { redisUrl, dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
  return { first, second, stop: async () => (await second.stop(), await first.stop()) };
}

async function statusWithin(ms: number, probe: () => Promise<number>, wanted: number) {
  const until = Date.now() + ms;
  let status = await probe();
  while (status !== wanted && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    status = await probe();
  }
  return status;
}

for (const database of DATABASES) {
  describe(`access cache across server processes [${database.name}]`, () => {
    it('a logout on one server ends the session on the other at once when they share Redis', async () => {
      expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
      const { first, second, stop } = await twoServers(database.url, REDIS_URL);
      try {
        const user = await registerUser(first);
        expect((await second.call('GET', `${API}/users/me`, { token: user.token })).status).toBe(200);
        await first.call('GET', `${API}/users/logout`, { token: user.token });
        const probe = async () => (await second.call('GET', `${API}/users/me`, { token: user.token })).status;
        expect(await statusWithin(1000, probe, 401)).toBe(401);
      } finally {
        await stop();
      }
    });

    it('without Redis the other server may answer from its cache until the entry lapses', async () => {
      const { first, second, stop } = await twoServers(database.url, null);
      try {
        const user = await registerUser(first);
        expect((await second.call('GET', `${API}/users/me`, { token: user.token })).status).toBe(200);
        await first.call('GET', `${API}/users/logout`, { token: user.token });
        // Proves the cache is what the Redis test exercises: this server has not heard of the logout.
        expect((await second.call('GET', `${API}/users/me`, { token: user.token })).status).toBe(200);
      } finally {
        await stop();
      }
    });
  });
}
