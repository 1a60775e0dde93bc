import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * On PostgreSQL, members by name without ASCII case, as 0027 gave SQLite: a name that starts with,
 * or a pattern with a literal start, reads a range of `lower(name collate "C")` (list-query's
 * `prefixIndex`; under "C", lower folds ASCII only, as the ILIKE beside it does) instead of the
 * pg_trgm index, whose dozen trigrams of a full name cost several milliseconds a page (issue 19).
 */
export function memberNamePrefix(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`create index memberships_list_name_prefix_idx on memberships (company_id, type, lower(name collate "C"))`.execute(db);
    },
  };
}
