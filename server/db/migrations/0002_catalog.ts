import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/** Company catalogs: task, damage and footprint types, safety authorities, item categories. */
export function catalog(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      for (const table of ['task_types', 'damage_types', 'footprint_types']) {
        await t
          .withId(db.schema.createTable(table))
          .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('created_at', t.timestamp, (c) => c.notNull())
          .addColumn('updated_at', t.timestamp, (c) => c.notNull())
          .addUniqueConstraint(`${table}_company_name_unique`, ['company_id', 'name'])
          .execute();
      }

      await t
        .withId(db.schema.createTable('safety_authorities'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('safety_authorities_company_name_unique', ['company_id', 'name'])
        .execute();

      await t
        .withId(db.schema.createTable('item_categories'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('item_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('color', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('item_categories_company_parent_idx').on('item_categories').columns(['company_id', 'parent_id', 'name']).execute();
    },
  };
}
