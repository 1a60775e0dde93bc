import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DATABASES, describeEachDatabase, registerUser, startTestServer, type TestServer } from './harness.js';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP sink that keeps every message it is handed. */
async function startSink() {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
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

    it('delivers the password reset mail with its link and marks the outbox row sent', async () => {
      const { email } = await registerUser(server);
      const res = await server.call('POST', '/api/v1/users/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
      const mail = await waitFor(() => sink.received.find((m) => m.to.includes(email)));
      const message = decodeQuotedPrintable(mail.raw);
      expect(message).toMatch(/^Subject: Reset your Fieldwork password$/m);
      const link = message.match(/http:\/\/\S+\/app\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link?.startsWith('http://fieldwork.test/app/reset-password/')).toBe(true);

      const row = await waitFor(async () => {
        const r = await outboxRow(server, email);
        return r?.status === 'sent' ? r : undefined;
      });
      expect(row.sent_at).toEqual(expect.any(String));
      expect(row.text_body).toContain(link);
      const token = link!.split('/').pop();
      expect((await server.call('POST', '/api/v1/users/reset-password', { body: { token, password: 'from-mail-1' } })).status).toBe(200);
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

    it('still answers forgot-password and records the failure on the outbox row', async () => {
      const { email } = await registerUser(server);
      const res = await server.call('POST', '/api/v1/users/forgot-password', { body: { email } });
      expect(res.status).toBe(200);
      const row = await waitFor(async () => {
        const r = await outboxRow(server, email);
        return r?.status === 'failed' ? r : undefined;
      });
      expect(row.error).toBeTruthy();
    });
  });
}

describeEachDatabase('mail without SMTP', (server) => {
  it('keeps the message in the outbox with status kept', async () => {
    const { email } = await registerUser(server());
    await server().call('POST', '/api/v1/users/forgot-password', { body: { email } });
    const row = await waitFor(() => outboxRow(server(), email));
    expect(row).toMatchObject({ status: 'kept', subject: 'Reset your Fieldwork password', sent_at: null });
  });
});
