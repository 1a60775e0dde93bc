import { sql } from 'kysely';
import { canViewLocates, holds, type AccessProfile } from '../../../permissions/index.js';
import { addDays, CALENDAR_CAP, calendarColor, nextDay, type CalendarEvent, type CalendarEventType } from '../../../resources/calendar.js';
import type { Executor } from '../../db/index.js';
import type { ReadCache } from '../../db/read-cache.js';
import { visibleProductions } from '../productions/production-list.js';
import { visibleToCompany } from '../projects/project-access.js';

/** What every source reads: the acting company, the window [start, end) and the filters. */
export interface CalendarWindow {
  companyId: number;
  profile: AccessProfile;
  start: string;
  end: string;
  projectIds: number[];
  crewIds: number[];
}

export interface SourceResult {
  events: CalendarEvent[];
  /** More than CALENDAR_CAP events of the type fell in the window. */
  truncated: boolean;
}

/**
 * One event type: whether the caller may see it, and one SQL query bounded by the window, the company
 * and the cap (CALENDAR_CAP + 1 rows are read, so a full window says it was cut).
 */
export interface CalendarSource {
  type: CalendarEventType;
  visible: (w: CalendarWindow) => boolean;
  read: (db: Executor, w: CalendarWindow, cache: ReadCache) => Promise<SourceResult>;
}

const capped = (events: CalendarEvent[]): SourceResult => ({ events: events.slice(0, CALENDAR_CAP), truncated: events.length > CALENDAR_CAP });

const event = (type: CalendarEventType, fields: Omit<CalendarEvent, 'type' | 'allDay' | 'color'>): CalendarEvent => ({
  ...fields,
  type,
  allDay: true,
  color: calendarColor(type),
});

/** Productions by their day, as the productions list shows them to this company (production-list.ts visibleProductions). */
const productions: CalendarSource = {
  type: 'production',
  visible: (w) => holds(w.profile, 'productions:view'),
  async read(db, w, cache) {
    let q = db
      .selectFrom('productions as p')
      .innerJoin('projects as pr', 'pr.id', 'p.project_id')
      .innerJoin('crews as cr', 'cr.id', 'p.crew_id')
      .select(['p.id', 'p.date', 'p.status', 'p.project_id', 'p.crew_id', 'pr.code', 'cr.name as crewName'])
      .where(await visibleProductions(db, w.companyId, cache))
      .where('p.date', '>=', w.start)
      .where('p.date', '<', w.end);
    if (w.projectIds.length) q = q.where('p.project_id', 'in', w.projectIds);
    if (w.crewIds.length) q = q.where('p.crew_id', 'in', w.crewIds);
    const rows = await q.orderBy('p.date').orderBy('p.id').limit(CALENDAR_CAP + 1).execute();
    return capped(
      rows.map((r) =>
        event('production', {
          id: `production-${r.id}`,
          title: `Production: ${r.crewName} · ${r.code}`,
          start: r.date,
          url: `/app/productions/inspect/${r.id}`,
          projectId: r.project_id,
          crewId: r.crew_id,
          status: r.status,
        }),
      ),
    );
  },
};

/**
 * A project's start and its end, each a one-day event, for the projects the company runs, is the
 * client of or works on (project-access.ts visibleToCompany). Projects have no crew: a crew filter
 * leaves them out.
 */
const projects: CalendarSource = {
  type: 'project',
  visible: (w) => holds(w.profile, 'projects:view') && w.crewIds.length === 0,
  async read(db, w) {
    const inWindow = (column: 'pr.start_date' | 'pr.end_date') => sql<boolean>`(${sql.ref(column)} >= ${w.start} and ${sql.ref(column)} < ${w.end})`;
    let q = db
      .selectFrom('projects as pr')
      .select(['pr.id', 'pr.code', 'pr.project_name', 'pr.start_date', 'pr.end_date', 'pr.status'])
      .where(visibleToCompany('pr', w.companyId))
      .where(sql<boolean>`(${inWindow('pr.start_date')} or ${inWindow('pr.end_date')})`);
    if (w.projectIds.length) q = q.where('pr.id', 'in', w.projectIds);
    const rows = await q.orderBy('pr.id').limit(CALENDAR_CAP + 1).execute();
    const events: CalendarEvent[] = [];
    for (const r of rows) {
      const base = { url: `/app/projects/${r.id}`, projectId: r.id, crewId: null, status: r.status };
      if (r.start_date && r.start_date >= w.start && r.start_date < w.end) {
        events.push(event('project', { ...base, id: `project-${r.id}-start`, title: `Project starts: ${r.code} ${r.project_name}`, start: r.start_date }));
      }
      if (r.end_date && r.end_date >= w.start && r.end_date < w.end) {
        events.push(event('project', { ...base, id: `project-${r.id}-end`, title: `Project ends: ${r.code} ${r.project_name}`, start: r.end_date }));
      }
    }
    return { events: events.slice(0, CALENDAR_CAP), truncated: rows.length > CALENDAR_CAP };
  },
};

/**
 * Tasks from start to end (end exclusive in the answer), one day when only one date is set. A task
 * meets [S, E) when it starts inside it, or starts before S and ends on or after S, or has only an
 * end day inside it. Each part is its own query, ordered and limited in SQL, walking
 * (company_id, start_date, id) or, for a project, (project_id, start_date, id): the tasks starting
 * inside stop at the cap; those running into the window start within the company's longest task
 * span before S (list_totals 'task-span', migration 0018), so they read a few days of the index,
 * not every task ending later. They start before S, so they come first in date order (see
 * docs/decisions.md, Calendar).
 */
const tasks: CalendarSource = {
  type: 'task',
  visible: (w) => holds(w.profile, 'tasks:view'),
  async read(db, w) {
    const part = () => {
      let q = db
        .selectFrom('tasks as t')
        .select(['t.id', 't.summary', 't.start_date', 't.end_date', 't.status', 't.project_id', 't.crew_id'])
        .where('t.company_id', '=', w.companyId);
      if (w.projectIds.length) q = q.where('t.project_id', 'in', w.projectIds);
      if (w.crewIds.length) q = q.where('t.crew_id', 'in', w.crewIds);
      return q;
    };
    // The tasks running into the window start within the company's longest task span before it
    // (migration 0018), a short range of the start index; then three plain ranges, no OR (PostgreSQL
    // made an OR a bitmap scan with parallel workers, slower to start than the work).
    const span = await db.selectFrom('list_totals').select('n').where('list', '=', 'task-span').where('scope_id', '=', w.companyId).executeTakeFirst();
    const earliest = addDays(w.start, -Number(span?.n ?? 0));
    const [runsInto, startsInside, endsOnlyInside] = await Promise.all([
      part()
        .where('t.start_date', '>=', earliest)
        .where('t.start_date', '<', w.start)
        .where('t.end_date', '>=', w.start)
        .orderBy('t.start_date')
        .orderBy('t.id')
        .limit(CALENDAR_CAP + 1)
        .execute(),
      part().where('t.start_date', '>=', w.start).where('t.start_date', '<', w.end).orderBy('t.start_date').orderBy('t.id').limit(CALENDAR_CAP + 1).execute(),
      part().where('t.start_date', 'is', null).where('t.end_date', '>=', w.start).where('t.end_date', '<', w.end).orderBy('t.end_date').orderBy('t.id').limit(CALENDAR_CAP + 1).execute(),
    ]);
    // A task with only an end day inside the window sorts by that day among those starting inside.
    const day = (r: { start_date: string | null; end_date: string | null }) => (r.start_date ?? r.end_date)!;
    const rows = [...runsInto, ...startsInside, ...endsOnlyInside]
      .sort((a, b) => (day(a) < day(b) ? -1 : day(a) > day(b) ? 1 : a.id - b.id))
      .slice(0, CALENDAR_CAP + 1);
    return capped(
      rows.map((r) => {
        const start = (r.start_date ?? r.end_date)!;
        const last = r.end_date && r.end_date > start ? r.end_date : null;
        return event('task', {
          id: `task-${r.id}`,
          title: r.summary,
          start,
          ...(last ? { end: nextDay(last) } : {}),
          url: `/app/tasks/${r.id}`,
          projectId: r.project_id,
          crewId: r.crew_id,
          status: r.status,
        });
      }),
    );
  },
};

/** Daily logs (check-ins) by their day, the company's own: logs_company_date_idx. */
const logs: CalendarSource = {
  type: 'log',
  visible: (w) => holds(w.profile, 'logs:view'),
  async read(db, w) {
    let q = db
      .selectFrom('logs as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('projects as pr', 'pr.id', 'l.project_id')
      .select(['l.id', 'l.date', 'l.status', 'l.project_id', 'l.crew_id', 'u.name as userName', 'pr.code'])
      .where('l.company_id', '=', w.companyId)
      .where('l.date', '>=', w.start)
      .where('l.date', '<', w.end);
    if (w.projectIds.length) q = q.where('l.project_id', 'in', w.projectIds);
    if (w.crewIds.length) q = q.where('l.crew_id', 'in', w.crewIds);
    const rows = await q.orderBy('l.date').orderBy('l.id').limit(CALENDAR_CAP + 1).execute();
    return capped(
      rows.map((r) =>
        event('log', {
          id: `log-${r.id}`,
          title: `Daily log: ${[r.userName, r.code].filter(Boolean).join(' · ') || 'check-in'}`,
          start: r.date,
          url: `/app/logs/${r.id}`,
          projectId: r.project_id,
          crewId: r.crew_id,
          status: r.status,
        }),
      ),
    );
  },
};

/**
 * The day each locate ticket expires, for callers with locate view (spec 01 §6), the company's own:
 * locates_company_expires_idx. Tickets have no crew: a crew filter leaves them out.
 */
const locates: CalendarSource = {
  type: 'locate',
  visible: (w) => canViewLocates(w.profile) && w.crewIds.length === 0,
  async read(db, w) {
    let q = db
      .selectFrom('locates as lo')
      .innerJoin('projects as pr', 'pr.id', 'lo.project_id')
      .select(['lo.id', 'lo.ticket_number', 'lo.expires_on', 'lo.status', 'lo.project_id', 'pr.code'])
      .where('lo.company_id', '=', w.companyId)
      .where('lo.expires_on', '>=', w.start)
      .where('lo.expires_on', '<', w.end);
    if (w.projectIds.length) q = q.where('lo.project_id', 'in', w.projectIds);
    const rows = await q.orderBy('lo.expires_on').orderBy('lo.id').limit(CALENDAR_CAP + 1).execute();
    return capped(
      rows.map((r) =>
        event('locate', {
          id: `locate-${r.id}`,
          title: `Locate ${r.ticket_number} expires · ${r.code}`,
          start: r.expires_on,
          url: `/app/locates/${r.id}`,
          projectId: r.project_id,
          crewId: null,
          status: r.status,
        }),
      ),
    );
  },
};

/** Every source, in the order the legend lists them. */
export const CALENDAR_SOURCES: CalendarSource[] = [tasks, productions, logs, projects, locates];
