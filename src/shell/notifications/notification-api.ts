import { notificationSettingsSchema, type Notification, type NotificationSettings, type UnreadCount } from '../../../resources/notification';
import { apiFetch } from '../../api/http';

/** The bell's calls (spec 02 §7); the menu shows its failures itself (quiet). Listing marks every one read. */
export async function fetchNotifications(memberId: number, start: number, end: number, signal?: AbortSignal): Promise<{ rows: Notification[]; total: number }> {
  const { data, headers } = await apiFetch<Notification[]>(`/members/${memberId}/notifications?_start=${start}&_end=${end}`, { signal, quiet: true });
  return { rows: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const fetchUnreadCount = (memberId: number, signal?: AbortSignal) =>
  apiFetch<UnreadCount>(`/members/${memberId}/notifications/unread-count`, { signal, quiet: true }).then((r) => Number(r.data?.unread) || 0);

export const markNotificationRead = (id: number) => apiFetch<Notification>(`/notifications/${id}`, { method: 'PATCH', body: { read: true }, quiet: true }).then((r) => r.data);

export const fetchNotificationSettings = (membershipId: number, signal?: AbortSignal) =>
  apiFetch<unknown>(`/memberships/${membershipId}/notification-settings`, { signal, quiet: true }).then((r) => notificationSettingsSchema.parse(r.data));

export const saveNotificationSettings = (membershipId: number, change: Partial<NotificationSettings>) =>
  apiFetch<NotificationSettings>(`/memberships/${membershipId}/notification-settings`, { method: 'PATCH', body: change }).then((r) => r.data);
