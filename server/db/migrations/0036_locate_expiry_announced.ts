import type { Kysely } from 'kysely';

/**
 * The expiry date a locate ticket's `locate.expiring` webhook event was sent for (issue 23): the
 * hourly scan announces each ticket once per expiry date, so a ticket renewed to a later date is
 * announced again when that date comes near, and two processes never announce it twice.
 */
export function locateExpiryAnnounced() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('locates').addColumn('expiring_announced_for', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('locates').dropColumn('expiring_announced_for').execute();
    },
  };
}
