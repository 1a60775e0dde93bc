import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { GEO_MESSAGES, latitude, longitude } from './geo.js';
import { id } from './id.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * Daily logs and check-in (spec 02 §3 Log, §7 Logs and locates): a person's record of a day on a
 * project with a crew, where they were (the browser's position, or an address typed instead), what
 * happened and, when a weather service is configured, the weather at that position. Crew leaders see
 * the screen as "Check in"; everyone with logs:view reads the company's logs and checks in.
 */

// ---- State machine -----------------------------------------------------------------------------

export const LOG_STATUSES = [
  { value: 'open', label: 'Checked in' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'reviewed', label: 'Reviewed' },
] as const;
export type LogStatus = (typeof LOG_STATUSES)[number]['value'];
const STATUS_VALUES = LOG_STATUSES.map((s) => s.value) as [LogStatus, ...LogStatus[]];

/**
 * submit: open → submitted (the author, or a reviewer); review: submitted → reviewed (a reviewer);
 * reopen: submitted | reviewed → open (a reviewer sends it back). A reviewed log's description is
 * kept as reviewed: it changes only after a reopen. Anything else is a 409 that changes nothing.
 */
export type LogEvent = 'submit' | 'review' | 'reopen';
export const LOG_TRANSITIONS: Record<LogEvent, { from: readonly LogStatus[]; to: LogStatus; reviewerOnly: boolean }> = {
  submit: { from: ['open'], to: 'submitted', reviewerOnly: false },
  review: { from: ['submitted'], to: 'reviewed', reviewerOnly: true },
  reopen: { from: ['submitted', 'reviewed'], to: 'open', reviewerOnly: true },
};
/** A new log starts checked in, or submitted at once (a crew leader's end-of-day entry). */
export const LOG_INITIAL_STATUSES: readonly LogStatus[] = ['open', 'submitted'];
export const LOG_EDITABLE: readonly LogStatus[] = ['open', 'submitted'];

/** The move that takes a log from `from` to `to`, or null when none does. */
export function logMove(from: LogStatus, to: LogStatus): LogEvent | null {
  const found = (Object.keys(LOG_TRANSITIONS) as LogEvent[]).find((e) => LOG_TRANSITIONS[e].to === to && LOG_TRANSITIONS[e].from.includes(from));
  return found ?? null;
}

// ---- Messages ----------------------------------------------------------------------------------

export const LOG_MESSAGES = {
  project: 'Choose a project',
  crew: 'Choose a crew',
  noCrew: 'You are in no crew to check in with: ask whoever manages the crews to add you to one.',
  logData: "Must be an object with the log's fields",
  mixed: "Send the log's fields inside logData or beside dateString, not both",
  position: GEO_MESSAGES.position,
  date: 'Must be a date (YYYY-MM-DD)',
  dateString: "Must be the day on the person's device (YYYY-MM-DD)",
  status: 'Must be one of: open, submitted, reviewed',
  initialStatus: 'A new log is checked in (open) or submitted',
  illegal: 'This log cannot move to that status',
  notEditable: 'A reviewed log cannot change: reopen it first',
  notYours: 'Only the author of a log, or a reviewer, may change it',
  reviewerOnly: 'Only a reviewer (logs:manage or crews:manage) may review or reopen a log',
} as const;

export const LOG_SUCCESS = { created: 'Checked in', saved: 'Log Saved' } as const;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** A calendar day written exactly YYYY-MM-DD (2026-02-30 is refused). */
export const strictDay = (message: string) =>
  text({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .pipe(utcDate);

const status = z.enum(STATUS_VALUES, { error: LOG_MESSAGES.status });

/** The log's own fields, as the spec's `logData` names them; every one optional here, the rules below say which are needed. */
const logFields = {
  projectId: id(LOG_MESSAGES.project).nullable().optional(),
  crewId: id(LOG_MESSAGES.crew).nullable().optional(),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  date: z
    .union([utcDate, z.null(), z.literal('')])
    .optional()
    .transform((v) => v || null),
  status: status.refine((v) => LOG_INITIAL_STATUSES.includes(v), LOG_MESSAGES.initialStatus).optional(),
  description: optionalText(5000),
  address: optionalText(500),
};
type LogFieldName = keyof typeof logFields;
const LOG_FIELD_NAMES = Object.keys(logFields) as LogFieldName[];

export interface CreateLogInput {
  projectId: number;
  crewId: number;
  lat: number | null;
  lng: number | null;
  date: string | null;
  dateString: string | null;
  status: LogStatus;
  description: string | null;
  address: string | null;
  /** Sent inside logData: the service's own refusals name `logData.crewId`, as the schema's do. */
  wrapped: boolean;
}

/**
 * POST /logs, in either of two shapes with the same rules and the same answer: the spec's
 * `{ logData: { projectId, crewId, lat, lng, date, status, description, address }, dateString }`
 * (what the phone's outbox sends), or those fields flat beside `dateString` (DESIGN.md, the desk's
 * card). A log needs a project and a crew; errors name the field where it was sent
 * (`logData.projectId` or `projectId`). Fields both inside logData and beside it are refused rather
 * than one silently winning.
 *
 * `date` is the log's day; `dateString` is the day on the person's device (their local calendar
 * day, YYYY-MM-DD), which sets the day when `date` is absent, so a check-in at 9 pm in Texas is that
 * day and not tomorrow in UTC. With neither, the server's UTC day.
 */
export const createLogBody = z
  .object({
    ...logFields,
    logData: z.object(logFields, { error: LOG_MESSAGES.logData }).optional(),
    dateString: z
      .union([strictDay(LOG_MESSAGES.dateString), z.null(), z.literal('')])
      .optional()
      .transform((v) => v || null),
  })
  .transform((body, ctx): CreateLogInput => {
    const wrapped = body.logData !== undefined;
    const fields = body.logData ?? body;
    const at = (field: LogFieldName) => (wrapped ? ['logData', field] : [field]);
    let failed = false;
    const fail = (path: string[], message: string) => {
      failed = true;
      ctx.addIssue({ code: 'custom', path, message, input: body });
    };
    if (wrapped) for (const field of LOG_FIELD_NAMES) if (body[field] != null) fail([field], LOG_MESSAGES.mixed);
    if (fields.projectId == null) fail(at('projectId'), LOG_MESSAGES.project);
    if (fields.crewId == null) fail(at('crewId'), LOG_MESSAGES.crew);
    if ((fields.lat == null) !== (fields.lng == null)) fail(at(fields.lat == null ? 'lat' : 'lng'), LOG_MESSAGES.position);
    if (failed) return z.NEVER;
    return {
      projectId: fields.projectId!,
      crewId: fields.crewId!,
      lat: fields.lat ?? null,
      lng: fields.lng ?? null,
      date: fields.date,
      dateString: body.dateString,
      status: fields.status ?? 'open',
      description: fields.description,
      address: fields.address,
      wrapped,
    };
  });

/** PATCH /logs/{id}: the status (through the state machine) and the description; what is sent changes. */
export const updateLogBody = z
  .object({ status, description: optionalText(5000) })
  .partial()
  .strict();
export type UpdateLogInput = z.output<typeof updateLogBody>;

// ---- Answers -----------------------------------------------------------------------------------

/** The weather at the position when the log was made (server/lib/weather.ts), when a service is configured. */
export interface LogWeather {
  /** °C. */
  temperature: number | null;
  /** km/h. */
  windSpeed: number | null;
  /** Degrees from north. */
  windDirection: number | null;
  /** WMO weather interpretation code, and its words. */
  code: number | null;
  summary: string | null;
  /** When the service observed it (its own time text). */
  observedAt: string | null;
}

export interface Log {
  id: number;
  companyId: number;
  projectId: number | null;
  projectCode: string | null;
  projectName: string | null;
  crewId: number | null;
  crewName: string | null;
  userId: number | null;
  userName: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  date: string;
  status: LogStatus;
  description: string | null;
  weather: LogWeather | null;
  createdAt: string;
  updatedAt: string;
  /** What the caller may do now (GET /logs/{id} and the answers of POST and PATCH). */
  canEdit?: boolean;
  canReview?: boolean;
}

/** '21 °C · Rain · wind 12 km/h', from what the weather service said at check-in. */
export function weatherText(w: LogWeather): string {
  return [
    w.temperature === null ? null : `${Math.round(w.temperature)} °C`,
    w.summary,
    w.windSpeed === null ? null : `wind ${Math.round(w.windSpeed)} km/h`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** WMO weather interpretation codes (Open-Meteo's weathercode), in words. */
export function weatherSummary(code: number | null): string | null {
  if (code === null) return null;
  if (code === 0) return 'Clear sky';
  if (code <= 3) return ['Mainly clear', 'Partly cloudy', 'Overcast'][code - 1]!;
  if (code === 45 || code === 48) return 'Fog';
  if (code >= 51 && code <= 57) return 'Drizzle';
  if (code >= 61 && code <= 67) return 'Rain';
  if (code >= 71 && code <= 77) return 'Snow';
  if (code >= 80 && code <= 82) return 'Rain showers';
  if (code === 85 || code === 86) return 'Snow showers';
  if (code >= 95) return 'Thunderstorm';
  return null;
}

// ---- The list ----------------------------------------------------------------------------------

const fields: ResourceField[] = [
  { name: 'date', label: 'Date', kind: 'date', grid: { width: 120 }, sortable: true, form: false },
  { name: 'status', label: 'Status', kind: 'select', options: LOG_STATUSES, grid: { width: 120 }, sortable: true, form: false },
  { name: 'userName', label: 'By', kind: 'text', grid: { width: 160 }, sortable: false, form: false, filters: [] },
  { name: 'projectName', label: 'Project', kind: 'text', grid: { width: 180 }, sortable: false, form: false, filters: [] },
  { name: 'crewName', label: 'Crew', kind: 'text', grid: { width: 150 }, sortable: false, form: false, filters: [] },
  { name: 'description', label: 'Description', kind: 'multiline', grid: { flex: 1, width: 220 }, sortable: false, form: false, filters: ['contains'] },
  { name: 'address', label: 'Address', kind: 'text', grid: { width: 200, hidden: true }, sortable: false, form: false, filters: ['contains'] },
  { name: 'projectId', label: 'Project id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'crewId', label: 'Crew id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'userId', label: 'User id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'createdAt', label: 'Checked in at', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/** GET /logs: the acting company's logs, newest day first. Checking in needs logs:view only (crew leaders hold no more). */
export const logs = defineResource({
  name: 'logs',
  entityType: 'log',
  navId: 'logs',
  label: 'Daily Log',
  singular: 'Log',
  titleField: 'date',
  fields,
  create: createLogBody as unknown as z.ZodObject,
  update: updateLogBody as unknown as z.ZodObject,
  paths: { list: '/logs', create: '/logs', item: '/logs/:id' },
  permissions: { view: 'logs:view', manage: 'logs:view' },
  messages: { created: LOG_SUCCESS.created, saved: LOG_SUCCESS.saved, deleted: 'Log deleted' },
  defaultSort: { field: 'date', order: 'desc' },
});
