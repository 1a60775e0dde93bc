import { queueWebhookEvent } from '../../lib/webhooks/deliveries.js';
import { holds } from '../../../permissions/index.js';
import { TASK_CREW_MOVES, TASK_MESSAGES, taskStatusLabel, type CreateTaskInput, type TaskStatus, type UpdateTaskInput } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { forbidden } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { projectAccess } from '../projects/project-access.js';
import { fieldError } from '../productions/production-checks.js';
import { ledCrews, taskScope, type TaskRow, type TaskScope } from './task-access.js';
import { auditTask, taskSnapshot } from './task-audit.js';
import { assertCrew, assertTaskItems, assertType, itemsSnapshot, replaceItems } from './task-checks.js';
import { releaseTaskFiles } from './task-files.js';
import { notifyTask } from './task-notify.js';
import { assertTaskMove, racedMove, savedReason } from './task-state.js';
import { loadTask } from './task-view.js';

const rightsOf = async (db: Executor, actor: Actor) => ({ canManage: holds(actor.profile, 'tasks:manage'), ledCrews: await ledCrews(db, actor) });

/** The top of a board column: a card entering it without a position shows first. */
async function topOf(db: Executor, companyId: number, status: TaskStatus) {
  const row = await db.selectFrom('tasks').select((eb) => eb.fn.min('position').as('top')).where('company_id', '=', companyId).where('status', '=', status).executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : Number(row.top) - 1;
}

/**
 * POST /projects/{id}/tasks: a task of the acting company on a project it runs or works on, with
 * its items (budget items of the project); its crew's leaders are told.
 */
export async function createTask(services: Services, actor: Actor, projectId: number, body: CreateTaskInput) {
  return services.db.transaction().execute(async (trx) => {
    const access = await projectAccess(trx, actor, projectId, 'view');
    if (access.relation !== 'owner' && access.relation !== 'subcontractor') throw forbidden(TASK_MESSAGES.notYourProject);
    const companyId = access.companyId;
    await assertType(trx, companyId, body.typeId);
    await assertCrew(trx, companyId, body.crewId);
    await assertTaskItems(trx, projectId, body.items);
    const now = nowIso();
    const values = {
      company_id: companyId,
      project_id: projectId,
      type_id: body.typeId,
      crew_id: body.crewId,
      summary: body.summary,
      description: body.description,
      address: body.address,
      city: body.city,
      state: body.state,
      country: body.country,
      start_date: body.startDate,
      end_date: body.endDate,
      status: body.status,
      priority: body.priority,
      reject_reason: savedReason(body.status, body.rejectReason, null),
      position: await topOf(trx, companyId, body.status),
      created_by: actor.user.id,
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto('tasks').values(values).returning('id').executeTakeFirstOrThrow();
    await replaceItems(trx, id, body.items);
    const task: TaskRow = { id, ...values };
    await auditTask(trx, actor.user.id, task, 'created', null, { ...taskSnapshot(task), items: itemsSnapshot(body.items) || null });
    if (task.crew_id !== null) {
      await notifyTask(services, trx, task, actor.user.id, { type: 'task', description: `New task for your crew: ${task.summary}` });
    }
    return loadTask(trx, id, await rightsOf(trx, actor));
  });
}

/** Without tasks:manage, the crew's leader sends a move alone ({ status, position }), to TASK_CREW_MOVES. */
function assertCrewMove(scope: TaskScope, body: UpdateTaskInput) {
  if (scope.canManage) return;
  const other = Object.entries(body).some(([key, value]) => value !== undefined && key !== 'status' && key !== 'position');
  const to = body.status;
  if (!scope.leadsCrew || other || (to !== undefined && to !== scope.task.status && !TASK_CREW_MOVES.includes(to))) throw forbidden(TASK_MESSAGES.crewOnly);
}

/**
 * PATCH /tasks/{id}: the fields sent; a status change goes through the state machine (409 for an
 * illegal move) and the save rule of spec 02 §4 (approved is saved as progress; rejected and
 * discarded keep the reason, any other status clears it). Items, when sent, replace the task's.
 * Bad input is checked before the move, and either answer changes nothing.
 */
export async function updateTask(services: Services, actor: Actor, id: number, body: UpdateTaskInput) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await taskScope(trx, actor, id, true);
    assertCrewMove(scope, body);
    const { task } = scope;
    if (body.typeId !== undefined) await assertType(trx, task.company_id, body.typeId);
    if (body.crewId !== undefined) await assertCrew(trx, task.company_id, body.crewId);
    if (body.items) await assertTaskItems(trx, task.project_id, body.items);
    const startDate = body.startDate === undefined ? task.start_date : body.startDate;
    const endDate = body.endDate === undefined ? task.end_date : body.endDate;
    if (startDate && endDate && endDate < startDate) throw fieldError('endDate', TASK_MESSAGES.dates);
    const status = body.status ?? (task.status as TaskStatus);
    const rejectReason = savedReason(status, body.rejectReason, task.reject_reason);
    if (status === 'rejected' && !rejectReason) throw fieldError('rejectReason', TASK_MESSAGES.reason);
    assertTaskMove(task.status, status);

    const moved = status !== task.status;
    const position = body.position ?? (moved ? await topOf(trx, task.company_id, status) : task.position);
    const next: TaskRow = {
      ...task,
      type_id: body.typeId === undefined ? task.type_id : body.typeId,
      crew_id: body.crewId === undefined ? task.crew_id : body.crewId,
      summary: body.summary ?? task.summary,
      description: body.description === undefined ? task.description : body.description,
      address: body.address === undefined ? task.address : body.address,
      city: body.city === undefined ? task.city : body.city,
      state: body.state === undefined ? task.state : body.state,
      country: body.country === undefined ? task.country : body.country,
      start_date: startDate,
      end_date: endDate,
      status,
      priority: body.priority ?? task.priority,
      reject_reason: rejectReason,
      position,
      updated_at: nowIso(),
    };
    const { id: _id, company_id: _c, project_id: _p, created_by: _b, created_at: _a, ...set } = next;
    const result = await trx.updateTable('tasks').set(set).where('id', '=', id).where('status', '=', task.status).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw racedMove();
    if (body.items) await replaceItems(trx, id, body.items);

    const before = taskSnapshot(task);
    const after = taskSnapshot(next);
    const changed = JSON.stringify(before) !== JSON.stringify(after) || body.items !== undefined;
    if (changed) {
      await auditTask(trx, actor.user.id, task, moved ? 'moved' : 'updated', before, { ...after, ...(body.items ? { items: itemsSnapshot(body.items) || null } : {}) });
    }
    if (moved || next.crew_id !== task.crew_id) {
      await notifyTask(services, trx, next, actor.user.id, {
        type: 'task',
        description: moved ? `${actor.user.name} moved the task ${next.summary} to ${taskStatusLabel(status).toLowerCase()}` : `The task ${next.summary} was given to another crew`,
        formerCrewId: next.crew_id !== task.crew_id ? task.crew_id : null,
      });
    }
    if (moved) {
      // The task's own company only: a task is its company's work, read by nobody else.
      await queueWebhookEvent(services, trx, {
        event: 'task.status_changed',
        companyIds: [task.company_id],
        ids: { taskId: id, projectId: task.project_id },
        data: () => loadTask(trx, id, { canManage: false, ledCrews: new Set() }),
      });
    }
    return loadTask(trx, id, await rightsOf(trx, actor));
  });
}

/** GET /tasks/{id}. */
export async function getTask(services: Services, actor: Actor, id: number) {
  await taskScope(services.db, actor, id);
  return loadTask(services.db, id, await rightsOf(services.db, actor));
}

/**
 * DELETE /tasks/{id} (tasks:manage): the task with its items, comments and files (bytes once the
 * transaction commits); a production that named it keeps its record without the link.
 */
export async function deleteTask(services: Services, actor: Actor, id: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const scope = await taskScope(trx, actor, id, true);
    if (!scope.canManage) throw forbidden();
    await releaseTaskFiles(trx, files, [id]);
    await trx.deleteFrom('tasks').where('id', '=', id).execute();
    await auditTask(trx, actor.user.id, scope.task, 'deleted', taskSnapshot(scope.task), null);
    await notifyTask(services, trx, scope.task, actor.user.id, { type: 'task', description: `${actor.user.name} deleted the task ${scope.task.summary}` });
  });
}

