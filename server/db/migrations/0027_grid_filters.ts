import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Indexes for grids filtered on several columns (issue 19):
 * - a crew's productions in one status from a day on (the productions grid's crew, status and date
 *   conditions), newest first from the index, with the company and project the visibility rule reads,
 *   so the page's count never reads the table;
 * - on SQLite, members by name without ASCII case (list-query's `prefixIndex`): a name that starts
 *   with, or a pattern with a literal start, reads a range of it. PostgreSQL's pg_trgm index (0011)
 *   already serves those filters.
 */
export function gridFilters(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('productions_crew_status_idx').on('productions').columns(['crew_id', 'status', 'date', 'id', 'company_id', 'project_id']).execute();
      if (dialect === 'sqlite') await sql`create index memberships_list_name_nocase_idx on memberships (company_id, type, name collate nocase)`.execute(db);
    },
  };
}
