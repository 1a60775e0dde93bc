import { z } from 'zod';

/**
 * Notification topics (spec 02 §3, and the types of its click routing, §2) and the row every service
 * writes when others should hear of a change; delivered live on the socket (SOCKET_EVENTS.notification)
 * and listed by the toolbar's bell.
 */
export const NOTIFICATION_TOPICS = [
  'production--added',
  'production--review',
  'production--comment',
  'production--item-update',
  'production--item-added',
  'production--item-deleted',
  'budget--budget-item',
  'budget--budget-review',
  'budget--comment',
  'invoice',
  'invoice-comment',
  'task',
  'task-comment',
  'task-file',
  'damage',
  'footprint',
  'pdf-converted-to-jpeg',
  /** A dashboard made public or its public URL revoked (issue 18): the company's managers hear of it. */
  'dashboard',
  /** A company's data export finished or failed (issue 22): its requester hears of it. */
  'company-export',
  /** A webhook paused after a day of failed deliveries (issue 23): its creator and the company's integration managers hear of it. */
  'webhook',
  /** An API token created or revoked (issue 23): the company's other integration managers hear of it. */
  'api-token',
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export interface Notification {
  id: number;
  type: NotificationTopic | string;
  description: string;
  /** As it was before the list that answers it marked everything read. */
  read: boolean;
  dateCreated: string;
  memberId: number;
  entityId: string | null;
  options: { projectId?: number; eventId?: number | string };
}

/** The socket's notification event: the row, and the company of the membership it is addressed to. */
export type NotificationEvent = Notification & { companyId: number };

// ---- Settings ------------------------------------------------------------------------------------

/** Membership notification settings (spec 01 §3): what a member receives, by category. */
export const NOTIFICATION_CATEGORIES = ['Reports', 'Delays', 'Others'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * Which category decides a topic (docs/decisions.md, Notifications): Reports are the daily
 * production reports and the invoices billed from them; Delays what holds work up in the field
 * (a damage, a footprint to restore, a task assigned, moved or sent back); Others the rest.
 */
const TOPIC_CATEGORY: Record<NotificationTopic, NotificationCategory> = {
  'production--added': 'Reports',
  'production--review': 'Reports',
  'production--comment': 'Reports',
  'production--item-update': 'Reports',
  'production--item-added': 'Reports',
  'production--item-deleted': 'Reports',
  invoice: 'Reports',
  'invoice-comment': 'Reports',
  damage: 'Delays',
  footprint: 'Delays',
  task: 'Delays',
  'budget--budget-item': 'Others',
  'budget--budget-review': 'Others',
  'budget--comment': 'Others',
  'task-comment': 'Others',
  'task-file': 'Others',
  'pdf-converted-to-jpeg': 'Others',
  dashboard: 'Others',
  'company-export': 'Others',
  webhook: 'Others',
  'api-token': 'Others',
};

export const notificationCategory = (type: string): NotificationCategory => TOPIC_CATEGORY[type as NotificationTopic] ?? 'Others';

/** GET /memberships/{id}/notification-settings; Email: each notification is mailed too. */
export const notificationSettingsSchema = z.object({
  Reports: z.boolean(),
  Delays: z.boolean(),
  Others: z.boolean(),
  Email: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PATCH /memberships/{id}/notification-settings: any of the four, at least one. */
export const notificationSettingsPatch = notificationSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one of Reports, Delays, Others, Email' });

export const NOTIFICATION_SETTING_LABELS: Record<keyof NotificationSettings, { label: string; help: string }> = {
  Reports: { label: 'Reports', help: 'Daily production reports, their reviews and comments, and invoices' },
  Delays: { label: 'Delays', help: 'Damages, footprints to restore, and tasks assigned, moved or sent back' },
  Others: { label: 'Others', help: 'Budgets, reviews, change orders, task comments and files, and the rest' },
  Email: { label: 'Also by e-mail', help: 'Each notification you receive is mailed to you as well' },
};

// ---- Calls ---------------------------------------------------------------------------------------

/** PATCH /notifications/{id}: a notification is only ever marked read (spec 02 §4). */
export const markNotificationBody = z.object({ read: z.literal(true) }).strict();

/** GET /members/{memberId}/notifications/unread-count. */
export interface UnreadCount {
  unread: number;
}

/** The bell's page: GET /members/{memberId}/notifications?_start=0&_end=NOTIFICATION_PAGE. */
export const NOTIFICATION_PAGE = 20;

// ---- Where a notification leads (spec 02 §2) ------------------------------------------------------

const hash = (eventId: number | string | undefined) => (eventId === undefined || eventId === null || eventId === '' ? '' : `#${eventId}`);

/**
 * The app path (under /app) a notification opens, by type: the links of spec 02 §2, with the event
 * (comment, review) as the hash where one is given. Also the link of its e-mail.
 */
export function notificationLink(n: Pick<Notification, 'type' | 'entityId' | 'options'>): string {
  const { projectId, eventId } = n.options ?? {};
  const entity = n.entityId ? encodeURIComponent(n.entityId) : null;
  const project = (section: string, withHash = false) => (projectId ? `/projects/${projectId}/${section}${withHash ? hash(eventId) : ''}` : '/projects');
  if (n.type === 'budget--comment') return project('budget', true);
  if (n.type.startsWith('budget')) return project('budget');
  if (n.type === 'pdf-converted-to-jpeg') return project('files');
  if (n.type.startsWith('production')) return entity ? `/productions/inspect/${entity}${hash(eventId)}` : '/productions';
  if (n.type.startsWith('invoice')) return entity ? `/invoices/${entity}${hash(eventId)}` : '/invoices';
  if (n.type.startsWith('task')) return entity ? `/tasks/${entity}${hash(eventId)}` : '/tasks';
  if (n.type === 'footprint') return entity ? `/footprints/${entity}` : '/footprints';
  if (n.type === 'damage') return entity ? `/damages/${entity}` : '/damages';
  // The entity is the company; the export is the event.
  if (n.type === 'company-export') return entity ? `/companies/${entity}/data-export` : '/companies';
  if (n.type === 'webhook') return entity ? `/companies/${entity}/webhooks` : '/companies';
  if (n.type === 'api-token') return entity ? `/companies/${entity}/api-tokens` : '/companies';
  return '/dashboard';
}
