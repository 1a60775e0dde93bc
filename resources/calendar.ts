import { z } from 'zod';
import { idParam } from './id.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * The calendar (spec 02 §2 `calendar`): one answer of events from several sources over a window of
 * days, each opening its own page. Shared by the server (query validation) and the screen (legend,
 * colours, toggles).
 */

export const CALENDAR_EVENT_TYPES = [
  { value: 'task', label: 'Tasks', color: '#1565c0' },
  { value: 'production', label: 'Productions', color: '#2e7d32' },
  { value: 'log', label: 'Daily logs', color: '#ef6c00' },
  { value: 'project', label: 'Project start and end', color: '#6a1b9a' },
  { value: 'locate', label: 'Locate expiries', color: '#c62828' },
] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number]['value'];
const TYPE_VALUES = CALENDAR_EVENT_TYPES.map((t) => t.value) as [CalendarEventType, ...CalendarEventType[]];

export const calendarColor = (type: CalendarEventType) => CALENDAR_EVENT_TYPES.find((t) => t.value === type)!.color;

/** A window longer than this (two months and a little, what a month view shows) is a 400. */
export const CALENDAR_MAX_DAYS = 62;
/** Events of one type a window answers at most; more sets X-Truncated. */
export const CALENDAR_CAP = 500;

export const CALENDAR_MESSAGES = {
  start: 'Must be a date (YYYY-MM-DD): the first day shown',
  end: 'Must be a date (YYYY-MM-DD): the day after the last day shown',
  order: 'end must be after start',
  span: `At most ${CALENDAR_MAX_DAYS} days at a time`,
  type: `Must be one of: ${TYPE_VALUES.join(', ')}`,
};

/** A query value that may repeat (projectId=1&projectId=2) or come as a comma list (types=task,log). */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return [];
    const list = Array.isArray(v) ? v : [v];
    return list.flatMap((x) => (typeof x === 'string' ? x.split(',').filter(Boolean) : [x]));
  }, z.array(item).max(200, 'At most 200 values'));

const DAY_MS = 86_400_000;
export const daysBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/** GET /calendar/events: the window [start, end) is required, end exclusive, as FullCalendar asks. */
export const calendarQuery = z
  .object({
    start: text({ error: CALENDAR_MESSAGES.start }).regex(/^\d{4}-\d{2}-\d{2}$/, CALENDAR_MESSAGES.start).pipe(utcDate),
    end: text({ error: CALENDAR_MESSAGES.end }).regex(/^\d{4}-\d{2}-\d{2}$/, CALENDAR_MESSAGES.end).pipe(utcDate),
    projectId: many(idParam('projectId must be a project id')).optional().default([]),
    crewId: many(idParam('crewId must be a crew id')).optional().default([]),
    types: many(z.enum(TYPE_VALUES, { error: CALENDAR_MESSAGES.type })).optional().default([]),
  })
  .strict()
  .refine((q) => q.end > q.start, { message: CALENDAR_MESSAGES.order, path: ['end'] })
  .refine((q) => daysBetween(q.start, q.end) <= CALENDAR_MAX_DAYS, { message: CALENDAR_MESSAGES.span, path: ['end'] });
export type CalendarQuery = z.output<typeof calendarQuery>;

/** One event. Dates are whole days; `end` is exclusive (the day after the last), absent for one day. */
export interface CalendarEvent {
  /** `${type}-${id}`, and for a project `project-${id}-start` / `-end`. */
  id: string;
  type: CalendarEventType;
  title: string;
  start: string;
  end?: string;
  allDay: true;
  /** The page the event opens, under /app/. */
  url: string;
  projectId: number | null;
  crewId: number | null;
  status: string | null;
  color: string;
}

/** The day after `date` (YYYY-MM-DD), for an exclusive end. */
export function nextDay(date: string): string {
  return addDays(date, 1);
}

/** The day `days` after a YYYY-MM-DD day (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
