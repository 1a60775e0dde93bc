import { openDatabase } from '../../server/db/index.js';
import { DatabaseJobQueue } from '../../server/jobs/database-queue.js';
import { DEFAULT_JOB_SETTINGS, type JobQueueSettings } from '../../server/jobs/job-queue.js';
import { claimDue } from '../../server/jobs/job-store.js';
import { DATABASES, startTestServer } from './harness.js';
import { until } from './until.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


for (const database of DATABASES) {
  describe(`job runner on the database [${database.name}]`, () => {
    let server: Server;
    const queues: DatabaseJobQueue[] = [];
    // The app's own runner stays idle, so only the queues built here touch the jobs table.
    beforeAll(async () => {
      server = await startTestServer(database.url, { runJobs: false });
    });
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.stop()));
      await server.services.db.deleteFrom('jobs').execute();
    });
    afterAll(async () => {
      await server?.stop();
    });

    const queue = (settings: Partial<JobQueueSettings> = {}, db = server.services.db) => {
      const q = new DatabaseJobQueue(db, server.services.dialect, server.app.log, { ...DEFAULT_JOB_SETTINGS, pollMs: 10, backoffMs: 40, ...settings });
      queues.push(q);
      return q;
    };
    const jobRow = (id: number) => server.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('keeps a job enqueued in a transaction only if the transaction commits, and runs it with its payload', async () => {
      const q = queue();
      const seen: unknown[] = [];
      q.register<{ n: number }>('probe', async (payload) => {
        seen.push(payload);
      });
      await expect(
        server.services.db.transaction().execute(async (trx) => {
          await q.enqueue('probe', { n: 1 }, { executor: trx });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const id = await server.services.db.transaction().execute((trx) => q.enqueue('probe', { n: 2 }, { executor: trx }));
      expect(await server.services.db.selectFrom('jobs').select('id').execute()).toEqual([{ id }]);
      await q.drain();
      expect(seen).toEqual([{ n: 2 }]);
      expect(await jobRow(id!)).toMatchObject({ status: 'done', attempts: 1, last_error: null, locked_by: null, finished_at: expect.any(String) });
    });

    it('retries a failing job with exponential backoff and records the failure once the attempts run out', async () => {
      const q = queue({ backoffMs: 60 });
      const runs: Array<{ at: number; attempt: number; lastAttempt: boolean }> = [];
      q.register('always-fails', async (_payload, ctx) => {
        runs.push({ at: Date.now(), attempt: ctx.attempt, lastAttempt: ctx.lastAttempt });
        throw new Error(`SMTP said no (${ctx.attempt})`);
      });
      const id = (await q.enqueue('always-fails', {}, { attempts: 3 }))!;
      await q.start();
      const failed = await until('the job to fail for good', async () => {
        const row = await jobRow(id);
        return row.status === 'failed' && row;
      });
      expect(runs.map((r) => [r.attempt, r.lastAttempt])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
      // 60 ms after the first failure, 120 ms after the second.
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(60);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(120);
      expect(failed).toMatchObject({ attempts: 3, max_attempts: 3, last_error: 'SMTP said no (3)', finished_at: expect.any(String), locked_by: null });
    });

    it('waits out the backoff between attempts: a retry is not due before its time', async () => {
      const q = queue({ backoffMs: 60_000 });
      let calls = 0;
      q.register('flaky', async () => {
        calls += 1;
        if (calls === 1) throw new Error('first try fails');
      });
      const id = (await q.enqueue('flaky', {}))!;
      const before = Date.now();
      await q.drain();
      const waiting = await jobRow(id);
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'first try fails' });
      expect(Date.parse(waiting.run_at) - before).toBeGreaterThanOrEqual(60_000);
      await q.drain();
      expect(calls).toBe(1);
      await q.drain({ includeDelayed: true });
      expect(calls).toBe(2);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    });

    it('drains a job its own poll claimed a moment before: drain returns only once the job has run', async () => {
      // An enqueue wakes the poll, whose claim is on its way when drain claims: drain finds nothing due
      // and must still wait for the job the poll is about to launch (a test read an export as queued).
      const q = queue({ pollMs: 60_000 });
      const done: number[] = [];
      q.register<{ n: number }>('probe', async ({ n }) => {
        done.push(n);
      });
      await q.start();
      for (let n = 1; n <= 40; n++) {
        await q.enqueue('probe', { n });
        await q.drain();
        expect(done).toContain(n);
      }
    });

    it('never runs one job twice when two runners share the database', async () => {
      // A second connection pool stands for a second server process.
      const other = openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir });
      try {
        const ran: number[] = [];
        const handler = async (payload: { n: number }) => {
          ran.push(payload.n);
          await sleep(2);
        };
        const a = queue({ concurrency: 4 });
        const b = queue({ concurrency: 4 }, other.db);
        a.register('count', handler);
        b.register('count', handler);
        const total = 40;
        for (let n = 0; n < total; n++) await a.enqueue('count', { n });
        await Promise.all([a.start(), b.start()]);
        await until('every job to be done', async () => {
          const open = await server.services.db.selectFrom('jobs').select('id').where('status', '!=', 'done').execute();
          return open.length === 0;
        });
        await Promise.all([a.stop(), b.stop()]);
        expect(ran).toHaveLength(total);
        expect(new Set(ran).size).toBe(total);
      } finally {
        await other.close();
      }
    });

    it('survives a restart: a queued job, and one whose runner died mid-run, run in the next process', async () => {
      const first = queue();
      const queued = (await first.enqueue('restart', { which: 'queued' }))!;
      const crashed = (await first.enqueue('restart', { which: 'crashed' }))!;
      // A runner took the second job and died without finishing it; its lock holds for an hour, so no
      // slow moment of the machine lets it lapse before the first check.
      const lockUntil = (at: number) =>
        server.services.db.updateTable('jobs').set({ locked_until: new Date(at).toISOString() }).where('id', '=', crashed).execute();
      await server.services.db.updateTable('jobs').set({ status: 'running', locked_by: 'dead-runner', attempts: 1 }).where('id', '=', crashed).execute();
      await lockUntil(Date.now() + 3_600_000);
      await first.stop();

      const next = queue();
      const ran: string[] = [];
      next.register<{ which: string }>('restart', async (p) => {
        ran.push(p.which);
      });
      await next.drain();
      expect(ran).toEqual(['queued']);
      // The hour passes: the lock now ended a moment ago.
      await lockUntil(Date.now() - 1);
      await next.drain();
      expect(ran).toEqual(['queued', 'crashed']);
      expect(await jobRow(queued)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await jobRow(crashed)).toMatchObject({ status: 'done', attempts: 2 });
    });

    it('gives a due job to exactly one of several runners claiming it at the same moment', async () => {
      const q = queue();
      const id = (await q.enqueue('contested', {}))!;
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) => claimDue(server.services.db, server.services.dialect, `runner-${i}`, { dueBefore: Date.now(), lockMs: 60_000 })),
      );
      const winners = claims.filter((c) => c !== undefined);
      expect(winners.map((w) => w!.id)).toEqual([id]);
      expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1, locked_by: winners[0]!.locked_by });
    });

    it('marks a job failed rather than running it again when its runner died during the last attempt', async () => {
      const q = queue();
      let calls = 0;
      q.register('once', async () => {
        calls += 1;
      });
      const id = (await q.enqueue('once', {}, { attempts: 1 }))!;
      await server.services.db.updateTable('jobs').set({ status: 'running', locked_by: 'dead-runner', locked_until: new Date(Date.now() - 1).toISOString(), attempts: 1 }).where('id', '=', id).execute();
      await q.drain();
      expect(calls).toBe(0);
      expect(await jobRow(id)).toMatchObject({ status: 'failed', last_error: 'The runner stopped during the last attempt' });
    });

    it('drops a second job with the dedupe key of a pending one, and takes it again once the first finished', async () => {
      const q = queue();
      q.register('report', async () => undefined);
      const first = await q.enqueue('report', { v: 1 }, { dedupeKey: 'company-7' });
      expect(first).toEqual(expect.any(Number));
      expect(await server.services.db.transaction().execute((trx) => q.enqueue('report', { v: 2 }, { dedupeKey: 'company-7', executor: trx }))).toBeNull();
      expect(await q.enqueue('report', { v: 3 }, { dedupeKey: 'company-8' })).toEqual(expect.any(Number));
      await q.drain();
      expect(await q.enqueue('report', { v: 4 }, { dedupeKey: 'company-7' })).toEqual(expect.any(Number));
    });

    it('records a job nobody handles as a failure, and runs delayed jobs only when due', async () => {
      const q = queue();
      const id = (await q.enqueue('unknown-job', {}, { attempts: 1 }))!;
      await q.drain();
      expect(await jobRow(id)).toMatchObject({ status: 'failed', last_error: 'No handler is registered for job "unknown-job"' });

      let ran = false;
      q.register('later', async () => {
        ran = true;
      });
      const later = (await q.enqueue('later', {}, { delayMs: 60_000 }))!;
      await q.drain();
      expect(ran).toBe(false);
      expect((await jobRow(later)).status).toBe('queued');
      await q.drain({ includeDelayed: true });
      expect(ran).toBe(true);
    });
  });
}
