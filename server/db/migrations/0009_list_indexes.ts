import type { Kysely } from 'kysely';

/** Sort indexes for the members grid, led by the company so a page is read in order. */
export function listIndexes() {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['name', 'created_at', 'role_id', 'status']) {
        await db.schema.createIndex(`memberships_company_${column}_idx`).on('memberships').columns(['company_id', column]).execute();
      }
    },
  };
}
