import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * A company's time zone (issue 17): its new projects start in it and its company-level trails show
 * in it. Existing companies keep UTC, what their dates have shown so far.
 */
export function companyTimezone(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('companies').addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();
    },
  };
}
