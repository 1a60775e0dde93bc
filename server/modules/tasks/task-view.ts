import { centsToMoney, e3ToQuantity } from '../../../resources/money.js';
import type { Task, TaskItem, TaskListRow, TaskPriority, TaskStatus } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';

/** A task with the names it shows (project, crew, type), as the list and the detail read it. */
export function taskRows(db: Executor) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('projects as pr', 'pr.id', 't.project_id')
    .leftJoin('crews as cr', 'cr.id', 't.crew_id')
    .leftJoin('task_types as ty', 'ty.id', 't.type_id')
    .select([
      't.id',
      't.company_id',
      't.project_id',
      'pr.code as project_code',
      'pr.project_name',
      't.type_id',
      'ty.name as type_name',
      't.crew_id',
      'cr.name as crew_name',
      't.summary',
      't.address',
      't.city',
      't.state',
      't.country',
      't.start_date',
      't.end_date',
      't.status',
      't.priority',
      't.reject_reason',
      't.position',
      't.created_at',
      't.updated_at',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof taskRows>['execute']>>[number];

/** What the caller may do, for the board and the page: managers anything, a crew's leader move it. */
export interface TaskRights {
  canManage: boolean;
  ledCrews: Set<number>;
}

export function listRow(r: RawRow, rights: TaskRights): TaskListRow {
  const leads = r.crew_id !== null && rights.ledCrews.has(r.crew_id);
  return {
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectCode: r.project_code,
    projectName: r.project_name,
    typeId: r.type_id,
    typeName: r.type_name ?? null,
    crewId: r.crew_id,
    crewName: r.crew_name ?? null,
    summary: r.summary,
    address: r.address,
    city: r.city,
    state: r.state,
    country: r.country,
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    rejectReason: r.reject_reason,
    position: Number(r.position),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    canEdit: rights.canManage,
    canMove: rights.canManage || leads,
  };
}

async function taskItems(db: Executor, taskId: number): Promise<TaskItem[]> {
  const rows = await db
    .selectFrom('task_items as ti')
    .innerJoin('budget_items as bi', 'bi.id', 'ti.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .select(['ti.id', 'ti.budget_item_id', 'i.name', 'i.code', 'i.unit', 'bi.price_cents', 'ti.quantity_e3', 'ti.description'])
    .where('ti.task_id', '=', taskId)
    .orderBy('ti.id')
    .execute();
  return rows.map((r) => ({ id: r.id, budgetItemId: r.budget_item_id, itemName: r.name, itemCode: r.code, unit: r.unit, price: centsToMoney(r.price_cents), quantity: e3ToQuantity(r.quantity_e3), description: r.description }));
}

/** GET /tasks/{id}: the task with its items and who created it. */
export async function loadTask(db: Executor, id: number, rights: TaskRights): Promise<Task> {
  const row = await taskRows(db)
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.description', 't.created_by', 'u.name as created_by_name', 'pr.timezone as project_timezone'])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    ...listRow(row, rights),
    projectTimezone: row.project_timezone,
    description: row.description,
    createdBy: row.created_by,
    createdByName: row.created_by_name ?? null,
    items: await taskItems(db, id),
  };
}
