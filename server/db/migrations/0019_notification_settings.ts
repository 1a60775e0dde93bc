import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Notification settings (issue 11): what a membership hears, by category (Reports, Delays, Others:
 * resources/notification.ts NOTIFICATION_CATEGORIES) and whether it also wants each one by e-mail.
 * Columns rather than the JSON of memberships.notification_settings, which nothing ever wrote but
 * '{}': a choice it does hold is carried over. The bell lists a membership's newest first.
 */
export function notificationSettings(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['notify_reports', 'notify_delays', 'notify_others']) {
        await db.schema.alterTable('memberships').addColumn(column, 'integer', (c) => c.notNull().defaultTo(1)).execute();
      }
      await db.schema.alterTable('memberships').addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      for (const [key, column] of [['Reports', 'notify_reports'], ['Delays', 'notify_delays'], ['Others', 'notify_others']] as const) {
        await sql`update memberships set ${sql.ref(column)} = 0 where notification_settings like ${`%"${key}":false%`}`.execute(db);
      }
      await db.schema.createIndex('notifications_member_newest_idx').on('notifications').columns(['membership_id', 'id']).execute();
    },
  };
}
