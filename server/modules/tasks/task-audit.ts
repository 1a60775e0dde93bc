import type { Executor } from '../../db/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { TaskRow } from './task-access.js';

/** Everything that happens to a task (its moves, items, comments and files) is recorded on it, so its activity shows it all. */
export async function auditTask(db: Executor, userId: number, task: Pick<TaskRow, 'id' | 'company_id'>, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  await recordAudit(db, { userId, companyId: task.company_id }, { entityType: 'task', entityId: task.id, action, before, after, companyId: task.company_id });
}

/** What the trail keeps of a task's own fields. */
export const taskSnapshot = (t: TaskRow) => ({
  summary: t.summary,
  description: t.description,
  typeId: t.type_id,
  crewId: t.crew_id,
  address: t.address,
  city: t.city,
  state: t.state,
  country: t.country,
  startDate: t.start_date,
  endDate: t.end_date,
  status: t.status,
  priority: t.priority,
  rejectReason: t.reject_reason,
});
