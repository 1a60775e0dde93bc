import { listCalendarEvents } from './operations/calendar-events.js';

export const calendarRoutes = [listCalendarEvents];
