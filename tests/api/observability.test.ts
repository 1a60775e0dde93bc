import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { DATABASES, ownerWithCompany, startTestServer, type TestServer } from './harness.js';
import { ownRedis } from './redis.js';
import { freePort } from './server-process.js';
import { until } from './until.js';

const API = '/api/v1';
const METRICS_TOKEN = 'metrics-token-for-the-observability-test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every log line the server writes, as written and parsed. */
function captureLog() {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const write = (line: string) => {
    raw.push(line);
    lines.push(JSON.parse(line));
  };
  return { raw, lines, stream: { write } };
}

/** The value of one sample line of the Prometheus text, 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (s: TestServer) => {
  const res = await s.call('GET', `${API}/metrics`, { token: METRICS_TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.body as string;
};

for (const database of DATABASES) {
  describe(`request ids and metrics [${database.name}]`, () => {
    const log = captureLog();
    let s: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      s = await startTestServer(database.url, { metricsToken: METRICS_TOKEN }, { logStream: log.stream });
    });
    afterAll(async () => {
      await s?.stop();
    });

    it('answers a new id when none is sent, keeps a safe incoming one and replaces an unsafe one', async () => {
      const first = await s.call('GET', `${API}/health`);
      const second = await s.call('GET', `${API}/health`);
      expect(first.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);

      const kept = await s.call('GET', `${API}/health`, { headers: { 'x-request-id': 'proxy-7f3a.b_1:2' } });
      expect(kept.headers['x-request-id']).toBe('proxy-7f3a.b_1:2');

      for (const unsafe of ['has spaces in it', '<script>', 'x'.repeat(65), 'a"b', '']) {
        const res = await s.call('GET', `${API}/health`, { headers: { 'x-request-id': unsafe } });
        expect(res.headers['x-request-id'], unsafe).toMatch(UUID);
      }
    });

    it('sends the id back on errors too: an unknown route, a bad body, malformed JSON, no session', async () => {
      const headers = { 'x-request-id': 'err-check-1' };
      expect(await s.call('GET', `${API}/no-such-route/42`, { headers })).toMatchObject({ status: 404, headers: { 'x-request-id': 'err-check-1' } });
      expect(await s.call('GET', '/not-the-api', { headers })).toMatchObject({ status: 404, headers: { 'x-request-id': 'err-check-1' } });
      expect(await s.call('POST', `${API}/users/login`, { headers, body: { email: 'not an address' } })).toMatchObject({ status: 400, headers: { 'x-request-id': 'err-check-1' } });
      const malformed = await s.app.inject({ method: 'POST', url: `${API}/users/login`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"email":' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.headers['x-request-id']).toBe('err-check-1');
      expect(await s.call('GET', `${API}/companies`, { headers })).toMatchObject({ status: 401, headers: { 'x-request-id': 'err-check-1' } });
      // Raised before routing (Fastify's frameworkErrors): the error handler sets it.
      expect(await s.call('GET', `${API}/companies/%E0%A4%A`, { headers })).toMatchObject({ status: 400, headers: { 'x-request-id': 'err-check-1' } });
    });

    it('writes the id into every log line of the request', async () => {
      const before = log.lines.length;
      await s.call('GET', `${API}/no-such-route`, { headers: { 'x-request-id': 'log-line-check' } });
      const res = await s.call('POST', `${API}/users/login`, { body: { email: 'nobody@example.com', password: 'wrong-password' } });
      expect(res.status).toBe(401);
      const generated = res.headers['x-request-id'];
      const lines = log.lines.slice(before).filter((l) => l.req || l.res || l.reqId);
      // Fastify's "incoming request" and "request completed" lines, at least, for each of the two.
      expect(lines.filter((l) => l.reqId === 'log-line-check').length).toBeGreaterThanOrEqual(2);
      expect(lines.filter((l) => l.reqId === generated).length).toBeGreaterThanOrEqual(2);
      expect(lines.every((l) => l.reqId === 'log-line-check' || l.reqId === generated)).toBe(true);
    });

    it("puts the id on what the services log during the request, not only on Fastify's own lines", async () => {
      const owner = await ownerWithCompany(s, 'Mail Log Co');
      const before = log.lines.length;
      const res = await s.call('POST', `${API}/users/forgot-password`, { body: { email: owner.email }, headers: { 'x-request-id': 'mail-line-check' } });
      expect(res.status).toBe(200);
      const kept = log.lines.slice(before).filter((l) => l.msg === 'mail kept in outbox (SMTP_URL not set)');
      expect(kept).toHaveLength(1);
      expect(kept[0]!.reqId).toBe('mail-line-check');
      // Fastify's request logger binds reqId itself: the mixin does not write it into its lines a second time.
      const ours = log.raw.slice(before).filter((l) => l.includes('mail-line-check'));
      expect(ours.length).toBeGreaterThanOrEqual(3);
      for (const line of ours) expect(line.match(/"reqId"/g)).toHaveLength(1);
    });

    it('answers GET /health/ready with each check, and keeps GET /health as liveness', async () => {
      const res = await s.call('GET', `${API}/health/ready`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured' } });
      expect((await s.call('GET', `${API}/health`)).body).toMatchObject({ status: 'ok', db: database.name, maxUploadMb: 25 });
    });

    it('asks for the metrics token: 401 without it or with a wrong one', async () => {
      const none = await s.call('GET', `${API}/metrics`);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect((await s.call('GET', `${API}/metrics`, { token: `${METRICS_TOKEN}x` })).status).toBe(401);
      expect((await s.call('GET', `${API}/metrics`, { token: METRICS_TOKEN.slice(1) })).status).toBe(401);
    });

    it('counts requests by route pattern with their durations, and shows the job queue, sockets and pool', async () => {
      const owner = await ownerWithCompany(s, 'Metrics Co');
      const series = `{method="GET",route="${API}/companies/:id"`;
      const before = await scrape(s);
      for (let i = 0; i < 3; i++) expect((await s.call('GET', `${API}/companies/${owner.company.id}`, { token: owner.token })).status).toBe(200);
      await s.call('GET', `${API}/no-such-route/${owner.company.id}`);
      await s.services.jobs.enqueue('observability.later', {}, { delayMs: 3_600_000 });
      const after = await scrape(s);

      expect(sample(after, `fieldwork_http_requests_total${series},status="2xx"}`) - sample(before, `fieldwork_http_requests_total${series},status="2xx"}`)).toBe(3);
      expect(sample(after, `fieldwork_http_request_duration_seconds_count${series}}`) - sample(before, `fieldwork_http_request_duration_seconds_count${series}}`)).toBe(3);
      expect(sample(after, `fieldwork_http_request_duration_seconds_bucket${series},le="+Inf"}`)).toBe(sample(after, `fieldwork_http_request_duration_seconds_count${series}}`));
      expect(after).toContain('# TYPE fieldwork_http_request_duration_seconds histogram');
      expect(sample(after, 'fieldwork_http_requests_total{method="GET",route="unmatched",status="4xx"}')).toBeGreaterThanOrEqual(1);
      // The raw URL never becomes a label: one series per route, and ids stay out.
      expect(after).not.toContain(`/companies/${owner.company.id}"`);
      expect(after).not.toContain('no-such-route');

      expect(sample(after, 'fieldwork_jobs{status="queued"}') - sample(before, 'fieldwork_jobs{status="queued"}')).toBe(1);
      expect(after).toMatch(/^fieldwork_jobs\{status="failed"\} \d+$/m);
      expect(sample(after, 'fieldwork_sockets')).toBe(0);
      expect(sample(after, 'fieldwork_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(after).toMatch(/^fieldwork_db_pool_waiting \d+$/m);
    });
  });
}

describe('METRICS_TOKEN', () => {
  it('stops the start when it is short enough to guess or holds spaces', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-config-'));
    try {
      const load = (token: string) => loadConfig({ AUTH_SECRET: 'x'.repeat(32), METRICS_TOKEN: token }, { dataDir }).metricsToken;
      expect(() => load('too-short-to-be-safe')).toThrow(/METRICS_TOKEN must be at least 24 characters/);
      expect(() => load('long enough but has spaces in it')).toThrow(/METRICS_TOKEN/);
      expect(load(METRICS_TOKEN)).toBe(METRICS_TOKEN);
      expect(load('')).toBeNull();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

for (const database of DATABASES) {
  describe(`readiness with Redis [${database.name}]`, () => {
    let dir: string;
    let redis: ReturnType<typeof ownRedis>;
    let s: Awaited<ReturnType<typeof startTestServer>> | undefined;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-redis-'));
      redis = ownRedis(await freePort(), dir);
      await redis.start();
      // No BullMQ worker: BullMQ 6.7's Worker.close() did not finish when called moments after its Redis came back, and jobs are not what this tests.
      s = await startTestServer(database.url, { redisUrl: redis.url, runJobs: false });
    });
    afterAll(async () => {
      try {
        // Redis comes back first, so the server's clients close cleanly.
        await redis?.start();
        await s?.stop();
      } finally {
        await redis?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('is ready while Redis answers, names Redis when it stops, and is ready again when it is back', async () => {
      const ready = await s!.call('GET', `${API}/health/ready`);
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } } });

      await redis.stop();
      const down = await until('readiness to fail', async () => {
        const res = await s!.call('GET', `${API}/health/ready`);
        return res.status === 503 ? res : null;
      });
      expect(down.body).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'failed' } });
      // Liveness does not depend on Redis: a proxy must not restart the process for it.
      expect((await s!.call('GET', `${API}/health`)).status).toBe(200);

      await redis.start();
      await until('readiness to come back', async () => ((await s!.call('GET', `${API}/health/ready`)).status === 200 ? true : null));
    });

    it('has no metrics endpoint without METRICS_TOKEN', async () => {
      const res = await s!.call('GET', `${API}/metrics`, { token: 'anything-at-all' });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });
}
