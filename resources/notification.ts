/**
 * Notification topics (spec 02 §3) and the row every service writes when others should hear of a
 * change. The real-time issue delivers them; until then they are kept and listed.
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
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export interface Notification {
  id: number;
  type: NotificationTopic | string;
  description: string;
  read: boolean;
  dateCreated: string;
  memberId: number;
  entityId: string | null;
  options: { projectId?: number; eventId?: number | string };
}
