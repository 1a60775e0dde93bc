import { holds } from '../../../permissions/index.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { TasksTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { TASK_MESSAGES } from '../../../resources/task.js';

export type TaskRow = Omit<TasksTable, 'id'> & { id: number };

/**
 * A task is its company's alone: another company's is the same 404 as one that does not exist.
 * Whoever holds tasks:view reads it; tasks:manage changes it; the leader of its crew may move it
 * (resources/task.ts TASK_CREW_MOVES) and add files.
 */
export interface TaskScope {
  task: TaskRow;
  companyId: number;
  userId: number;
  canManage: boolean;
  /** The caller leads the task's crew (crew_members.is_leader in the acting company). */
  leadsCrew: boolean;
}

/** The crews the caller leads in the acting company. */
export async function ledCrews(db: Executor, actor: Actor): Promise<Set<number>> {
  const active = actor.membership;
  if (!active) return new Set();
  const rows = await db.selectFrom('crew_members').select('crew_id').where('membership_id', '=', active.id).where('is_leader', '=', 1).execute();
  return new Set(rows.map((r) => r.crew_id));
}

/**
 * The task as the acting company sees it, or 404. `lock` takes the row for the rest of the
 * transaction on PostgreSQL (SQLite runs one write transaction at a time), so two moves of the same
 * task never pass each other.
 */
export async function taskScope(db: Executor, actor: Actor, id: number, lock = false): Promise<TaskScope> {
  const active = actor.membership;
  if (!active) throw notFound('Task');
  let query = db.selectFrom('tasks').selectAll().where('id', '=', id).where('company_id', '=', active.companyId);
  if (lock && currentDialect() === 'postgres') query = query.forUpdate();
  const task = (await query.executeTakeFirst()) as TaskRow | undefined;
  if (!task) throw notFound('Task');
  const leadsCrew = task.crew_id !== null && (await ledCrews(db, actor)).has(task.crew_id);
  return { task, companyId: active.companyId, userId: actor.user.id, canManage: holds(actor.profile, 'tasks:manage'), leadsCrew };
}

/** tasks:manage on a task the company sees: 404 unseen, 403 otherwise. */
export async function managedTask(db: Executor, actor: Actor, id: number, lock = false): Promise<TaskScope> {
  const scope = await taskScope(db, actor, id, lock);
  if (!scope.canManage) throw forbidden();
  return scope;
}

/** Managers, or the leader of the task's crew (moves and files). */
export async function workedTask(db: Executor, actor: Actor, id: number, lock = false): Promise<TaskScope> {
  const scope = await taskScope(db, actor, id, lock);
  if (!scope.canManage && !scope.leadsCrew) throw forbidden(TASK_MESSAGES.crewOnly);
  return scope;
}
