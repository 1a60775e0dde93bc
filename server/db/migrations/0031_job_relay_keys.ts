import type { Kysely } from 'kysely';

/**
 * Each job row gets a random key of its own, the id BullMQ knows it by (issue 22). The row id alone
 * is not unique behind a shared Redis: a database restored from a backup or created anew numbers its
 * jobs again from where it stands, and BullMQ dropped them as duplicates of the old installation's
 * finished jobs (kept a day), so a restored installation's mail silently never left. Rows written
 * before this keep `job-<id>`.
 */
export function jobRelayKeys() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('relay_key', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('jobs').dropColumn('relay_key').execute();
    },
  };
}
