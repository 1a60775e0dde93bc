import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';
import { postgresTrigramIndexes, sqliteTextIndex } from './0011_large_lists.js';

/** The project names and codes the project list's text filters find by substring (text-search.ts reads this list too). */
export const TEXT_INDEXED_0013 = {
  projects: ['project_name', 'code'],
} as const;

/**
 * Projects and budgets (issue 8). Money is integer cents (`*_cents`, bigint on PostgreSQL); percents
 * are integer thousandths of a percent (`*_e3`: 33.333 % is 33333); quantities of a budget are
 * whole numbers. Project memberships are `memberships` rows of type 'project' with a project-scoped
 * role (`roles.scope_type = 'project'`), so no table of their own. Project files are `files` rows in
 * the project's folder (`projects.folder_id`), their kind in `files.type`.
 */
export function projectsBudgets(dialect: Dialect) {
  const t = columnTypes(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('projects'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('projects.id'))
        .addColumn('client_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('client_name', 'text')
        .addColumn('client_email', 'text')
        .addColumn('project_name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('project_number', 'text')
        .addColumn('address', 'text')
        .addColumn('country', 'text')
        .addColumn('state', 'text')
        .addColumn('city', 'text')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('powo_number', 'text')
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .addColumn('market_id', 'integer', (c) => c.references('markets.id').onDelete('set null'))
        .addColumn('is_single_part', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('require_quantity_on_pdf_draw', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('task_based_production', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pdf_scale_factor', 'text')
        .addColumn('boundaries_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('map_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('schedule_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('planned'))
        .addColumn('suspended_shutdown_reason', 'text')
        .addColumn('suspend_start', 'text')
        .addColumn('suspend_end', 'text')
        .addColumn('suspend_reason', 'text')
        .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      // A code names one project within its company, whatever its case.
      await sql`create unique index projects_code_idx on projects (company_id, lower(code))`.execute(db);
      await db.schema.createIndex('projects_company_name_idx').on('projects').columns(['company_id', 'project_name', 'id']).execute();
      await db.schema.createIndex('projects_company_created_idx').on('projects').columns(['company_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('projects_client_idx').on('projects').columns(['client_id', 'company_id']).execute();
      await db.schema.createIndex('projects_parent_idx').on('projects').column('parent_id').execute();

      // Subcontractor companies working on a project (spec 02 "crew companies").
      await db.schema
        .createTable('project_crew_companies')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('project_crew_companies_pk', ['project_id', 'company_id'])
        .execute();
      await db.schema.createIndex('project_crew_companies_company_idx').on('project_crew_companies').columns(['company_id', 'project_id']).execute();

      // The survey stations of a linear job, in order along it.
      await t
        .withId(db.schema.createTable('project_stations'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('chainage', 'text')
        .addColumn('description', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('project_stations_position_uq', ['project_id', 'position'])
        .execute();

      await db.schema.createIndex('memberships_project_idx').on('memberships').columns(['project_id', 'user_id']).execute();

      await t
        .withId(db.schema.createTable('budgets'))
        .addColumn('project_id', 'integer', (c) => c.notNull().unique().references('projects.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('single_part', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retainage_e3', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('profitability_e3', 'integer', (c) => c.notNull().defaultTo(0))
        // The unguessable budget half of an external review link (the review half is kept hashed).
        .addColumn('public_hash', 'text', (c) => c.notNull().unique())
        .addColumn('submitted_at', t.timestamp)
        .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('budgets_company_idx').on('budgets').columns(['company_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('budget_items'))
        .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('report_weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('quantity', big, (c) => c.notNull().defaultTo(0))
        .addColumn('price_cents', big, (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('budget_items_budget_idx').on('budget_items').columns(['budget_id', 'id']).execute();
      await db.schema.createIndex('budget_items_item_idx').on('budget_items').columns(['item_id', 'budget_id']).execute();

      await t
        .withId(db.schema.createTable('budget_reviews'))
        .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
        .addColumn('membership_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
        .addColumn('reviewer_company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('reviewer_name', 'text', (c) => c.notNull())
        .addColumn('reviewer_email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('status_reason', 'text')
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('token_expires_at', t.timestamp)
        .addColumn('signature_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .addColumn('signature_sha256', 'text')
        .addColumn('signed_at', t.timestamp)
        .addColumn('signer_name', 'text')
        .addColumn('signer_ip', 'text')
        .addColumn('signer_user_agent', 'text')
        .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('budget_reviews_budget_idx').on('budget_reviews').columns(['budget_id', 'status']).execute();

      await t
        .withId(db.schema.createTable('budget_comments'))
        .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
        .addColumn('budget_item_id', 'integer', (c) => c.references('budget_items.id').onDelete('set null'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('budget_comments_budget_idx').on('budget_comments').columns(['budget_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('change_orders'))
        .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
        .addColumn('budget_item_id', 'integer', (c) => c.notNull().references('budget_items.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('price_cents', big, (c) => c.notNull())
        .addColumn('report_weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('request_from_parent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('previous_quantity', big)
        .addColumn('previous_price_cents', big)
        .addColumn('sent_at', t.timestamp)
        .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decided_at', t.timestamp)
        .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('change_orders_number_uq', ['budget_id', 'number'])
        .execute();
      await db.schema.createIndex('change_orders_budget_idx').on('change_orders').columns(['budget_id', 'status', 'id']).execute();
      await db.schema.createIndex('change_orders_item_idx').on('change_orders').columns(['budget_item_id', 'status']).execute();

      // Rows the real-time issue delivers; written now by every service whose change others should hear about.
      await t
        .withId(db.schema.createTable('notifications'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['membership_id', 'read', 'id']).execute();

      if (dialect === 'sqlite') {
        for (const [table, columns] of Object.entries(TEXT_INDEXED_0013)) await sqliteTextIndex(db, table, columns);
      } else {
        await postgresTrigramIndexes(db, TEXT_INDEXED_0013);
      }

      await budgetActivityColumn(db, dialect);
    },
  };
}

/** The audit entity types a budget's activity lists (server/modules/budgets/budget-activity.ts). */
export const BUDGET_ACTIVITY_TYPES = ['budget', 'budget_item', 'budget_review', 'change_order'] as const;

/**
 * `audit_events.budget_id`: the budget whose activity lists the event, so a page of it is read newest
 * first from one index (audit_budget_idx) instead of finding every event of every item, review and
 * change order through audit_entity_idx and sorting them all. The database sets it when an event of
 * those types is recorded (its row's budget, looked up then); the events of a budget item or change
 * order that is deleted leave the budget's activity with it (their budget_id is cleared), as they did
 * when the activity was found through the rows the budget still has. Writers need not know of it.
 */
async function budgetActivityColumn(db: Kysely<any>, dialect: Dialect) {
  await db.schema.alterTable('audit_events').addColumn('budget_id', 'integer').execute();
  await sql`create index audit_budget_idx on audit_events (budget_id, created_at, id) where budget_id is not null`.execute(db);
  const types = sql.join(BUDGET_ACTIVITY_TYPES.map((type) => sql.lit(type)));
  if (dialect === 'sqlite') {
    await sql`create trigger audit_events_budget after insert on audit_events when new.entity_type in (${types}) begin
      update audit_events set budget_id = case new.entity_type
          when 'budget' then (select id from budgets where id = cast(new.entity_id as integer))
          when 'budget_item' then (select budget_id from budget_items where id = cast(new.entity_id as integer))
          when 'budget_review' then (select budget_id from budget_reviews where id = cast(new.entity_id as integer))
          else (select budget_id from change_orders where id = cast(new.entity_id as integer))
        end
        where id = new.id;
    end`.execute(db);
    for (const [table, type] of [['budget_items', 'budget_item'], ['change_orders', 'change_order']] as const) {
      await sql`create trigger ${sql.id(`${table}_leave_activity`)} after delete on ${sql.table(table)} begin
        update audit_events set budget_id = null where entity_type = ${sql.lit(type)} and entity_id = cast(old.id as text) and budget_id is not null;
      end`.execute(db);
    }
    return;
  }
  await sql`
    create function audit_events_budget() returns trigger language plpgsql as $$
    begin
      if new.entity_id ~ '^[0-9]{1,18}$' then
        new.budget_id := case new.entity_type
          when 'budget' then (select id from budgets where id = new.entity_id::bigint)
          when 'budget_item' then (select budget_id from budget_items where id = new.entity_id::bigint)
          when 'budget_review' then (select budget_id from budget_reviews where id = new.entity_id::bigint)
          when 'change_order' then (select budget_id from change_orders where id = new.entity_id::bigint)
        end;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger audit_events_budget before insert on audit_events for each row when (new.entity_type in (${types})) execute function audit_events_budget()`.execute(db);
  await sql`
    create function budget_rows_leave_activity() returns trigger language plpgsql as $$
    begin
      update audit_events set budget_id = null where entity_type = tg_argv[0] and entity_id = old.id::text and budget_id is not null;
      return null;
    end $$`.execute(db);
  for (const [table, type] of [['budget_items', 'budget_item'], ['change_orders', 'change_order']] as const) {
    await sql`create trigger ${sql.id(`${table}_leave_activity`)} after delete on ${sql.table(table)} for each row execute function budget_rows_leave_activity(${sql.lit(type)})`.execute(db);
  }
}
