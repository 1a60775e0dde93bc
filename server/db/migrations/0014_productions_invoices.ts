import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Productions and invoices (issue 9). A production is one crew's daily sheet on a project; its items
 * are quantities against the project's budget items, decimal with three places kept exactly as
 * integer thousandths (`quantity_e3`: 12.5 is 12500). Each company that must approve a production
 * holds a review row. An invoice bills production items; money is integer cents and the retainage
 * percent integer thousandths, like budgets (migration 0013). A production item is on at most one
 * active invoice line per billing company: the partial unique index is what keeps it from being
 * billed twice, also under concurrent requests.
 */
export function productionsInvoices(dialect: Dialect) {
  const t = columnTypes(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('productions'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        // The company whose crew produced: the project's owner, or a subcontractor working on it.
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id'))
        // A task of the project (task-based production); tasks arrive with issue 10.
        .addColumn('task_id', 'integer')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('reject_reason', 'text')
        .addColumn('submitted_at', t.timestamp)
        .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', t.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        // One sheet per crew, project and day; siblings are the other crews' sheets of that day.
        .addUniqueConstraint('productions_crew_day_uq', ['project_id', 'crew_id', 'date'])
        .execute();
      await db.schema.createIndex('productions_company_date_idx').on('productions').columns(['company_id', 'date', 'id']).execute();
      await db.schema.createIndex('productions_project_status_idx').on('productions').columns(['project_id', 'status', 'date', 'id']).execute();
      await db.schema.createIndex('productions_crew_idx').on('productions').columns(['crew_id', 'date']).execute();
      // The list's default order (newest day first) for a company that sees others' productions too: read in order, not sorted.
      await db.schema.createIndex('productions_date_idx').on('productions').columns(['date', 'id']).execute();

      // One review per company that approves the production: the producer's own, and the project
      // owner's when a subcontractor produced.
      await t
        .withId(db.schema.createTable('production_reviews'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reason', 'text')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('production_reviews_company_uq', ['production_id', 'company_id'])
        .execute();
      await db.schema.createIndex('production_reviews_company_idx').on('production_reviews').columns(['company_id', 'status', 'production_id']).execute();

      await t
        .withId(db.schema.createTable('production_items'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        // A budget item produced on cannot be deleted while production of it exists.
        .addColumn('budget_item_id', 'integer', (c) => c.notNull().references('budget_items.id'))
        .addColumn('quantity_e3', big, (c) => c.notNull().defaultTo(0))
        .addColumn('photos_number', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('station_id', 'integer', (c) => c.references('project_stations.id').onDelete('set null'))
        // 'manual', or 'pdf' for quantities measured on a plan (PATCH /production/{id}/pdf/items).
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_items_production_idx').on('production_items').columns(['production_id', 'id']).execute();
      await db.schema.createIndex('production_items_budget_item_idx').on('production_items').columns(['budget_item_id', 'production_id']).execute();

      await db.schema
        .createTable('production_stations')
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('station_id', 'integer', (c) => c.notNull().references('project_stations.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('production_stations_pk', ['production_id', 'station_id'])
        .execute();

      // Where the work ran: a line of [lat, lng] points (JSON), from the phone or drawn on the map.
      await t
        .withId(db.schema.createTable('production_traces'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('points', 'text', (c) => c.notNull())
        .addColumn('length_m', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_traces_production_idx').on('production_traces').columns(['production_id', 'id']).execute();

      // Photos of a production, or of one of its items (production_item_id), kept in the file store.
      await t
        .withId(db.schema.createTable('production_photos'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('production_item_id', 'integer', (c) => c.references('production_items.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_photos_production_idx').on('production_photos').columns(['production_id', 'production_item_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('production_comments'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_comments_production_idx').on('production_comments').columns(['production_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('invoices'))
        // The company that bills: the project's owner billing its client, or a subcontractor billing the owner.
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        // The company billed, when it is on the platform; else client_name (the project's client by name).
        .addColumn('client_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('client_name', 'text')
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('due_date', 'text')
        .addColumn('week_ending_date', 'text')
        .addColumn('retainage_e3', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text')
        // Kept in step with the lines and transactions in the transactions that change them.
        .addColumn('subtotal_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('retainage_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('released_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('paid_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('single_part', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reject_reason', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('sent_at', t.timestamp)
        .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', t.timestamp)
        .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('paid_at', t.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('invoices_number_uq', ['company_id', 'number'])
        .execute();
      await db.schema.createIndex('invoices_company_status_idx').on('invoices').columns(['company_id', 'status', 'created_at', 'id']).execute();
      await db.schema.createIndex('invoices_company_created_idx').on('invoices').columns(['company_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('invoices_client_status_idx').on('invoices').columns(['client_id', 'status', 'created_at', 'id']).execute();
      await db.schema.createIndex('invoices_project_idx').on('invoices').columns(['project_id', 'status']).execute();

      await t
        .withId(db.schema.createTable('invoice_lines'))
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id'))
        .addColumn('production_item_id', 'integer', (c) => c.notNull().references('production_items.id'))
        .addColumn('budget_item_id', 'integer', (c) => c.notNull().references('budget_items.id'))
        .addColumn('quantity_e3', big, (c) => c.notNull())
        .addColumn('price_cents', big, (c) => c.notNull())
        .addColumn('amount_cents', big, (c) => c.notNull())
        // 0 once the invoice is cancelled: the item may be billed again.
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_lines_invoice_idx').on('invoice_lines').columns(['invoice_id', 'id']).execute();
      await db.schema.createIndex('invoice_lines_production_idx').on('invoice_lines').columns(['production_id', 'active']).execute();
      await sql`create unique index invoice_lines_billed_uq on invoice_lines (company_id, production_item_id) where active = 1`.execute(db);

      await t
        .withId(db.schema.createTable('invoice_transactions'))
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        // 'payment', or 'retainage_release' (held retainage becomes due).
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount_cents', big, (c) => c.notNull())
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('note', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invoice_transactions_invoice_idx').on('invoice_transactions').columns(['invoice_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('invoice_comments'))
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      // Running sums of each budget item, kept by the production and invoice state machines in their
      // transactions (server/modules/budgets/budget-running-sums.ts), so the budget's figures read one
      // row per item instead of grouping every approved item and billed line of the project's history.
      await db.schema.alterTable('budget_items').addColumn('produced_e3', big, (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('budget_items').addColumn('billed_cents', big, (c) => c.notNull().defaultTo(0)).execute();

      await db.schema.createIndex('invoice_comments_invoice_idx').on('invoice_comments').columns(['invoice_id', 'id']).execute();
    },
  };
}
