import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Map and calendar (issue 10). A project gets a position of its own (lat/lng, both set or both
 * null), set in the project's settings, for the map's projects layer; a project without one is
 * placed at the mean of its check-ins. The longest task span per company and a project's tasks by
 * start day for the calendar's tasks (longestTaskSpan below), and indexes for the map's boxes (a
 * company's check-ins and damages by position; a project's check-ins by position, for its mean).
 */
export function mapCalendar(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('projects').addColumn('lat', 'double precision').execute();
      await db.schema.alterTable('projects').addColumn('lng', 'double precision').execute();
      await longestTaskSpan(db, dialect);
      // The calendar filtered by project: its tasks by start day.
      await db.schema.createIndex('tasks_project_start_idx').on('tasks').columns(['project_id', 'start_date', 'id']).execute();
      await db.schema.createIndex('logs_company_position_idx').on('logs').columns(['company_id', 'lat', 'lng']).execute();
      await db.schema.createIndex('logs_project_position_idx').on('logs').columns(['project_id', 'lat', 'lng']).execute();
      await db.schema.createIndex('damages_company_position_idx').on('damages').columns(['company_id', 'lat', 'lng']).execute();
    },
  };
}

/**
 * Each company's longest task span in days (end_date − start_date), in list_totals as 'task-span',
 * kept by triggers and never lowered (a deleted or shortened task leaves an upper bound that still
 * holds). The calendar reads the tasks that run into a window from before it as those starting in
 * the span before it, a short range of (company_id, start_date) instead of every task ending later.
 */
async function longestTaskSpan(db: Kysely<any>, dialect: Dialect) {
  if (dialect === 'sqlite') {
    const days = `cast(julianday(new.end_date) - julianday(new.start_date) as integer)`;
    const keep = `insert into list_totals (list, scope_id, n) values ('task-span', new.company_id, ${days})
      on conflict (list, scope_id) do update set n = max(n, excluded.n);`;
    const when = 'when new.start_date is not null and new.end_date is not null';
    await sql.raw(`create trigger tasks_span_insert after insert on tasks ${when} begin ${keep} end`).execute(db);
    await sql.raw(`create trigger tasks_span_update after update of start_date, end_date on tasks ${when} begin ${keep} end`).execute(db);
  } else {
    await sql`
      create function tasks_span() returns trigger language plpgsql as $$
      begin
        if new.start_date is not null and new.end_date is not null then
          insert into list_totals (list, scope_id, n) values ('task-span', new.company_id, new.end_date::date - new.start_date::date)
            on conflict (list, scope_id) do update set n = greatest(list_totals.n, excluded.n);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger tasks_span after insert or update of start_date, end_date on tasks for each row execute function tasks_span()`.execute(db);
  }
  const days = dialect === 'sqlite' ? sql`cast(max(julianday(end_date) - julianday(start_date)) as integer)` : sql`max(end_date::date - start_date::date)`;
  await sql`insert into list_totals (list, scope_id, n)
    select 'task-span', company_id, ${days} from tasks where start_date is not null and end_date is not null group by company_id`.execute(db);
}
