import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';
import { postgresTrigramIndexes, sqliteTextIndex } from './0011_large_lists.js';

/** The names the file manager's search finds by substring (server/lib/text-search.ts reads this list with 0011's). */
export const TEXT_INDEXED_0012 = {
  files: ['name'],
  folders: ['name'],
} as const;

/** Every company's root folder is named this (not the company's name, which changes and would then disagree). */
export const ROOT_FOLDER_NAME = 'Files';

/**
 * The file manager: folders (a tree per company, one root each), files placed in them with a display
 * name and earlier versions, and grants per folder and per file. `acl_type`/`acl_id` on every folder
 * and file name the node whose grants apply (itself, else its nearest ancestor with grants, else null
 * for unrestricted), kept by the service whenever grants change or a node moves, so visibility is a
 * plain predicate in list and search queries.
 */
export function fileManager(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('folders'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('folders.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('project_id', 'integer')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('acl_type', 'text')
        .addColumn('acl_id', 'integer')
        .execute();
      // Sibling names never repeat, whatever their case; one root (the only folder without a parent) per company.
      await sql`create unique index folders_sibling_name_idx on folders (company_id, parent_id, lower(name))`.execute(db);
      await sql`create unique index folders_root_idx on folders (company_id) where parent_id is null`.execute(db);
      await db.schema.createIndex('folders_children_idx').on('folders').columns(['parent_id', 'name']).execute();

      await db.schema.alterTable('files').addColumn('folder_id', 'integer', (c) => c.references('folders.id')).execute();
      await db.schema.alterTable('files').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('files').addColumn('updated_at', t.timestamp).execute();
      await db.schema.alterTable('files').addColumn('version_of', 'integer', (c) => c.references('files.id')).execute();
      await db.schema.alterTable('files').addColumn('acl_type', 'text').execute();
      await db.schema.alterTable('files').addColumn('acl_id', 'integer').execute();
      await sql`update files set name = filename, updated_at = created_at`.execute(db);
      await db.schema.createIndex('files_folder_name_idx').on('files').columns(['folder_id', 'name']).execute();
      await db.schema.createIndex('files_version_of_idx').on('files').column('version_of').execute();

      await t
        .withId(db.schema.createTable('file_permissions'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('subject_type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('file_permissions_grant_uq', ['target_type', 'target_id', 'subject_type', 'subject_id'])
        .execute();

      const now = new Date().toISOString();
      await sql`insert into folders (company_id, parent_id, name, created_at, updated_at)
        select id, null, ${ROOT_FOLDER_NAME}, ${now}, ${now} from companies`.execute(db);

      if (dialect === 'sqlite') {
        for (const [table, columns] of Object.entries(TEXT_INDEXED_0012)) await sqliteTextIndex(db, table, columns);
      } else {
        await postgresTrigramIndexes(db, TEXT_INDEXED_0012);
      }
    },
  };
}
