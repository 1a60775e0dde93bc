import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * One default dashboard per company and role (issue 18): the first viewers of a role to open the
 * dashboard at the same moment race to create it, and this index lets exactly one insert win. Rows
 * without a role (every user's own dashboards) are not held by it: NULLs are distinct on both engines.
 */
export function dashboardRoleDefaults(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('dashboards_company_role_uq').on('dashboards').columns(['company_id', 'role']).unique().execute();
    },
  };
}
