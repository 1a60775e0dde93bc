import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/index.js';
import type { JobContext, JobQueue } from '../jobs/index.js';
import type { MailDelivery } from '../../resources/user.js';
import type { ObjectStore } from '../storage/object-store.js';
import { nowIso } from './json.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stored files sent with the message (a document's PDF as it was sent), read from the store when it is delivered. */
  attachments?: Array<{ fileId: number; filename: string }>;
}


export const MAIL_JOB = 'mail.send';
/**
 * About two hours of retries with the default 30 s backoff (30 s, 1, 2, 4 … 64 min): a message
 * outlives an SMTP outage of that long and goes out at its next attempt after it ends.
 */
export const MAIL_ATTEMPTS = 9;

/**
 * Every message is a mail_outbox row. With SMTP_URL the row is queued with a `mail.send` job in the same
 * transaction, and the job delivers it, retried with backoff; the row shows queued, retrying, sent or
 * failed with the last error and the attempt count. Without SMTP_URL the row is kept (status 'kept') and
 * nothing is sent. Bodies are never logged: they hold reset and invitation links (docs/operations.md).
 */
export class Mailer {
  private transport: Transporter | null;
  readonly delivery: MailDelivery;

  constructor(
    private db: Db,
    private jobs: JobQueue,
    private log: FastifyBaseLogger,
    smtpUrl: string | null,
    private storage: ObjectStore | null = null,
    private from = 'Fieldwork <no-reply@fieldwork.local>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    this.delivery = smtpUrl ? 'smtp' : 'outbox';
    if (this.transport) jobs.register<{ outboxId: number }>(MAIL_JOB, (payload, ctx) => this.deliver(payload.outboxId, ctx), { attempts: MAIL_ATTEMPTS });
    else log.warn('SMTP_URL is not set: mail is not delivered. Messages are kept in the mail_outbox table (docs/operations.md).');
  }

  /** Queues the message; given a transaction, the message exists only if that transaction commits. */
  async send(message: MailMessage, opts: { executor?: Executor } = {}): Promise<void> {
    if (opts.executor) return this.queue(opts.executor, message);
    return this.db.transaction().execute((trx) => this.queue(trx, message));
  }

  private async queue(executor: Executor, message: MailMessage) {
    const row = await executor
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: this.transport ? 'queued' : 'kept',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const a of message.attachments ?? []) {
      await executor.insertInto('mail_attachments').values({ outbox_id: row.id, file_id: a.fileId, filename: a.filename }).execute();
    }
    if (this.transport) await this.jobs.enqueue(MAIL_JOB, { outboxId: row.id }, { executor });
    else this.log.info({ outboxId: row.id, to: message.to, subject: message.subject }, 'mail kept in outbox (SMTP_URL not set)');
  }

  /** Sends a failed message again, from a fresh set of attempts (an operator's retry, once SMTP works again). */
  async retry(outboxId: number): Promise<boolean> {
    if (!this.transport) return false;
    return this.db.transaction().execute(async (trx) => {
      const reopened = await trx
        .updateTable('mail_outbox')
        .set({ status: 'queued', error: null, attempts: 0 })
        .where('id', '=', outboxId)
        .where('status', '=', 'failed')
        .returning('id')
        .executeTakeFirst();
      if (reopened) await this.jobs.enqueue(MAIL_JOB, { outboxId }, { executor: trx });
      return !!reopened;
    });
  }

  private async deliver(outboxId: number, ctx: JobContext) {
    const row = await this.db.selectFrom('mail_outbox').selectAll().where('id', '=', outboxId).executeTakeFirst();
    // Gone (deleted by an operator) or already sent by an earlier run that died before recording its job.
    if (!row || row.status === 'sent') return;
    try {
      const attachments = await this.attachmentsOf(outboxId);
      await this.transport!.sendMail({
        from: this.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await this.db
        .updateTable('mail_outbox')
        .set({ status: ctx.lastAttempt ? 'failed' : 'retrying', error, attempts: ctx.attempt })
        .where('id', '=', outboxId)
        .execute();
      this.log.warn({ outboxId, attempt: ctx.attempt, maxAttempts: ctx.maxAttempts, error }, 'mail delivery failed');
      throw err;
    }
    await this.db.updateTable('mail_outbox').set({ status: 'sent', sent_at: nowIso(), error: null, attempts: ctx.attempt }).where('id', '=', outboxId).execute();
  }

  /** The message's attachments as streams from the store; one whose bytes are gone fails the attempt, to be retried. */
  private async attachmentsOf(outboxId: number) {
    const rows = await this.db
      .selectFrom('mail_attachments as a')
      .innerJoin('files as f', 'f.id', 'a.file_id')
      .select(['a.filename', 'f.object_name', 'f.content_type'])
      .where('a.outbox_id', '=', outboxId)
      .orderBy('a.id')
      .execute();
    if (rows.length && !this.storage) throw new Error('mail attachments need the file store');
    return Promise.all(
      rows.map(async (r) => {
        const content = await this.storage!.read(r.object_name);
        if (!content) throw new Error(`attachment ${r.filename} is missing from the file store`);
        return { filename: r.filename, content, contentType: r.content_type };
      }),
    );
  }

  close() {
    this.transport?.close();
  }
}
