import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { nowIso } from './json.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends through SMTP when SMTP_URL is set. Without it the message is kept in the mail_outbox table
 * and only its recipient and subject are logged: its links are secrets (docs/operations.md).
 */
export class Mailer {
  private transport: Transporter | null;
  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    smtpUrl: string | null,
    private from = 'Fieldwork <no-reply@fieldwork.local>',
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(message: MailMessage): Promise<void> {
    const row = await this.db
      .insertInto('mail_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        status: this.transport ? 'sending' : 'kept',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.transport) {
      this.log.info({ outboxId: row.id, to: message.to, subject: message.subject }, 'mail kept in outbox (SMTP_URL not set)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      await this.db.updateTable('mail_outbox').set({ status: 'sent', sent_at: nowIso() }).where('id', '=', row.id).execute();
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.log.error({ outboxId: row.id, error }, 'mail delivery failed');
      await this.db.updateTable('mail_outbox').set({ status: 'failed', error }).where('id', '=', row.id).execute();
    }
  }

  close() {
    this.transport?.close();
  }
}
