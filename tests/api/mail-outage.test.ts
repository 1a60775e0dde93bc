import { MAIL_ATTEMPTS, MAIL_JOB } from '../../server/lib/mail.js';
import { DATABASES, registerUser, startTestServer, type TestServer } from './harness.js';
import { closedPort, startSink } from './smtp-sink.js';

const HOUR_MS = 60 * 60_000;

const outboxRow = (s: TestServer, email: string) => s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
const jobRow = (s: TestServer, id: number) => s.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

for (const database of DATABASES) {
  describe(`mail during an SMTP outage [${database.name}]`, () => {
    let port: number;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let sink: Awaited<ReturnType<typeof startSink>> | null = null;
    beforeAll(async () => {
      port = await closedPort();
      server = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${port}` });
    });
    afterAll(async () => {
      await server?.stop();
      await sink?.close();
    });

    it('keeps a message waiting through an hour of outage, then sends it exactly once when SMTP is back', async () => {
      const { email } = await registerUser(server);
      expect((await server.call('POST', '/api/v1/users/forgot-password', { body: { email } })).status).toBe(200);
      await server.services.jobs.drain();
      const { id: jobId } = await server.services.db.selectFrom('jobs').select('id').where('name', '=', MAIL_JOB).orderBy('id', 'desc').executeTakeFirstOrThrow();

      // Time runs fast: each retry is made due at once, and the backoff it would have waited counts as outage.
      let outageMs = 0;
      while (outageMs < HOUR_MS) {
        const job = await jobRow(server, jobId);
        expect(job.status).toBe('queued');
        outageMs += Date.parse(job.run_at) - Date.parse(job.updated_at);
        await server.services.db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', jobId).execute();
        await server.services.jobs.drain();
      }
      const waiting = await outboxRow(server, email);
      expect(waiting).toMatchObject({ status: 'retrying', sent_at: null });
      expect(waiting.error).toBeTruthy();
      expect(waiting.attempts).toBeLessThan(MAIL_ATTEMPTS);
      expect(await jobRow(server, jobId)).toMatchObject({ status: 'queued', attempts: waiting.attempts });

      sink = await startSink(port);
      await server.services.jobs.drain({ includeDelayed: true });
      const delivered = () => sink!.received.filter((m) => m.to.includes(email));
      expect(delivered()).toHaveLength(1);
      expect(await outboxRow(server, email)).toMatchObject({ status: 'sent', error: null, attempts: waiting.attempts + 1, sent_at: expect.any(String) });
      expect(await jobRow(server, jobId)).toMatchObject({ status: 'done' });

      await server.services.jobs.drain({ includeDelayed: true });
      expect(delivered()).toHaveLength(1);
      expect(sink.received).toHaveLength(1);
    });
  });
}
