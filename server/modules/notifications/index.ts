import { getSettings } from './operations/get-notification-settings.js';
import { listMemberNotifications } from './operations/list-notifications.js';
import { markNotification } from './operations/mark-notification.js';
import { countUnreadNotifications } from './operations/unread-count.js';
import { updateSettings } from './operations/update-notification-settings.js';

export const notificationRoutes = [listMemberNotifications, countUnreadNotifications, markNotification, getSettings, updateSettings];
