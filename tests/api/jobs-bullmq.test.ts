import { Queue } from 'bullmq';
import { openDatabase } from '../../server/db/index.js';
import { BullJobQueue, relayJobId } from '../../server/jobs/bullmq-queue.js';
import { DEFAULT_JOB_SETTINGS, type JobQueueSettings } from '../../server/jobs/job-queue.js';
import { DATABASES, registerUser, startTestServer } from './harness.js';
import { REDIS_URL, requireRedis } from './redis.js';
import { startSink } from './smtp-sink.js';
import { until } from './until.js';


type Server = Awaited<ReturnType<typeof startTestServer>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


for (const database of DATABASES) {
  describe(`job runner on BullMQ [${database.name}]`, () => {
    let server: Server;
    let queueName: string;
    const queues: BullJobQueue[] = [];
    // The app itself runs no jobs: only the queues built here, on a queue name of their own per test.
    beforeAll(async () => {
      await requireRedis();
      server = await startTestServer(database.url, { runJobs: false });
    });
    beforeEach(() => {
      queueName = `jobs-test-${Math.random().toString(36).slice(2, 10)}`;
    });
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.stop()));
      const redis = new Queue(queueName, { connection: { url: REDIS_URL } });
      await redis.obliterate({ force: true });
      await redis.close();
      await server.services.db.deleteFrom('jobs').execute();
    });
    afterAll(async () => {
      await server?.stop();
    });

    const queue = (settings: Partial<JobQueueSettings> = {}, db = server.services.db) => {
      const q = new BullJobQueue(db, server.services.dialect, server.app.log, { ...DEFAULT_JOB_SETTINGS, pollMs: 20, backoffMs: 50, ...settings }, { url: REDIS_URL, queueName });
      queues.push(q);
      return q;
    };
    const jobRow = (id: number) => server.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const inRedis = async () => {
      const redis = new Queue(queueName, { connection: { url: REDIS_URL } });
      try {
        return (await redis.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).map((j) => j.id);
      } finally {
        await redis.close();
      }
    };

    it('hands BullMQ only jobs whose transaction committed, and records the run on the row', async () => {
      const q = queue();
      const seen: unknown[] = [];
      q.register<{ n: number }>('probe', async (payload) => {
        seen.push(payload);
      });
      await q.start();
      await expect(
        server.services.db.transaction().execute(async (trx) => {
          await q.enqueue('probe', { n: 1 }, { executor: trx });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const id = (await server.services.db.transaction().execute((trx) => q.enqueue('probe', { n: 2 }, { executor: trx })))!;
      // Relayed by the poll, without a drain.
      const done = await until('the job to be done', async () => {
        const row = await jobRow(id);
        return row.status === 'done' && row;
      });
      expect(seen).toEqual([{ n: 2 }]);
      expect(done).toMatchObject({ attempts: 1, last_error: null, relayed_at: expect.any(String), finished_at: expect.any(String) });
      expect(await inRedis()).toEqual([relayJobId(done)]);
    });

    it('retries with exponential backoff and records the failure on the row once the attempts run out', async () => {
      const q = queue({ backoffMs: 60 });
      const runs: Array<{ at: number; attempt: number; lastAttempt: boolean }> = [];
      q.register('always-fails', async (_payload, ctx) => {
        runs.push({ at: Date.now(), attempt: ctx.attempt, lastAttempt: ctx.lastAttempt });
        throw new Error(`SMTP said no (${ctx.attempt})`);
      });
      await q.start();
      const id = (await q.enqueue('always-fails', {}, { attempts: 3 }))!;
      const failed = await until('the job to fail for good', async () => {
        const row = await jobRow(id);
        return row.status === 'failed' && row;
      });
      expect(runs.map((r) => [r.attempt, r.lastAttempt])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(55);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(115);
      expect(failed).toMatchObject({ attempts: 3, max_attempts: 3, last_error: 'SMTP said no (3)', finished_at: expect.any(String) });
    });

    it('never runs one job twice when two server processes share the database and Redis', async () => {
      const other = openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir });
      try {
        const ran: number[] = [];
        const handler = async (payload: { n: number }) => {
          ran.push(payload.n);
          await sleep(2);
        };
        const a = queue();
        const b = queue({}, other.db);
        a.register('count', handler);
        b.register('count', handler);
        await Promise.all([a.start(), b.start()]);
        const total = 30;
        // Both processes enqueue, so both relays hand rows over.
        await Promise.all(Array.from({ length: total }, (_, n) => (n % 2 ? a : b).enqueue('count', { n })));
        await until('every job to be done', async () => (await server.services.db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute()).length === 0);
        expect(ran).toHaveLength(total);
        expect(new Set(ran).size).toBe(total);
      } finally {
        await Promise.all(queues.map((q) => q.stop()));
        await other.close();
      }
    });

    it('survives a restart: rows never relayed, and jobs relayed to Redis with no worker alive, run in the next process', async () => {
      // A process that only queues: its relay hands the first job to Redis, where no worker takes it.
      const web = queue({ runJobs: false });
      await web.start();
      const relayed = (await web.enqueue('restart', { which: 'relayed' }))!;
      await until('the job to be relayed to Redis', async () => (await jobRow(relayed)).relayed_at !== null);
      await web.stop();
      // Committed while no relay ran at all (the process died right after the commit).
      const unrelayed = (await queue().enqueue('restart', { which: 'unrelayed' }))!;
      expect((await jobRow(unrelayed)).relayed_at).toBeNull();

      const next = queue();
      const ran: string[] = [];
      next.register<{ which: string }>('restart', async (p) => {
        ran.push(p.which);
      });
      await next.start();
      await next.drain();
      expect(ran.sort()).toEqual(['relayed', 'unrelayed']);
      expect((await jobRow(relayed)).status).toBe('done');
      expect((await jobRow(unrelayed)).status).toBe('done');
    });

    it('relays a job whose runner died while running it from the table during a Redis outage, counting that attempt', async () => {
      const q = queue();
      const ran: number[] = [];
      q.register<Record<string, never>>('orphan', async (_p, ctx) => {
        ran.push(ctx.attempt);
      });
      const id = (await q.enqueue('orphan', {}))!;
      // Claimed from the table while Redis was away, then its process died: running, never relayed, its lock lapsed.
      await server.services.db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, locked_by: 'a-runner-that-died', locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      await q.drain();
      expect(ran).toEqual([2]);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    });

    it("runs a restored or recreated database's new jobs even though Redis finished others of the same row ids", async () => {
      const q = queue();
      const sent: string[] = [];
      q.register<{ to: string }>('mail', async (payload) => {
        sent.push(payload.to);
      });
      const first = (await q.enqueue('mail', { to: 'before@example.com' }))!;
      await q.drain();
      expect(sent).toEqual(['before@example.com']);
      // The database comes back from a backup taken before that job: its next job gets the same row id,
      // while Redis still holds the finished job of the installation that went on without the backup.
      await server.services.db.deleteFrom('jobs').where('id', '=', first).execute();
      const next = (await q.enqueue('mail', { to: 'after@example.com' }))!;
      await server.services.db.updateTable('jobs').set({ id: first }).where('id', '=', next).execute();
      await q.drain();
      expect(sent).toEqual(['before@example.com', 'after@example.com']);
      expect(await jobRow(first)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await inRedis()).toHaveLength(2);
    });

    it('does not run a finished job again when its row is relayed a second time', async () => {
      const q = queue();
      let calls = 0;
      q.register('once', async () => {
        calls += 1;
      });
      const id = (await q.enqueue('once', {}))!;
      await q.drain();
      expect(calls).toBe(1);
      // A relay that died before marking the row: it is handed over again, and BullMQ knows the id.
      await server.services.db.updateTable('jobs').set({ relayed_at: null, status: 'queued' }).where('id', '=', id).execute();
      await q.drain();
      expect(calls).toBe(1);
      // Even if BullMQ delivers the job again (its record gone), the row's claim stops a second run.
      await server.services.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', id).execute();
      const redis = new Queue(queueName, { connection: { url: REDIS_URL } });
      await redis.obliterate({ force: true });
      await redis.add('once', { id }, { jobId: relayJobId(await jobRow(id)) });
      await redis.close();
      await q.drain();
      expect(calls).toBe(1);
    });
  });
}

for (const database of DATABASES) {
  describe(`mail through BullMQ when REDIS_URL is set [${database.name}]`, () => {
    let sink: Awaited<ReturnType<typeof startSink>>;
    let server: Server;
    beforeAll(async () => {
      await requireRedis();
      sink = await startSink();
      server = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${sink.port}`, redisUrl: REDIS_URL });
    });
    afterAll(async () => {
      await server?.stop();
      if (server) {
        const redis = new Queue(server.config.jobQueueName, { connection: { url: REDIS_URL } });
        await redis.obliterate({ force: true });
        await redis.close();
      }
      await sink?.close();
    });

    it('sends the reset mail through the BullMQ worker and marks the outbox row sent', async () => {
      expect(server.services.jobs.driver).toBe('bullmq');
      const { email } = await registerUser(server);
      expect((await server.call('POST', '/api/v1/users/forgot-password', { body: { email } })).status).toBe(200);
      await server.services.jobs.drain();
      expect(sink.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      const row = await server.services.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('to_address', '=', email).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', attempts: 1 });
      expect(await server.services.db.selectFrom('jobs').select(['status', 'relayed_at']).execute()).toEqual([{ status: 'done', relayed_at: expect.any(String) }]);
    });
  });
}
