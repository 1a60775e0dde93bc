import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/** Crews: the item categories a crew works on, one name per crew in a company, list indexes. */
export function crews(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('crew_categories')
        .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id').onDelete('cascade'))
        // A category deleted from the catalog simply leaves the crews that listed it.
        .addColumn('category_id', 'integer', (c) => c.notNull().references('item_categories.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('crew_categories_pk', ['crew_id', 'category_id'])
        .execute();
      await db.schema.createIndex('crew_categories_category_idx').on('crew_categories').column('category_id').execute();

      // Names differing only in case would be indistinguishable in a crew picker.
      await sql`create unique index crews_company_name_unique on crews (company_id, lower(name))`.execute(db);
      await db.schema.createIndex('crews_company_created_idx').on('crews').columns(['company_id', 'created_at']).execute();
    },
  };
}
