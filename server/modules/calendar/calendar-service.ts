import type { CalendarEvent, CalendarQuery } from '../../../resources/calendar.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { CALENDAR_SOURCES, type CalendarWindow } from './calendar-sources.js';

/**
 * GET /calendar/events: each source the caller may see and asked for, read side by side, merged in
 * date order. `truncated` names the types that held more than the cap.
 */
export async function calendarEvents(services: Services, actor: Actor, query: CalendarQuery): Promise<{ events: CalendarEvent[]; truncated: string[] }> {
  const window: CalendarWindow = {
    companyId: actor.membership!.companyId,
    profile: actor.profile,
    start: query.start,
    end: query.end,
    projectIds: query.projectId,
    crewIds: query.crewId,
  };
  const wanted = CALENDAR_SOURCES.filter((s) => (query.types.length === 0 || query.types.includes(s.type)) && s.visible(window));
  const results = await Promise.all(wanted.map((s) => s.read(services.db, window, services.readCache).then((r) => ({ type: s.type, ...r }))));
  const events = results.flatMap((r) => r.events).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { events, truncated: results.filter((r) => r.truncated).map((r) => r.type) };
}
