import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/** Members: the item categories a member works on, one live membership per e-mail and company, list indexes. */
export function members(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('member_categories')
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
        // A category deleted from the catalog simply leaves the members that listed it.
        .addColumn('category_id', 'integer', (c) => c.notNull().references('item_categories.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('member_categories_pk', ['membership_id', 'category_id'])
        .execute();
      await db.schema.createIndex('member_categories_category_idx').on('member_categories').column('category_id').execute();

      // Two invitations racing for the same person end as one row and a 409; a declined one may be renewed.
      await sql`create unique index memberships_company_email_unique on memberships (company_id, lower(email)) where type = 'company' and status <> 'declined'`.execute(db);
      // Sorting and filtering the members grid; (company_id, type, status) exists since 0001.
      for (const column of ['name', 'email', 'role_id', 'created_at']) {
        await db.schema.createIndex(`memberships_list_${column}_idx`).on('memberships').columns(['company_id', 'type', column]).execute();
      }
    },
  };
}
