import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { companyData, DATABASES, freshSchema } from './harness.js';
import { REDIS_URL, redisReachable } from './redis.js';
import { startProcess, stopProcess, type ServerProcess } from './server-process.js';
import { startReceiver } from './webhook-receiver.js';

async function api(base: string, method: string, route: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${route}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const EVENTS = 20;

for (const database of DATABASES) {
  for (const driver of ['bullmq', 'jobs table'] as const) {
    describe(`webhooks across two server processes, jobs on ${driver} [${database.name}]`, () => {
      let a: ServerProcess | undefined;
      let b: ServerProcess | undefined;
      let dataDir: string;
      let schema: Awaited<ReturnType<typeof freshSchema>> | null = null;
      let receiver: Awaited<ReturnType<typeof startReceiver>>;

      beforeAll(async () => {
        if (driver === 'bullmq') expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
        receiver = await startReceiver();
        dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-hooks-'));
        schema = database.url ? await freshSchema(database.url) : null;
        const env = {
          DATA_DIR: dataDir,
          ...(schema ? { DATABASE_URL: schema.url } : {}),
          ...(driver === 'bullmq' ? { REDIS_URL, JOB_QUEUE: `test-hooks-${path.basename(dataDir)}` } : {}),
          AUTH_SECRET: 'two-process-secret-two-process-secret',
          CLIENT_DIR: path.join(dataDir, 'no-client'),
          AUTH_RATE_LIMIT: '1000',
          WEBHOOK_ALLOW_PRIVATE: 'true',
        };
        // One after the other: the first migrates the shared database (and writes the shared field key).
        a = await startProcess(env);
        b = await startProcess(env);
      }, 150_000);

      afterAll(async () => {
        await Promise.all([stopProcess(a), stopProcess(b)]);
        await receiver?.close();
        await schema?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }, 30_000);

      it('every delivery queued through either process arrives exactly once, signed', async () => {
        const registered = await api(a!.url, 'POST', '/users', { body: { name: 'Two Hooks', phone: '+1 555 123 4567', email: `hooks.${Date.now()}@example.com`, password: 'secret123' } });
        expect(registered.status).toBe(201);
        const token = registered.body.token as string;
        const company = await api(a!.url, 'POST', '/companies', { token, body: companyData({ name: 'Two Hooks Paving' }) });
        expect(company.status).toBe(201);
        const hook = await api(b!.url, 'POST', `/companies/${company.body.id}/webhooks`, { token, body: { url: receiver.url, events: ['production.approved'] } });
        expect(hook.status, JSON.stringify(hook.body)).toBe(201);
        const queued: number[] = [];
        for (let i = 0; i < EVENTS; i++) {
          // Two processes on one SQLite file may find it busy: 503 with nothing done, to be sent again as its Retry-After says.
          let res = await api(i % 2 ? a!.url : b!.url, 'POST', `/companies/${company.body.id}/webhooks/${hook.body.id}/ping`, { token });
          for (let retry = 0; res.status === 503 && retry < 5; retry++) {
            await new Promise((r) => setTimeout(r, 500));
            res = await api(i % 2 ? a!.url : b!.url, 'POST', `/companies/${company.body.id}/webhooks/${hook.body.id}/ping`, { token });
          }
          expect(res.status).toBe(202);
          queued.push(res.body.id);
        }
        for (let i = 0; i < 300 && receiver.received.length < EVENTS; i++) await new Promise((r) => setTimeout(r, 100));
        // Time for a duplicate to show up, had there been one.
        await new Promise((r) => setTimeout(r, 2500));
        const ids = receiver.received.map((r) => Number(r.headers['fieldwork-delivery']));
        expect(ids.sort((x, y) => x - y)).toEqual(queued.sort((x, y) => x - y));
        for (const r of receiver.received) expect(verifySignature(hook.body.secret, r.body, r.headers['fieldwork-signature'] as string)).toBe(true);
        const list = await api(a!.url, 'GET', `/companies/${company.body.id}/webhooks/${hook.body.id}/deliveries?pageSize=100`, { token });
        expect(list.body.items.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual(Array(EVENTS).fill(['succeeded', 1]));
      }, 90_000);
    });
  }
}
