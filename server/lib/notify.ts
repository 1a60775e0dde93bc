import { notificationCategory, notificationLink, type NotificationCategory, type NotificationEvent, type NotificationTopic } from '../../resources/notification.js';
import { SOCKET_EVENTS } from '../../resources/realtime.js';
import type { Executor } from '../db/index.js';
import type { Services } from '../services.js';
import { escapeHtml } from './html.js';
import { nowIso } from './json.js';

export interface NotificationEntry {
  type: NotificationTopic;
  description: string;
  entityId?: string | number | null;
  options?: { projectId?: number; eventId?: number | string };
}

/** What delivering a notification needs: the socket hub, the mail outbox and the public address for links. */
export type NotifyServices = Pick<Services, 'realtime' | 'mailer' | 'config'>;

export interface Recipient {
  membershipId: number;
  companyId: number;
  userId?: number | null;
}

const CATEGORY_COLUMN = { Reports: 'm.notify_reports', Delays: 'm.notify_delays', Others: 'm.notify_others' } as const satisfies Record<NotificationCategory, string>;
const CHUNK = 500;

/**
 * Writes one notification row per recipient membership, inside the caller's transaction, and
 * delivers it: to the user's sockets (the hub sends once the request has succeeded, so after the
 * commit) and, for a member who asked for e-mail, as a mail queued in the same transaction.
 * Recipients are memberships of the companies concerned, chosen by the caller; the acting user's own
 * memberships are left out (nobody is told of their own change), and so are members who turned the
 * topic's category off. The row's company is the membership's own, read here: a row never lands in
 * another company than its member's.
 */
export async function notifyMembers(services: NotifyServices, db: Executor, recipients: Recipient[], actorUserId: number | null, entry: NotificationEntry): Promise<number> {
  const seen = new Set<number>();
  const ids = recipients
    .filter((r) => (actorUserId === null || r.userId !== actorUserId) && !seen.has(r.membershipId) && seen.add(r.membershipId))
    .map((r) => r.membershipId);
  const wanted = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    wanted.push(
      ...(await db
        .selectFrom('memberships as m')
        .innerJoin('companies as c', 'c.id', 'm.company_id')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.company_id', 'm.user_id', 'm.notify_email', 'u.email', 'c.name as company_name'])
        .where('m.id', 'in', ids.slice(i, i + CHUNK))
        .where(CATEGORY_COLUMN[notificationCategory(entry.type)], '=', 1)
        // Their own changes again, when the caller named the recipient without its user.
        .$if(actorUserId !== null, (q) => q.where((eb) => eb.or([eb('m.user_id', 'is', null), eb('m.user_id', '!=', actorUserId!)])))
        .execute()),
    );
  }
  if (!wanted.length) return 0;

  const now = nowIso();
  const entityId = entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId);
  const options = entry.options ?? {};
  const byMember = new Map(wanted.map((m) => [m.id, m]));
  const written: Array<{ id: number; membership_id: number }> = [];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = wanted.slice(i, i + CHUNK).map((m) => ({
      company_id: m.company_id,
      membership_id: m.id,
      type: entry.type,
      description: entry.description,
      entity_id: entityId,
      options: JSON.stringify(options),
      read: 0,
      created_at: now,
    }));
    written.push(...(await db.insertInto('notifications').values(rows).returning(['id', 'membership_id']).execute()));
  }

  const link = `${services.config.publicUrl}/app${notificationLink({ type: entry.type, entityId, options })}`;
  for (const row of written) {
    const member = byMember.get(row.membership_id)!;
    if (member.user_id !== null) {
      const event: NotificationEvent = {
        id: row.id,
        type: entry.type,
        description: entry.description,
        read: false,
        dateCreated: now,
        memberId: member.id,
        entityId,
        options,
        companyId: member.company_id,
      };
      services.realtime.publish({ userIds: [member.user_id] }, SOCKET_EVENTS.notification, event);
    }
    if (member.notify_email && member.email) await services.mailer.send(notificationMail(member.email, member.company_name, entry.description, link), { executor: db });
  }
  return written.length;
}

function notificationMail(to: string, companyName: string, description: string, link: string) {
  const subject = description.length > 120 ? `${description.slice(0, 117)}...` : description;
  return {
    to,
    subject: `${companyName}: ${subject}`,
    text: `${description}\n\nOpen it: ${link}\n\nYou receive this because e-mail is on in your notification settings for ${companyName} (your profile, Notifications).\n`,
    html: [
      `<p>${escapeHtml(description)}</p>`,
      `<p><a href="${escapeHtml(link)}">Open it in Fieldwork</a></p>`,
      `<p>You receive this because e-mail is on in your notification settings for ${escapeHtml(companyName)} (your profile, Notifications).</p>`,
    ].join('\n'),
  };
}

/** Accepted company memberships of these companies whose role holds the resource type (or everything); with `manage`, company-wide manage rights only. */
export async function membersWithPermission(
  db: Executor,
  companyIds: number[],
  resourceType: string,
  action: 'any' | 'manage' = 'any',
): Promise<Array<{ membershipId: number; companyId: number; userId: number | null }>> {
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
      const perms = JSON.parse(r.permissions || '[]') as Array<{ resourceType: string; action: string; resourceId?: string | null }>;
      return perms.some(
        (p) =>
          (p.resourceType === '_any' || p.resourceType === resourceType) &&
          (action === 'any' || ((p.action === '_any' || p.action === 'manage') && (!p.resourceId || p.resourceId === '_any'))),
      );
    })
    .map((r) => ({ membershipId: r.id, companyId: r.company_id, userId: r.user_id }));
}

/** A user's accepted membership of one company as a recipient (the person who asked or made something); none when they left or the user is gone. */
export async function userInCompany(db: Executor, userId: number | null, companyId: number): Promise<Recipient[]> {
  if (userId === null) return [];
  const row = await db
    .selectFrom('memberships')
    .select(['id', 'company_id', 'user_id'])
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('type', '=', 'company')
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return row ? [{ membershipId: row.id, companyId: row.company_id, userId: row.user_id }] : [];
}
