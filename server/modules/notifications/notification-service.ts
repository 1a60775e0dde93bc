import type { Notification, NotificationSettings } from '../../../resources/notification.js';
import { SOCKET_EVENTS, type NotificationsReadEvent } from '../../../resources/realtime.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';

/**
 * A membership's notifications are its user's alone: anyone else, whatever company they act in,
 * gets the same 404 as for a membership that does not exist.
 */
async function ownMembership(db: Executor, actor: Actor, membershipId: number) {
  const row = await db
    .selectFrom('memberships')
    .select(['id', 'notify_reports', 'notify_delays', 'notify_others', 'notify_email'])
    .where('id', '=', membershipId)
    .where('user_id', '=', actor.user.id)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (!row) throw notFound('Member');
  return row;
}

const NOTIFICATION_LIST: ListSpec = {
  fields: {
    id: { column: 'n.id', type: 'number', sort: true },
    createdAt: { column: 'n.created_at', type: 'date', filter: true, sort: true },
    read: { column: 'n.read', type: 'boolean', filter: true },
    type: { column: 'n.type', type: 'text', filter: true },
  },
  defaultSort: [{ field: 'id', order: 'desc' }],
  tiebreaker: 'n.id',
};

type NotificationRow = { id: number; membership_id: number; type: string; description: string; entity_id: string | null; options: string; read: number; created_at: string };

const view = (r: NotificationRow): Notification => ({
  id: r.id,
  type: r.type,
  description: r.description,
  read: !!r.read,
  dateCreated: r.created_at,
  memberId: r.membership_id,
  entityId: r.entity_id,
  options: parseJson<Notification['options']>(r.options, {}),
});

const COLUMNS = ['n.id', 'n.membership_id', 'n.type', 'n.description', 'n.entity_id', 'n.options', 'n.read', 'n.created_at'] as const;

/** The person's other tabs clear these from their bell (sent once the request has succeeded). */
const tellReadElsewhere = (services: Services, actor: Actor, event: NotificationsReadEvent) =>
  services.realtime.publish({ userIds: [actor.user.id] }, SOCKET_EVENTS.notificationsRead, event);

/**
 * GET /members/{memberId}/notifications: a page of the member's notifications, newest first, each
 * read or not as it was; then every one of them is marked read (spec 02 §7), in the same transaction.
 */
export async function listNotifications(services: Services, actor: Actor, memberId: number, query: RawListQuery) {
  const list = parseListQuery(NOTIFICATION_LIST, query);
  return services.db.transaction().execute(async (trx) => {
    await ownMembership(trx, actor, memberId);
    const page = await runList(trx.selectFrom('notifications as n').select(COLUMNS).where('n.membership_id', '=', memberId), list);
    const marked = await trx.updateTable('notifications').set({ read: 1 }).where('membership_id', '=', memberId).where('read', '=', 0).executeTakeFirst();
    if (Number(marked.numUpdatedRows)) tellReadElsewhere(services, actor, { memberId, ids: null });
    return { total: page.total, rows: page.rows.map(view) };
  });
}

/** GET /members/{memberId}/notifications/unread-count: what the bell's badge shows. */
export async function unreadCount(services: Services, actor: Actor, memberId: number) {
  await ownMembership(services.db, actor, memberId);
  const row = await services.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('membership_id', '=', memberId)
    .where('read', '=', 0)
    .executeTakeFirst();
  return { unread: Number(row?.n ?? 0) };
}

/** PATCH /notifications/{id}: the owner marks one read; another's answers 404. */
export async function markRead(services: Services, actor: Actor, id: number): Promise<Notification> {
  return services.db.transaction().execute(async (trx) => {
    const owned = await trx
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select(['n.id', 'n.membership_id'])
      .where('n.id', '=', id)
      .where('m.user_id', '=', actor.user.id)
      .executeTakeFirst();
    if (!owned) throw notFound('Notification');
    const marked = await trx.updateTable('notifications').set({ read: 1 }).where('id', '=', id).where('read', '=', 0).executeTakeFirst();
    if (Number(marked.numUpdatedRows)) tellReadElsewhere(services, actor, { memberId: owned.membership_id, ids: [id] });
    return view(await trx.selectFrom('notifications as n').select(COLUMNS).where('n.id', '=', id).executeTakeFirstOrThrow());
  });
}

const settingsOf = (r: { notify_reports: number; notify_delays: number; notify_others: number; notify_email: number }): NotificationSettings => ({
  Reports: !!r.notify_reports,
  Delays: !!r.notify_delays,
  Others: !!r.notify_others,
  Email: !!r.notify_email,
});

/** GET /memberships/{id}/notification-settings: the caller's own membership only. */
export async function getNotificationSettings(services: Services, actor: Actor, membershipId: number) {
  return settingsOf(await ownMembership(services.db, actor, membershipId));
}

const SETTING_COLUMNS = { Reports: 'notify_reports', Delays: 'notify_delays', Others: 'notify_others', Email: 'notify_email' } as const;

/** PATCH /memberships/{id}/notification-settings: the switches sent; answers all four. */
export async function updateNotificationSettings(services: Services, actor: Actor, membershipId: number, body: Partial<NotificationSettings>) {
  return services.db.transaction().execute(async (trx) => {
    await ownMembership(trx, actor, membershipId);
    const set: Partial<Record<(typeof SETTING_COLUMNS)[keyof typeof SETTING_COLUMNS], number>> = {};
    for (const [key, column] of Object.entries(SETTING_COLUMNS) as Array<[keyof NotificationSettings, (typeof SETTING_COLUMNS)[keyof NotificationSettings]]>) {
      if (body[key] !== undefined) set[column] = body[key] ? 1 : 0;
    }
    await trx.updateTable('memberships').set(set).where('id', '=', membershipId).execute();
    return settingsOf(await ownMembership(trx, actor, membershipId));
  });
}
