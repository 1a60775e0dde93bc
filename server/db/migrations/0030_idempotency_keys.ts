import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Idempotent writes (issue 21): the first answer to a write that carried an `Idempotency-Key`, kept
 * per user and key for 24 hours so a retry gets it again instead of writing twice. A row is `running`
 * from before the handler runs until its answer is stored (`done`); the expiry index serves the sweep.
 */
export function idempotencyKeys(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('idempotency_keys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        // Null while an upload is still being read: its bytes are hashed as the handler reads them.
        .addColumn('fingerprint', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addColumn('headers', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_user_key_uq', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').columns(['expires_at']).execute();
    },
  };
}
