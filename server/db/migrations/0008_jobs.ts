import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/** Durable background jobs (server/jobs/), and the attempt count of each mail in the outbox. */
export function jobs(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('jobs'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        // queued (waiting for run_at, also between retries), running, done, failed (no attempt left).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', t.timestamp, (c) => c.notNull())
        .addColumn('dedupe_key', 'text')
        .addColumn('last_error', 'text')
        // The runner holding a running job and until when; a crashed runner's lock lapses and the job is taken again.
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', t.timestamp)
        // With REDIS_URL the row is an outbox entry: set once the relay has handed it to BullMQ.
        .addColumn('relayed_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('finished_at', t.timestamp)
        .execute();
      // The claim reads due rows in run_at order; failed jobs are listed by status.
      await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();
      await sql`create index jobs_unrelayed_idx on jobs (id) where relayed_at is null and status = 'queued'`.execute(db);
      // One pending job per name and key: enqueueing it again while it waits or runs is a no-op.
      await sql`create unique index jobs_dedupe_unique on jobs (name, dedupe_key) where dedupe_key is not null and status in ('queued', 'running')`.execute(db);

      await db.schema.alterTable('mail_outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('mail_outbox_status_idx').on('mail_outbox').columns(['status', 'id']).execute();
    },
  };
}
