import { restorationLabel } from '../../../resources/footprint.js';
import type { Executor } from '../../db/index.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';

/**
 * Notification rows of type footprint (spec 02 §2) for the company's people with footprints
 * permissions, the actor left out: a new footprint, and each restoration move.
 */
export async function notifyFootprint(services: NotifyServices, db: Executor, companyId: number, actorUserId: number, footprint: { id: number; projectId: number; projectCode: string; typeName: string; date: string }, moved?: string) {
  const recipients = await membersWithPermission(db, [companyId], 'footprints');
  const what = `${footprint.typeName} on ${footprint.projectCode} of ${footprint.date}`;
  await notifyMembers(services, db, recipients, actorUserId, {
    type: 'footprint',
    description: moved ? `${what} is now ${restorationLabel(moved).toLowerCase()}` : `A footprint was drawn: ${what}`,
    entityId: footprint.id,
    options: { projectId: footprint.projectId },
  });
}
