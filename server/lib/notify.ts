import type { NotificationTopic } from '../../resources/notification.js';
import type { Executor } from '../db/index.js';
import { nowIso } from './json.js';

export interface NotificationEntry {
  type: NotificationTopic;
  description: string;
  entityId?: string | number | null;
  options?: { projectId?: number; eventId?: number | string };
}

/**
 * Writes one notification row per recipient membership, inside the caller's transaction. Recipients
 * are accepted memberships of the companies concerned, chosen by the caller; the acting user's own
 * memberships are left out (nobody is told of their own change).
 */
export async function notifyMembers(db: Executor, recipients: Array<{ membershipId: number; companyId: number; userId?: number | null }>, actorUserId: number | null, entry: NotificationEntry): Promise<number> {
  const seen = new Set<number>();
  const now = nowIso();
  const rows = recipients
    .filter((r) => (actorUserId === null || r.userId !== actorUserId) && !seen.has(r.membershipId) && seen.add(r.membershipId))
    .map((r) => ({
      company_id: r.companyId,
      membership_id: r.membershipId,
      type: entry.type,
      description: entry.description,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      options: JSON.stringify(entry.options ?? {}),
      read: 0,
      created_at: now,
    }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('notifications').values(rows.slice(i, i + 500)).execute();
  return rows.length;
}

/** Accepted company memberships of these companies whose role holds any of the permissions (or everything). */
export async function membersWithPermission(db: Executor, companyIds: number[], resourceType: string): Promise<Array<{ membershipId: number; companyId: number; userId: number | null }>> {
  if (!companyIds.length) return [];
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.company_id', 'm.user_id', 'r.permissions'])
    .where('m.company_id', 'in', companyIds)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .execute();
  return rows
    .filter((r) => {
      const perms = JSON.parse(r.permissions || '[]') as Array<{ resourceType: string; action: string }>;
      return perms.some((p) => p.resourceType === '_any' || p.resourceType === resourceType);
    })
    .map((r) => ({ membershipId: r.id, companyId: r.company_id, userId: r.user_id }));
}
