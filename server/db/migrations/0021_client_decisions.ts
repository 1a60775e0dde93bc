import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Documents decided by a client without an account (issue 17). A document link is a long random
 * token, kept only as its hash, that opens one document (an invoice or a change order) for the
 * contact it was mailed to; it expires, dies once used, and a newer sending revokes it. Every
 * decision on such a document, whoever made it (a member signed in, the contact through a link, or
 * the issuer recording one received outside the product), is a document_decisions row: who said it,
 * when, how, and the optional file that proves it. A mail may carry stored files as attachments. The
 * client contact a document goes to is kept on the document, so it can be changed before sending.
 */
export function clientDecisions(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('document_links'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('contact_email', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text')
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .addColumn('revoked_at', t.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_links_entity_idx').on('document_links').columns(['entity_type', 'entity_id']).execute();

      await t
        .withId(db.schema.createTable('document_decisions'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('decided_by_name', 'text', (c) => c.notNull())
        .addColumn('decided_by_email', 'text')
        .addColumn('decided_at', t.timestamp, (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('link_id', 'integer', (c) => c.references('document_links.id').onDelete('set null'))
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_decisions_entity_idx').on('document_decisions').columns(['entity_type', 'entity_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('mail_attachments'))
        .addColumn('outbox_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('filename', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_attachments_outbox_idx').on('mail_attachments').columns(['outbox_id']).execute();

      for (const table of ['invoices', 'change_orders']) {
        await db.schema.alterTable(table).addColumn('contact_email', 'text').execute();
        await db.schema.alterTable(table).addColumn('contact_name', 'text').execute();
      }
    },
  };
}
