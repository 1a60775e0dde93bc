import { nextDay, type CalendarEvent, type CalendarEventType } from '../../../resources/calendar.js';
import { QUICK_EVENTS_MAX, type QuickEvent } from '../../../resources/quick-panel.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { calendarEvents } from '../calendar/calendar-service.js';

const KIND: Record<CalendarEventType, string> = { task: 'Task', production: 'Production', log: 'Daily log', project: 'Project', locate: 'Locate ticket' };
const OTHER_TYPES: CalendarEventType[] = ['production', 'log', 'project', 'locate'];

const sentence = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/[_-]/g, ' ');

function quickEvent(e: CalendarEvent): QuickEvent {
  const parts = [KIND[e.type]];
  if (e.status) parts.push(sentence(e.status));
  // A task running over several days says when it ends (end is exclusive).
  if (e.end) parts.push(`until ${new Date(Date.parse(`${e.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)}`);
  return { id: e.id, title: e.title, detail: parts.join(' · '), url: e.url };
}

/** The crews the caller is in or leads in the acting company. */
async function ownCrews(services: Services, membershipId: number): Promise<number[]> {
  const rows = await services.db.selectFrom('crew_members').select('crew_id').where('membership_id', '=', membershipId).execute();
  return [...new Set(rows.map((r) => r.crew_id))];
}

/**
 * The events of one day for the quick panel, read through the calendar's sources (the same
 * visibility and permissions): the tasks of the crews the caller is in or leads, then the other
 * calendar items of the day (productions, daily logs, project starts and ends, locate expiries).
 */
export async function dayEvents(services: Services, actor: Actor, date: string): Promise<{ events: QuickEvent[]; more: number }> {
  if (!actor.membership) return { events: [], more: 0 };
  const window = { start: date, end: nextDay(date), projectId: [] as number[] };
  const crews = await ownCrews(services, actor.membership.id);
  const [tasks, others] = await Promise.all([
    crews.length ? calendarEvents(services, actor, { ...window, crewId: crews, types: ['task'] }) : { events: [] },
    calendarEvents(services, actor, { ...window, crewId: [], types: OTHER_TYPES }),
  ]);
  const all = [...tasks.events, ...others.events];
  return { events: all.slice(0, QUICK_EVENTS_MAX).map(quickEvent), more: Math.max(0, all.length - QUICK_EVENTS_MAX) };
}
