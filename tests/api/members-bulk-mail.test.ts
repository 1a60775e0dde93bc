import { buildApp, type BuiltApp } from '../../server/app.js';
import type { MailMessage } from '../../server/lib/mail.js';
import { DATABASES, ownerWithCompany, startTestServer, type TestServer } from './harness.js';
import { API, linksOf, multipart } from './members-helpers.js';
import { decodeQuotedPrintable, startSink } from './smtp-sink.js';

type Sink = Awaited<ReturnType<typeof startSink>>;

const upload = (s: TestServer, companyId: number, token: string, csv: string) => {
  const { body, headers } = multipart({ type: 'members' }, { name: 'members.csv', type: 'text/csv', content: csv });
  return s.call('POST', `${API}/companies/${companyId}/memberships/bulk`, { token, body, headers });
};

const outboxTo = (s: Pick<TestServer, 'services'>, email: string) =>
  s.services.db.selectFrom('mail_outbox').select(['id', 'status', 'attempts']).where('to_address', '=', email).execute();

const mailJobs = async (s: Pick<TestServer, 'services'>) =>
  (await s.services.db.selectFrom('jobs').select(['payload', 'status']).where('name', '=', 'mail.send').orderBy('id').execute()).map((j) => ({
    outboxId: JSON.parse(j.payload).outboxId as number,
    status: j.status,
  }));

const delivered = (sink: Sink, email: string) => sink.received.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));

for (const database of DATABASES) {
  describe(`members: bulk import mail goes through the job queue [${database.name}]`, () => {
    let sink: Sink;
    beforeAll(async () => {
      sink = await startSink();
    });
    afterAll(async () => {
      await sink?.close();
    });

    it('queues each invitation with its membership; a restart loses none and the next server sends them', async () => {
      // This server only queues: it stops with every invitation still undelivered.
      const first = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${sink.port}`, runJobs: false });
      let second: BuiltApp | null = null;
      try {
        const { company, token } = await ownerWithCompany(first, 'Restart Co');
        const emails = [`ana.${database.name}@restart.example`, `bo.${database.name}@restart.example`];
        const res = await upload(first, company.id, token, `name,email,role\nAna Restart,${emails[0]},Crew\nBo Restart,${emails[1]},Supervisor\n`);
        expect(res.status).toBe(200);
        expect(res.body.added).toHaveLength(2);
        const outbox = [...(await outboxTo(first, emails[0]!)), ...(await outboxTo(first, emails[1]!))];
        expect(outbox.map((o) => o.status)).toEqual(['queued', 'queued']);
        expect(await mailJobs(first)).toEqual(outbox.map((o) => ({ outboxId: o.id, status: 'queued' })));
        expect(emails.flatMap((e) => delivered(sink, e))).toEqual([]);

        await first.app.close();
        second = await buildApp({ ...first.config, runJobs: true }, { logger: false });
        await second.services.jobs.drain();

        for (const email of emails) {
          const [mail] = delivered(sink, email);
          expect(mail, `invitation to ${email}`).toMatch(/^Subject: Join Restart Co on Fieldwork$/m);
          const invitation = linksOf(mail!.replace(/\r\n/g, '\n'));
          expect(invitation.accept.searchParams.get('companyId')).toBe(String(company.id));
          const view = await second.app.inject({ method: 'GET', url: `${API}/memberships/invitations/${invitation.token}` });
          expect(view.json()).toMatchObject({ email, status: 'invited' });
          expect(await outboxTo(second, email)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
        }
        expect((await mailJobs(second)).map((j) => j.status)).toEqual(['done', 'done']);
      } finally {
        await second?.app.close();
        await first.stop();
      }
    });

    it('queues no mail for a row whose transaction rolls back after its mail was queued', async () => {
      const s = await startTestServer(database.url, { smtpUrl: `smtp://127.0.0.1:${sink.port}`, runJobs: false });
      try {
        const { company, token } = await ownerWithCompany(s, 'Rollback Co');
        const [kept, broken, never] = ['kept', 'broken', 'never'].map((n) => `${n}.${database.name}@rollback.example`) as [string, string, string];
        // Something fails in the row's transaction after the mail was queued: the row must leave nothing.
        const send = s.services.mailer.send.bind(s.services.mailer);
        s.services.mailer.send = async (message: MailMessage, opts) => {
          await send(message, opts);
          if (message.to === broken) throw new Error('failed after queueing the mail');
        };
        const res = await upload(s, company.id, token, `name,email,role\nKept Row,${kept},Crew\nBroken Row,${broken},Crew\nNever Row,${never},Crew\n`);
        expect(res.status).toBe(500);

        const invited = await s.services.db.selectFrom('memberships').select('email').where('company_id', '=', company.id).where('status', '=', 'invited').execute();
        expect(invited.map((m) => m.email)).toEqual([kept]);
        expect(await outboxTo(s, broken)).toEqual([]);
        expect(await outboxTo(s, never)).toEqual([]);
        const [keptMail] = await outboxTo(s, kept);
        expect(await mailJobs(s)).toEqual([{ outboxId: keptMail!.id, status: 'queued' }]);

        await s.services.jobs.drain();
        expect(delivered(sink, kept)).toHaveLength(1);
        expect(delivered(sink, broken)).toEqual([]);
      } finally {
        await s.stop();
      }
    });
  });
}
