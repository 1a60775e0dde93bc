import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/** Uploaded files: bytes on disk under the data folder, facts here. */
export function files(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('files'))
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('object_name', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_entity_idx').on('files').columns(['entity_type', 'entity_id', 'type']).execute();
      await db.schema.createIndex('files_company_idx').on('files').columns(['company_id', 'created_at']).execute();
    },
  };
}
