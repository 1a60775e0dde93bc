import type { FastifyBaseLogger } from 'fastify';
import { DatabaseJobQueue } from '../../server/jobs/database-queue.js';
import { DEFAULT_JOB_SETTINGS } from '../../server/jobs/job-queue.js';
import { DEFAULT_MAP_TILE_URL } from '../../server/config.js';
import { MAIL_ATTEMPTS, Mailer } from '../../server/lib/mail.js';
import { mailStatus } from '../../server/lib/mail-status.js';
import { DATABASES, describeEachDatabase, registerUser, startTestServer, type TestServer } from './harness.js';
import { closedPort, decodeQuotedPrintable, startSink } from './smtp-sink.js';

async function counts(s: TestServer) {
  const n = async (table: 'mail_outbox' | 'jobs') => Number((await s.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { mails: await n('mail_outbox'), jobs: await n('jobs') };
}

const outboxRow = (s: TestServer, email: string) =>
  s.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirst();

for (const database of DATABASES) {
  describe(`mail over SMTP [${database.name}]`, () => {
    let sink: Awaited<ReturnType<typeof startSink>>;
    let server: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      sink = await startSink();
      server = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    });
    afterAll(async () => {
      await server?.stop();
      await sink?.close();
    });

    it('delivers the password reset mail with its link through a job and marks the outbox row sent', async () => {
      const { email } = await registerUser(server);
      const res = await server.call('POST', '/api/v1/users/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'If an account exists for that e-mail, a reset link is on its way.' });
      await server.services.jobs.drain();
      const mail = sink.received.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      const message = decodeQuotedPrintable(mail!.raw);
      expect(message).toMatch(/^Subject: Reset your Fieldwork password$/m);
      const link = message.match(/http:\/\/\S+\/app\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link?.startsWith('http://fieldwork.test/app/reset-password/')).toBe(true);

      const row = (await outboxRow(server, email))!;
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, sent_at: expect.any(String) });
      expect(row.text_body).toContain(link);
      const token = link!.split('/').pop();
      expect((await server.call('POST', '/api/v1/users/reset-password', { body: { token, password: 'from-mail-1' } })).status).toBe(200);
    });

    it('says at /health that mail is sent', async () => {
      expect((await server.call('GET', '/api/v1/health')).body).toEqual({ status: 'ok', db: database.name, mail: 'smtp', maxUploadMb: 25, mapTileUrl: DEFAULT_MAP_TILE_URL });
    });

    it('queues nothing when the transaction that sends the mail rolls back', async () => {
      const before = await counts(server);
      await expect(
        server.services.db.transaction().execute(async (trx) => {
          await server.services.mailer.send({ to: 'nobody@example.com', subject: 'Never', text: 'never sent' }, { executor: trx });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await counts(server)).toEqual(before);
      await server.services.jobs.drain({ includeDelayed: true });
      expect(sink.received.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
    });
  });

  describe(`mail with SMTP unreachable [${database.name}]`, () => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    beforeAll(async () => {
      server = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('still answers forgot-password, retries with backoff, and records the failure with its attempt count', async () => {
      const { email } = await registerUser(server);
      const res = await server.call('POST', '/api/v1/users/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
      await server.services.jobs.drain();
      const retrying = (await outboxRow(server, email))!;
      expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, sent_at: null });
      expect(retrying.error).toBeTruthy();
      const job = await server.services.db.selectFrom('jobs').selectAll().where('name', '=', 'mail.send').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'queued', attempts: 1, max_attempts: MAIL_ATTEMPTS });
      // The next attempt waits out the backoff: 30 s after the first failure.
      expect(Date.parse(job.run_at) - Date.parse(job.updated_at)).toBeGreaterThanOrEqual(29_000);

      await server.services.jobs.drain({ includeDelayed: true });
      const failed = (await outboxRow(server, email))!;
      expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS, sent_at: null });
      expect(failed.error).toBeTruthy();
      expect(await server.services.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ status: 'failed', attempts: MAIL_ATTEMPTS });

      const status = await mailStatus(server.services.db);
      expect(status.counts.failed).toBeGreaterThanOrEqual(1);
      expect(status.problems[0]).toEqual({
        id: failed.id,
        to_address: email,
        subject: 'Reset your Fieldwork password',
        status: 'failed',
        attempts: MAIL_ATTEMPTS,
        error: failed.error,
        created_at: failed.created_at,
      });
    });

    it('lets an operator send a failed mail again, from a fresh set of attempts', async () => {
      const { email } = await registerUser(server);
      await server.call('POST', '/api/v1/users/forgot-password', { body: { email } });
      await server.services.jobs.drain({ includeDelayed: true });
      const failed = (await outboxRow(server, email))!;
      expect(failed.status).toBe('failed');
      expect(await server.services.mailer.retry(failed.id)).toBe(true);
      expect(await outboxRow(server, email)).toMatchObject({ status: 'queued', attempts: 0, error: null });
      expect(await server.services.mailer.retry(failed.id)).toBe(false);
      await server.services.jobs.drain();
      expect(await outboxRow(server, email)).toMatchObject({ status: 'retrying', attempts: 1 });
    });
  });
}

describeEachDatabase('mail without SMTP', (server) => {
  it('keeps the message in the outbox with status kept, queues no job, and does not promise an e-mail', async () => {
    const { email } = await registerUser(server());
    const res = await server().call('POST', '/api/v1/users/forgot-password', { body: { email } });
    expect(res.body.message).toBe(
      'If an account exists for that e-mail, a reset link has been made. This server does not send e-mail: ask your administrator to pass the link on to you.',
    );
    const row = await outboxRow(server(), email);
    expect(row).toMatchObject({ status: 'kept', subject: 'Reset your Fieldwork password', sent_at: null, attempts: 0 });
    expect(await server().services.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('says at /health that mail is only kept in the outbox', async () => {
    expect((await server().call('GET', '/api/v1/health')).body).toEqual({ status: 'ok', db: server().services.dialect, mail: 'outbox', maxUploadMb: 25, mapTileUrl: DEFAULT_MAP_TILE_URL });
  });
});

/** A logger that keeps what it is given, to check what reaches the log. */
function recordingLog() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  const at = (level: string) => (...args: unknown[]) => void lines.push({ level, args });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal'), level: 'info' } as unknown as FastifyBaseLogger;
  (log as any).child = () => log;
  return { log, lines };
}

describeEachDatabase('mail logging', (server) => {
  it('warns once at start that mail is not delivered when SMTP_URL is not set', () => {
    const { log, lines } = recordingLog();
    const jobs = new DatabaseJobQueue(server().services.db, server().services.dialect, log, DEFAULT_JOB_SETTINGS);
    new Mailer(server().services.db, jobs, log, null);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([
      { level: 'warn', args: ['SMTP_URL is not set: mail is not delivered. Messages are kept in the mail_outbox table (docs/operations.md).'] },
    ]);
  });

  it('logs a failed delivery by outbox id, attempt and error, never the body', async () => {
    const { log, lines } = recordingLog();
    const jobs = new DatabaseJobQueue(server().services.db, server().services.dialect, log, DEFAULT_JOB_SETTINGS);
    const mailer = new Mailer(server().services.db, jobs, log, `smtp://127.0.0.1:${await closedPort()}`);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    await mailer.send({ to: 'logged@example.com', subject: 'Secret link', text: 'TOP-SECRET-BODY', html: '<p>TOP-SECRET-HTML</p>' });
    await jobs.drain();
    const failure = lines.find((l) => l.args.includes('mail delivery failed'));
    expect(failure?.args[0]).toMatchObject({ outboxId: expect.any(Number), attempt: 1, maxAttempts: MAIL_ATTEMPTS, error: expect.any(String) });
    expect(JSON.stringify(lines)).not.toMatch(/TOP-SECRET/);
    mailer.close();
  });
});
