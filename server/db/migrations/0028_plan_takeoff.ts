import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Takeoff on plan sheets (issue 20). `plan_sheets` is one row per PDF file and page, made by an
 * upsert on (file_id, page_number) so two people calibrating the same page never make two; it holds
 * the page's calibration (a reference line's length in points and the known distance it stands for).
 * `plan_layer_items` are the drawings: one catalog item drawn on one page for one budget, with its
 * geometry (JSON text, PDF points) and quantity in thousandths, measured or typed; `budget_item_id`
 * is set once the takeoff is added to the budget. `production_plan_marks` are what a crew marked as
 * built on a drawing in one production, the evidence of the production item they sum to.
 */
export function planTakeoff(dialect: Dialect) {
  const t = columnTypes(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('plan_sheets'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('page_number', 'integer', (c) => c.notNull())
        // The reference line's length in PDF points (decimal text, 8 decimals), the distance and its unit.
        .addColumn('scale_points', 'text')
        .addColumn('scale_distance', 'text')
        .addColumn('scale_unit', 'text')
        .addColumn('calibrated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('calibrated_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('plan_sheets_file_page_uq', ['file_id', 'page_number'])
        .execute();

      await t
        .withId(db.schema.createTable('plan_layer_items'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('page_number', 'integer', (c) => c.notNull())
        .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        // A budget item deleted from the budget leaves the drawing, no longer added.
        .addColumn('budget_item_id', 'integer', (c) => c.references('budget_items.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('geometry', 'text', (c) => c.notNull())
        .addColumn('quantity_e3', big, (c) => c.notNull().defaultTo(0))
        .addColumn('quantity_typed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('plan_layer_items_sheet_idx').on('plan_layer_items').columns(['file_id', 'page_number', 'id']).execute();
      await db.schema.createIndex('plan_layer_items_budget_item_idx').on('plan_layer_items').columns(['budget_item_id']).execute();
      // A draft production lists the project's pages with drawings in the budget, where its crew marks what it built.
      await db.schema.createIndex('plan_layer_items_project_idx').on('plan_layer_items').columns(['project_id', 'file_id', 'page_number']).execute();

      await t
        .withId(db.schema.createTable('production_plan_marks'))
        .addColumn('production_id', 'integer', (c) => c.notNull().references('productions.id').onDelete('cascade'))
        .addColumn('production_item_id', 'integer', (c) => c.notNull().references('production_items.id').onDelete('cascade'))
        .addColumn('layer_item_id', 'integer', (c) => c.notNull().references('plan_layer_items.id').onDelete('cascade'))
        .addColumn('geometry', 'text', (c) => c.notNull())
        .addColumn('quantity_e3', big, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('production_plan_marks_production_idx').on('production_plan_marks').columns(['production_id', 'id']).execute();
      await db.schema.createIndex('production_plan_marks_layer_item_idx').on('production_plan_marks').columns(['layer_item_id']).execute();
      await db.schema.createIndex('production_plan_marks_item_idx').on('production_plan_marks').columns(['production_item_id']).execute();
    },
  };
}
