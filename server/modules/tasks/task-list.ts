import { holds } from '../../../permissions/index.js';
import { toUtcDate } from '../../../resources/project.js';
import { TASK_MESSAGES } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { projectAccess } from '../projects/project-access.js';
import { ledCrews } from './task-access.js';
import { listRow, taskRows } from './task-view.js';

/**
 * The list's fields (resources/task.ts). Every filter and sort reads `t` (tasks) alone, so each is
 * served by an index of migration 0015 and the count needs no join: status (tasks_company_status_idx),
 * priority (tasks_company_priority_idx), startDate/endDate ranges and sorts (tasks_company_start_idx,
 * tasks_company_end_idx), projectId (tasks_project_idx), crewId (tasks_crew_idx; with a status,
 * tasks_crew_status_idx of migration 0037), typeId (tasks_type_idx), the default order (tasks_company_created_idx), a board column by position
 * (tasks_company_status_position_idx), q and the text filters (trigram index on summary,
 * description, address, city). Days are 'YYYY-MM-DD' text compared as text: startDate_gte=2026-03-01.
 */
export const TASK_LIST: ListSpec = withTextIndex(
  {
    fields: {
      id: { column: 't.id', type: 'number', filter: true, sort: true },
      status: { column: 't.status', type: 'text', filter: true, sort: true },
      priority: { column: 't.priority', type: 'text', filter: true },
      projectId: { column: 't.project_id', type: 'number', filter: true },
      crewId: { column: 't.crew_id', type: 'number', filter: true },
      typeId: { column: 't.type_id', type: 'number', filter: true },
      startDate: { column: 't.start_date', type: 'day', filter: true, sort: true, nullable: true },
      endDate: { column: 't.end_date', type: 'day', filter: true, sort: true, nullable: true },
      position: { column: 't.position', type: 'number', sort: true },
      summary: { column: 't.summary', type: 'text', filter: true },
      description: { column: 't.description', type: 'text', filter: true },
      address: { column: 't.address', type: 'text', filter: true },
      city: { column: 't.city', type: 'text', filter: true },
      createdAt: { column: 't.created_at', type: 'date', filter: true, sort: true },
      updatedAt: { column: 't.updated_at', type: 'date', filter: true, sort: true },
    },
    defaultSort: [{ field: 'createdAt', order: 'desc' }],
    tiebreaker: 't.id',
  },
  'tasks',
  't',
);

const DAY_FILTER = /^(startDate|endDate)(_ne|_gte|_gt|_lte|_lt)?$/;

/** A day filter must name a real day (2026-02-30 is a 400), as the bodies' dates must. */
function assertDays(query: RawListQuery) {
  for (const [param, value] of Object.entries(query)) {
    if (!DAY_FILTER.test(param) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || toUtcDate(v) !== v) throw badRequest(`${param}: ${TASK_MESSAGES.date}`, [{ field: param, message: TASK_MESSAGES.date }]);
    }
  }
}

async function page(db: Executor, actor: Actor, query: RawListQuery, projectId: number | null) {
  assertDays(query);
  const list = parseListQuery(TASK_LIST, query);
  const companyId = actor.membership!.companyId;
  let base = taskRows(db).where('t.company_id', '=', companyId);
  let lean = db.selectFrom('tasks as t').select('t.id').where('t.company_id', '=', companyId);
  if (projectId !== null) {
    base = base.where('t.project_id', '=', projectId);
    lean = lean.where('t.project_id', '=', projectId);
  }
  const unfilteredTotal =
    projectId === null
      ? async () => Number((await db.selectFrom('list_totals').select('n').where('list', '=', 'tasks').where('scope_id', '=', companyId).executeTakeFirst())?.n ?? 0)
      : undefined;
  const result = await runList(base, list, { base: lean, aliases: ['t'], ...(unfilteredTotal ? { unfilteredTotal } : {}) });
  const rights = { canManage: holds(actor.profile, 'tasks:manage'), ledCrews: await ledCrews(db, actor) };
  return { rows: result.rows.map((r) => listRow(r, rights)), total: result.total };
}

/** GET /tasks: a page of the acting company's tasks. */
export const listTasks = (services: Services, actor: Actor, query: RawListQuery) => page(services.db, actor, query, null);

/** GET /projects/{id}/tasks: the acting company's tasks on a project it sees (404 otherwise). */
export async function listProjectTasks(services: Services, actor: Actor, projectId: number, query: RawListQuery) {
  await projectAccess(services.db, actor, projectId, 'view');
  return page(services.db, actor, query, projectId);
}
