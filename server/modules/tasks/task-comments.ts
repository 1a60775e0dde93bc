import type { TaskComment } from '../../../resources/task.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { taskScope } from './task-access.js';
import { auditTask } from './task-audit.js';
import { notifyTask } from './task-notify.js';

async function commentViews(db: Executor, taskId: number, userId: number, ids?: number[]): Promise<TaskComment[]> {
  let q = db.selectFrom('task_comments').select(['id', 'user_id', 'author_name', 'body', 'created_at']).where('task_id', '=', taskId);
  if (ids) q = q.where('id', 'in', ids);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, taskId, authorName: r.author_name, body: r.body, createdAt: r.created_at, mine: r.user_id === userId }));
}

/** GET /tasks/{id}/comments: oldest first, for whoever reads the task. */
export async function listTaskComments(services: Services, actor: Actor, id: number) {
  await taskScope(services.db, actor, id);
  return commentViews(services.db, id, actor.user.id);
}

/** POST /tasks/{id}/comments: whoever reads the task writes; its crew's leaders and its creator are told. */
export async function addTaskComment(services: Services, actor: Actor, id: number, body: { comment: string }) {
  return services.db.transaction().execute(async (trx) => {
    const { task } = await taskScope(trx, actor, id);
    const { id: commentId } = await trx
      .insertInto('task_comments')
      .values({ task_id: id, company_id: task.company_id, user_id: actor.user.id, author_name: actor.user.name, body: body.comment, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditTask(trx, actor.user.id, task, 'comment added', null, { commentId, comment: body.comment });
    await notifyTask(services, trx, task, actor.user.id, { type: 'task-comment', description: `${actor.user.name} commented on the task ${task.summary}`, eventId: commentId });
    return (await commentViews(trx, id, actor.user.id, [commentId]))[0]!;
  });
}
