import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/** Items (the company's catalog, optionally per partnership) and the list indexes of the catalog screens. */
export function items(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('items'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        // Items made for one client relationship leave with it; its client is read from the partnership,
        // which names it only once an invitation is accepted.
        .addColumn('partnership_id', 'integer', (c) => c.references('partnerships.id').onDelete('cascade'))
        .addColumn('market_id', 'integer', (c) => c.references('markets.id').onDelete('set null'))
        // Deleting a category that items use is refused (409), so no cascade here.
        .addColumn('category_id', 'integer', (c) => c.references('item_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('unit', 'text')
        .addColumn('icon_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('icon_url', 'text')
        .addColumn('production_is_allowed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('production_item_type', 'text')
        .addColumn('line_color', 'text')
        .addColumn('photos_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      // The grid's sorts, each led by the company so a page of 50 is read in order from the index.
      for (const column of ['name', 'code', 'unit', 'created_at']) {
        await db.schema.createIndex(`items_company_${column}_idx`).on('items').columns(['company_id', column]).execute();
      }
      // Equality filters, and the foreign keys' own lookups when a category, partnership, market or file goes.
      await db.schema.createIndex('items_company_category_idx').on('items').columns(['company_id', 'category_id', 'name']).execute();
      await db.schema.createIndex('items_partnership_idx').on('items').columns(['partnership_id', 'name']).execute();
      await db.schema.createIndex('items_category_idx').on('items').column('category_id').execute();
      await db.schema.createIndex('items_market_idx').on('items').column('market_id').execute();
      await db.schema.createIndex('items_icon_idx').on('items').column('icon_id').execute();
      // A code names one item within a list: the company's own items, or one partnership's.
      await sql`create unique index items_code_unique on items (company_id, coalesce(partnership_id, 0), lower(code)) where code is not null`.execute(db);

      // Two sibling categories with the same name could not be told apart in a picker.
      await sql`create unique index item_categories_sibling_name_unique on item_categories (company_id, coalesce(parent_id, 0), lower(name))`.execute(db);
      await db.schema.createIndex('item_categories_company_name_idx').on('item_categories').columns(['company_id', 'name']).execute();
      await db.schema.createIndex('item_categories_parent_idx').on('item_categories').column('parent_id').execute();
      await db.schema.createIndex('safety_authorities_company_created_idx').on('safety_authorities').columns(['company_id', 'created_at']).execute();
    },
  };
}
