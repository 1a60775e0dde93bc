import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { liveChannel, SOCKET_EVENTS, type LiveEvent } from '../../resources/realtime.js';
import { openDatabase } from '../../server/db/index.js';
import { MAIL_JOB } from '../../server/lib/mail.js';
import { companyData, DATABASES, freshSchema } from './harness.js';
import { closeSockets, collect, connectSocket, eventually } from './realtime-helpers.js';
import { REDIS_URL, redisReachable } from './redis.js';
import { startProcess, stopProcess, type ServerProcess } from './server-process.js';
import { decodeQuotedPrintable, startSink } from './smtp-sink.js';

async function api(base: string, method: string, route: string, opts: { token?: string; body?: unknown; companyId?: number } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.companyId) headers['x-company-id'] = String(opts.companyId);
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api/v1${route}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

for (const database of DATABASES) {
  describe(`real-time across two server processes over Redis [${database.name}]`, () => {
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let dataDir: string;
    let schema: Awaited<ReturnType<typeof freshSchema>> | null = null;
    let sink: Awaited<ReturnType<typeof startSink>>;

    beforeAll(async () => {
      sink = await startSink();
      expect(await redisReachable(), `Redis must be reachable at ${REDIS_URL} (REDIS_TEST_URL)`).toBe(true);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'fieldwork-two-'));
      schema = database.url ? await freshSchema(database.url) : null;
      const env = {
        DATA_DIR: dataDir,
        ...(schema ? { DATABASE_URL: schema.url } : {}),
        REDIS_URL,
        JOB_QUEUE: `test-two-${path.basename(dataDir)}`,
        AUTH_SECRET: 'two-process-secret-two-process-secret',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
        AUTH_RATE_LIMIT: '1000',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      };
      // One after the other: the first migrates the shared database.
      a = await startProcess(env);
      b = await startProcess(env);
    }, 150_000);

    afterAll(async () => {
      closeSockets();
      await Promise.all([stopProcess(a), stopProcess(b)]);
      await sink?.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }, 30_000);

    it("a change made through process A reaches a socket held by process B, and a logout through A closes B's socket", async () => {
      const email = `two.${Date.now()}@example.com`;
      const registered = await api(a!.url, 'POST', '/users', { body: { name: 'Two Processes', phone: '+1 555 123 4567', email, password: 'secret123' } });
      expect(registered.status).toBe(201);
      const token = registered.body.token as string;
      const company = await api(a!.url, 'POST', '/companies', { token, body: companyData({ name: 'Two Process Paving' }) });
      expect(company.status).toBe(201);
      const companyId = company.body.id as number;
      const login = await api(a!.url, 'POST', '/users/login', { body: { email, password: 'secret123' } });
      expect(login.status).toBe(200);

      const onB = await connectSocket(b!.url, { token: login.body.token, companyId });
      const live = collect<LiveEvent>(onB, SOCKET_EVENTS.live);
      const ended = collect(onB, SOCKET_EVENTS.sessionEnded);

      const project = await api(a!.url, 'POST', `/companies/${companyId}/projects`, { token, companyId, body: { projectName: 'Across processes', code: 'X-1' } });
      expect(project.status).toBe(201);
      expect(await eventually(() => live.some((e) => e.channel === liveChannel('projects')), 5000)).toBe(true);
      expect(live.find((e) => e.channel === liveChannel('projects'))).toMatchObject({ type: 'created' });

      let closed = false;
      onB.on('disconnect', () => (closed = true));
      expect((await api(a!.url, 'GET', '/users/logout', { token: login.body.token })).status).toBe(204);
      expect(await eventually(() => closed, 5000)).toBe(true);
      expect(ended).toHaveLength(1);
    }, 30_000);

    it('sending an invoice through A mails its client exactly once, the PDF attached, though both processes run jobs', async () => {
      const email = `billing.${Date.now()}@example.com`;
      const token = (await api(a!.url, 'POST', '/users', { body: { name: 'Billing Owner', phone: '+1 555 123 4567', email, password: 'secret123' } })).body.token as string;
      const companyId = (await api(a!.url, 'POST', '/companies', { token, body: companyData({ name: 'Two Process Billing' }) })).body.id as number;
      const as = (method: string, route: string, body?: unknown) => api(a!.url, method, route, { token, companyId, body });
      const client = await as('POST', '/partnerships/create/client', companyData({ name: 'Hill Country Power', contactName: 'Jane Roe', contactEmail: 'ap.two@hcp.example' }));
      expect(client.status).toBe(201);
      const project = (await as('POST', `/companies/${companyId}/projects`, { projectName: 'Billed across processes', code: 'X-2', clientId: client.body.partnerId })).body;
      const item = (await as('POST', '/items', { name: 'Asphalt', unit: 'ton' })).body;
      const budgetItem = await as('POST', `/projects/${project.id}/budgets/${project.budgetId}/items`, { itemId: item.id, quantity: 100, price: '12.50' });
      expect(budgetItem.status).toBe(201);
      const crew = (await as('POST', '/crews', { name: 'Paving crew', leaders: [], members: [] })).body;
      const production = await as('POST', `/production/project/${project.id}`, { crewId: crew.id, date: '2026-03-02', items: [{ budgetItemId: budgetItem.body.id, quantity: '8' }] });
      expect(production.status).toBe(201);
      for (const [method, route] of [['PATCH', `/production/${production.body.id}/submit`], ['POST', `/production/${production.body.id}/approve`]] as const) {
        const moved = await as(method, route, method === 'POST' ? {} : undefined);
        expect(moved.status, `${route}: ${JSON.stringify(moved.body)}`).toBeLessThan(300);
      }
      const invoice = await as('POST', `/invoices/${companyId}`, { projectId: project.id, productions: [{ id: production.body.id, items: [{ id: production.body.items[0].id }] }], status: 'submit' });
      expect(invoice.status).toBe(201);

      expect(await eventually(() => sink.received.some((m) => m.to.includes('ap.two@hcp.example')), 20_000)).toBe(true);
      // Both processes run jobs from the same queue. Once no mail job is queued or running, a second
      // delivery, were there one, came from a job that has ended, and the sink holds it already.
      // (The hourly sweeps stay queued for later: they are not mail.)
      const { db, close } = openDatabase({ databaseUrl: schema?.url ?? null, dataDir });
      try {
        const settled = async () => {
          const open = await db.selectFrom('jobs').select('id').where('name', '=', MAIL_JOB).where('status', 'in', ['queued', 'running']).execute();
          const mail = await db.selectFrom('mail_outbox').select('status').where('to_address', '=', 'ap.two@hcp.example').execute();
          return open.length === 0 && mail.length > 0 && mail.every((m) => m.status === 'sent');
        };
        const deadline = Date.now() + 20_000;
        while (!(await settled())) {
          if (Date.now() > deadline) throw new Error(`the mail jobs did not finish within 20 s: ${JSON.stringify(await db.selectFrom('jobs').select(['name', 'status']).execute())}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await close();
      }
      const mails = sink.received.filter((m) => m.to.includes('ap.two@hcp.example'));
      expect(mails).toHaveLength(1);
      const raw = decodeQuotedPrintable(mails[0]!.raw);
      expect(raw).toContain(`Invoice ${invoice.body.number} from Two Process Billing`);
      expect(raw).toMatch(/Content-Type: application\/pdf; name=Invoice_/);
      expect(raw).toContain('/app/decide/invoice/');
    }, 60_000);
  });
}
