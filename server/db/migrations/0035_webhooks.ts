import { type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Webhooks (issue 23): a company's endpoints, each with the events it wants and its signing secret
 * (sealed with the field key), and one delivery row per (event, endpoint), written in the transaction
 * of the change that raised the event, so a change that rolls back leaves no delivery. The delivery's
 * body is fixed when it is written; each attempt signs it again with the time of sending. Numbered
 * 0035: 0034 is the API tokens' branch.
 */
export function webhooks(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('webhooks'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        // A JSON array of resources/webhook.ts WebhookEvent.
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // Since when every attempt has failed (null while the last one succeeded), and when the endpoint was paused for it.
        .addColumn('failing_since', t.timestamp)
        .addColumn('paused_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_company_idx').on('webhooks').columns(['company_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('webhook_deliveries'))
        .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('event', 'text', (c) => c.notNull())
        // The event's id: the same for every endpoint the one change was sent to.
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer')
        .addColumn('resend_of', 'integer')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('first_attempt_at', t.timestamp)
        .addColumn('last_attempt_at', t.timestamp)
        .addColumn('next_attempt_at', t.timestamp)
        .addColumn('finished_at', t.timestamp)
        .execute();
      await db.schema.createIndex('webhook_deliveries_webhook_idx').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhooks').execute();
    },
  };
}
