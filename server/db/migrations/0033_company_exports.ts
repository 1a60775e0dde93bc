import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * A company's data exports (issue 22): one row per export run by the job runner, with its progress
 * (steps: one per kind of row, one per file), the zip it wrote (a file row owned by the export) and
 * when that zip expires. At most one export per company is queued or running: the partial unique
 * index makes a second start fail in the database, whatever two requests race. Numbered 0033, not
 * 0032, so it does not clash with another branch's 0032.
 */
export function companyExports(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('company_exports'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('membership_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('steps_total', 'integer')
        .addColumn('steps_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        // Bytes of the zip: bigint, since a company's files may pass the 2 GiB an integer holds on PostgreSQL.
        .addColumn('size_bytes', 'bigint')
        .addColumn('error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('finished_at', t.timestamp)
        .addColumn('expires_at', t.timestamp)
        .execute();
      await db.schema.createIndex('company_exports_company_idx').on('company_exports').columns(['company_id', 'id']).execute();
      await sql`create unique index company_exports_one_running on company_exports (company_id) where status in ('queued', 'running')`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('company_exports').execute();
    },
  };
}
