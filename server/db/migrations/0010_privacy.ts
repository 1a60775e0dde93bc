import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * E-mail change links (hashed, single use, like password resets), and the audit trail cleared of
 * the driver's licence numbers it kept in plaintext before they were treated as secret. The stored
 * SSNs and licence numbers themselves are encrypted at start (sealStoredSensitive): that needs the
 * key, which migrations do not have.
 */
export function privacy(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('email_changes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();

      const secret = ['ssn', 'drivers_license', 'driversLicense'];
      const rows: Array<{ id: number; changes: string }> = await db
        .selectFrom('audit_events')
        .select(['id', 'changes'])
        .where('entity_type', '=', 'user')
        .where((eb) => eb.or(secret.map((key) => eb('changes', 'like', `%"${key}"%`))))
        .execute();
      for (const row of rows) {
        const changes = JSON.parse(row.changes) as Record<string, unknown>;
        for (const key of secret) delete changes[key];
        await db.updateTable('audit_events').set({ changes: JSON.stringify(changes) }).where('id', '=', row.id).execute();
      }
    },
  };
}
