import type { NotificationTopic } from '../../../resources/notification.js';
import type { Executor } from '../../db/index.js';
import { notifyMembers, userInCompany, type NotifyServices } from '../../lib/notify.js';
import type { TaskRow } from './task-access.js';

/**
 * The people a task concerns: the leaders of its crew and whoever created it (their membership in
 * the task's company). The actor is left out by notifyMembers.
 */
async function concerned(db: Executor, task: Pick<TaskRow, 'company_id' | 'crew_id' | 'created_by'>, extraCrewId: number | null = null) {
  const crews = [task.crew_id, extraCrewId].filter((c): c is number => c !== null);
  const leaders = crews.length
    ? await db
        .selectFrom('crew_members as cm')
        .innerJoin('memberships as m', 'm.id', 'cm.membership_id')
        .select(['m.id', 'm.company_id', 'm.user_id'])
        .where('cm.crew_id', 'in', crews)
        .where('cm.is_leader', '=', 1)
        .where('m.status', '=', 'accepted')
        .execute()
    : [];
  return [...leaders.map((r) => ({ membershipId: r.id, companyId: r.company_id, userId: r.user_id })), ...(await userInCompany(db, task.created_by, task.company_id))];
}

/** One notification row per concerned person; the link is the task's page (/app/tasks, spec 02 §2). */
export async function notifyTask(
  services: NotifyServices, db: Executor,
  task: Pick<TaskRow, 'id' | 'company_id' | 'crew_id' | 'created_by' | 'project_id'>,
  actorUserId: number,
  entry: { type: Extract<NotificationTopic, 'task' | 'task-comment' | 'task-file'>; description: string; eventId?: number; formerCrewId?: number | null },
) {
  await notifyMembers(services, db, await concerned(db, task, entry.formerCrewId ?? null), actorUserId, {
    type: entry.type,
    description: entry.description,
    entityId: task.id,
    options: { projectId: task.project_id, ...(entry.eventId ? { eventId: entry.eventId } : {}) },
  });
}
