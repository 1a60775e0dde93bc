import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * The PDF optimiser (issue 20): a conversion of an uploaded PDF into one JPEG per page, run as a
 * background job, and the pages it wrote. A page row is unique per conversion and page, and written in
 * the transaction of the page's file row, so a conversion resumed after a restart never writes a page
 * twice. `ratio` is the decimal as asked ('1', '1.5'). The source PDF is a file row of its own, owned
 * by the conversion, released once the conversion has ended.
 */
export function pdfConversions(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('pdf_conversions'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('membership_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
        .addColumn('source_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('source_name', 'text', (c) => c.notNull())
        .addColumn('ratio', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pages_total', 'integer')
        .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pdf_conversions_company_idx').on('pdf_conversions').columns(['company_id', 'project_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('pdf_conversion_pages'))
        .addColumn('conversion_id', 'integer', (c) => c.notNull().references('pdf_conversions.id').onDelete('cascade'))
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pdf_conversion_pages_page_uq').on('pdf_conversion_pages').columns(['conversion_id', 'page']).unique().execute();
    },
  };
}
