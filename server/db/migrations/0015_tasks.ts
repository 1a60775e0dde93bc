import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';
import { postgresTrigramIndexes, sqliteTextIndex } from './0011_large_lists.js';

/** The task columns `q` and the text filters search, served by trigram indexes (server/lib/text-search.ts). */
export const TEXT_INDEXED_0015 = {
  tasks: ['summary', 'description', 'address', 'city'],
} as const;

/**
 * Tasks (issue 10): work a company plans on one of its projects, for one of its crews, moved through
 * one state machine (resources/task.ts). Days are 'YYYY-MM-DD' text; item quantities integer
 * thousandths like production's. `position` orders a board column (a double, so a card dropped
 * between two others takes the midpoint). The indexes serve the list as read, each leading with the
 * filter it answers and ending in the default order (newest first): the company's tasks, by status,
 * priority, start or end day (the calendar's range too); by project, crew or type. A production may
 * name a task of its project: PostgreSQL clears the link by a foreign key when the task goes, SQLite
 * (which cannot add one to an existing table) by a trigger.
 */
export function tasks(dialect: Dialect) {
  const t = columnTypes(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('tasks'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('type_id', 'integer', (c) => c.references('task_types.id').onDelete('set null'))
        .addColumn('crew_id', 'integer', (c) => c.references('crews.id').onDelete('set null'))
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('country', 'text')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
        .addColumn('reject_reason', 'text')
        .addColumn('position', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('tasks').columns(columns).execute();
      await index('tasks_company_created_idx', ['company_id', 'created_at', 'id']);
      await index('tasks_company_status_idx', ['company_id', 'status', 'created_at', 'id']);
      // A board column in card order.
      await index('tasks_company_status_position_idx', ['company_id', 'status', 'position', 'id']);
      await index('tasks_company_priority_idx', ['company_id', 'priority', 'created_at', 'id']);
      await index('tasks_company_start_idx', ['company_id', 'start_date', 'id']);
      await index('tasks_company_end_idx', ['company_id', 'end_date', 'id']);
      await index('tasks_project_idx', ['project_id', 'created_at', 'id']);
      await index('tasks_crew_idx', ['crew_id', 'created_at', 'id']);
      await index('tasks_type_idx', ['type_id', 'created_at', 'id']);

      await t
        .withId(db.schema.createTable('task_items'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('budget_item_id', 'integer', (c) => c.notNull().references('budget_items.id').onDelete('cascade'))
        .addColumn('quantity_e3', big, (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('task_items_budget_item_uq', ['task_id', 'budget_item_id'])
        .execute();
      await db.schema.createIndex('task_items_budget_item_idx').on('task_items').column('budget_item_id').execute();

      await t
        .withId(db.schema.createTable('task_comments'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_comments_task_idx').on('task_comments').columns(['task_id', 'id']).execute();

      // A task's files (any type) by category, kept in the file store as the task's (entity 'task').
      await t
        .withId(db.schema.createTable('task_files'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_files_task_idx').on('task_files').columns(['task_id', 'category', 'id']).execute();
      await db.schema.createIndex('task_files_file_idx').on('task_files').column('file_id').execute();

      await db.schema.createIndex('productions_task_idx').on('productions').columns(['task_id']).execute();
      if (dialect === 'postgres') {
        await sql`alter table productions add constraint productions_task_fk foreign key (task_id) references tasks (id) on delete set null`.execute(db);
        await postgresTrigramIndexes(db, TEXT_INDEXED_0015);
      } else {
        await sql`create trigger tasks_production_link after delete on tasks begin
          update productions set task_id = null where task_id = old.id;
        end`.execute(db);
        for (const [table, columns] of Object.entries(TEXT_INDEXED_0015)) await sqliteTextIndex(db, table, columns);
      }
      await taskTotals(db, dialect);
    },
  };
}

/**
 * Each company's task count in list_totals (migration 0011), kept by triggers, so the unfiltered
 * list's total reads one row instead of counting a company's 200,000 tasks. A task never changes company.
 */
async function taskTotals(db: Kysely<any>, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`create trigger tasks_total_insert after insert on tasks begin
      insert into list_totals (list, scope_id, n) values ('tasks', new.company_id, 1) on conflict (list, scope_id) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger tasks_total_delete after delete on tasks begin
      update list_totals set n = n - 1 where list = 'tasks' and scope_id = old.company_id;
    end`.execute(db);
    return;
  }
  await sql`
    create function tasks_total() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update list_totals set n = n - 1 where list = 'tasks' and scope_id = old.company_id;
      else
        insert into list_totals (list, scope_id, n) values ('tasks', new.company_id, 1)
          on conflict (list, scope_id) do update set n = list_totals.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tasks_total after insert or delete on tasks for each row execute function tasks_total()`.execute(db);
}
