import { DATABASES, ownerWithCompany, registerUser, startTestServer } from './harness.js';
import { invitee } from './members-helpers.js';
import { REDIS_URL, redisReachable } from './redis.js';
import { until } from './until.js';

const API = '/api/v1';
/** Two server processes' worth of app on one database: what one changes, the other must see at once. */
async function twoServers(url: string | null, redisUrl: string | null) {
  const first = await startTestServer(url, { redisUrl });
  const second = await startTestServer(url, { redisUrl, dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
  return { first, second, stop: async () => (await second.stop(), await first.stop()) };
}

for (const database of DATABASES) {
  describe(`read cache across server processes [${database.name}]`, () => {
    it('a logout on one server ends the session on the other at once when they share Redis', async () => {
      expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
      const { first, second, stop } = await twoServers(database.url, REDIS_URL);
      try {
        const user = await registerUser(first);
        expect((await second.call('GET', `${API}/users/me`, { token: user.token })).status).toBe(200);
        await first.call('GET', `${API}/users/logout`, { token: user.token });
        const status = async () => (await second.call('GET', `${API}/users/me`, { token: user.token })).status;
        await until('the other server to refuse the session', async () => (await status()) === 401, 1000, 20);
      } finally {
        await stop();
      }
    });

    it("a member invited through one server shows in the other's cached members page at once when they share Redis", async () => {
      const { first, second, stop } = await twoServers(database.url, REDIS_URL);
      try {
        const owner = await ownerWithCompany(first, 'Shared Paving');
        const url = `${API}/companies/${owner.company.id}/memberships?_start=0&_end=50`;
        const total = async () => Number((await second.call('GET', url, { token: owner.token })).headers['x-total-count']);
        expect(await total()).toBe(1);
        const invited = await first.call('POST', `${API}/companies/${owner.company.id}/memberships`, { token: owner.token, body: await invitee(first, owner.company.id) });
        expect(invited.status).toBe(201);
        await until('the other server to count the invited member', async () => (await total()) === 2, 1000, 20);
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
