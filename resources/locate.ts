import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { id } from './id.js';
import { GEO_MESSAGES, latitude, longitude } from './geo.js';
import { strictDay } from './log.js';
import { text } from './text.js';

/**
 * Locates (spec 02 §3 Locate ticket, §7 GET /locates/all; spec 01 §6 derived rules): a one-call
 * ticket asking the utilities to mark their lines at a work site before digging, and the utilities'
 * answers. Reading needs locate view (locate-manage or crews:manage), every change locate-manage
 * (permissions/ability.ts canViewLocates, canManageLocates).
 */

// ---- Status and expiry -------------------------------------------------------------------------

/**
 * Stored statuses. "Expired" is not stored: a ticket that is not closed is expired once its
 * expiry day has passed (locateExpiry), so no job has to flip rows at midnight and the calendar,
 * the list and the detail all agree.
 */
export const LOCATE_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'ready', label: 'Ready to dig' },
  { value: 'closed', label: 'Closed' },
] as const;
export type LocateStatus = (typeof LOCATE_STATUSES)[number]['value'];
const STATUS_VALUES = LOCATE_STATUSES.map((s) => s.value) as [LocateStatus, ...LocateStatus[]];

/**
 * ready: open → ready (the utilities have answered; not once expired); unready: ready → open;
 * close: open | ready → closed (the work is done, or the ticket is cancelled); reopen: closed → open.
 * A closed ticket and its responses do not change until reopened. Anything else is a 409.
 */
export type LocateEvent = 'ready' | 'unready' | 'close' | 'reopen';
export const LOCATE_TRANSITIONS: Record<LocateEvent, { from: readonly LocateStatus[]; to: LocateStatus }> = {
  ready: { from: ['open'], to: 'ready' },
  unready: { from: ['ready'], to: 'open' },
  close: { from: ['open', 'ready'], to: 'closed' },
  reopen: { from: ['closed'], to: 'open' },
};

export function locateMove(from: LocateStatus, to: LocateStatus): LocateEvent | null {
  return (Object.keys(LOCATE_TRANSITIONS) as LocateEvent[]).find((e) => LOCATE_TRANSITIONS[e].to === to && LOCATE_TRANSITIONS[e].from.includes(from)) ?? null;
}

/** Tickets expiring within this many days (today included) stand out in the list. */
export const EXPIRING_SOON_DAYS = 3;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Where a ticket stands against its expiry day, seen on `today`: days left (0 on the last day,
 * negative once passed), whether it has expired and whether it expires soon. A closed ticket neither.
 */
export function locateExpiry(ticket: { expiresOn: string; status: LocateStatus }, today: string) {
  const daysLeft = Math.round(dayNumber(ticket.expiresOn) - dayNumber(today));
  const live = ticket.status !== 'closed';
  return { daysLeft, expired: live && daysLeft < 0, expiringSoon: live && daysLeft >= 0 && daysLeft < EXPIRING_SOON_DAYS };
}

/** The chip's words: "Expired", "Expires today", "Expires in 1 day", "Expires in N days". */
export function expiryLabel(daysLeft: number): string {
  if (daysLeft < 0) return 'Expired';
  if (daysLeft === 0) return 'Expires today';
  return `Expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

export const RESPONSE_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'clear', label: 'Clear' },
  { value: 'marked', label: 'Marked' },
  { value: 'conflict', label: 'Conflict' },
] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number]['value'];
const RESPONSE_VALUES = RESPONSE_STATUSES.map((s) => s.value) as [ResponseStatus, ...ResponseStatus[]];

// ---- Messages ----------------------------------------------------------------------------------

export const LOCATE_MESSAGES = {
  ticketNumber: 'Enter the ticket number',
  project: 'Choose a project',
  client: 'Choose the project’s client or a client company you have an active client partnership with',
  digStart: 'Enter the dig start date (YYYY-MM-DD)',
  expiresOn: 'Enter the expiry date (YYYY-MM-DD)',
  expiresAfterStart: 'The expiry date must be after the dig start date',
  duplicate: 'A locate ticket with this number already exists',
  status: 'Must be one of: open, ready, closed',
  illegal: 'This ticket cannot move to that status',
  expired: 'This ticket has expired: extend its expiry date before marking it ready to dig',
  closed: 'A closed ticket cannot change: reopen it first',
  position: GEO_MESSAGES.position,
  utility: 'Enter the utility’s name',
  responseStatus: 'Must be one of: pending, clear, marked, conflict',
  respondedAt: 'Must be a date and time',
} as const;

export const LOCATE_SUCCESS = { created: 'Locate Created', saved: 'Locate Saved', deleted: 'Locate deleted' } as const;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

const ticketNumber = text({ error: LOCATE_MESSAGES.ticketNumber }).trim().min(1, LOCATE_MESSAGES.ticketNumber).max(60, 'At most 60 characters');

const locateFields = {
  ticketNumber,
  projectId: id(LOCATE_MESSAGES.project),
  clientId: id(LOCATE_MESSAGES.client).nullable(),
  address: optionalText(500),
  city: optionalText(120),
  state: optionalText(120),
  lat: latitude.nullable(),
  lng: longitude.nullable(),
  digStartDate: strictDay(LOCATE_MESSAGES.digStart),
  expiresOn: strictDay(LOCATE_MESSAGES.expiresOn),
  status: z.enum(STATUS_VALUES, { error: LOCATE_MESSAGES.status }),
  description: optionalText(5000),
};

type Dated = { digStartDate?: string; expiresOn?: string; lat?: number | null; lng?: number | null };
function checkTicket(v: Dated, ctx: z.RefinementCtx) {
  if (v.digStartDate && v.expiresOn && v.expiresOn <= v.digStartDate) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: LOCATE_MESSAGES.expiresAfterStart });
  if (v.lat !== undefined && v.lng !== undefined && (v.lat === null) !== (v.lng === null)) {
    ctx.addIssue({ code: 'custom', path: [v.lat === null ? 'lat' : 'lng'], message: LOCATE_MESSAGES.position });
  }
}

/** POST /locates: a new ticket (open unless said otherwise); the client defaults to the project's. */
export const createLocateBody = z
  .object({
    ...locateFields,
    clientId: locateFields.clientId.optional().transform((v) => v ?? null),
    lat: locateFields.lat.optional().transform((v) => v ?? null),
    lng: locateFields.lng.optional().transform((v) => v ?? null),
    status: z.enum(['open', 'ready'], { error: 'A new ticket is open or ready' }).optional().default('open'),
  })
  .superRefine(checkTicket);
export type CreateLocateInput = z.output<typeof createLocateBody>;

/** PATCH /locates/{id}: the keys sent change; a status change goes through the state machine. */
export const updateLocateBody = z.object(locateFields).partial().strict().superRefine(checkTicket);
export type UpdateLocateInput = z.output<typeof updateLocateBody>;

const respondedAt = text({ error: LOCATE_MESSAGES.respondedAt })
  .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), LOCATE_MESSAGES.respondedAt)
  .transform((v) => new Date(v).toISOString());

const responseFields = {
  utilityName: text({ error: LOCATE_MESSAGES.utility }).trim().min(1, LOCATE_MESSAGES.utility).max(200, 'At most 200 characters'),
  status: z.enum(RESPONSE_VALUES, { error: LOCATE_MESSAGES.responseStatus }),
  note: optionalText(2000),
  respondedAt: respondedAt.nullable(),
};

/** POST /locates/{id}/responses: a utility's answer (pending until it answers). */
export const createLocateResponseBody = z.object({
  ...responseFields,
  status: responseFields.status.optional().default('pending'),
  respondedAt: responseFields.respondedAt.optional().transform((v) => v ?? null),
});
export const updateLocateResponseBody = z.object(responseFields).partial().strict();
export type LocateResponseInput = z.output<typeof updateLocateResponseBody>;

// ---- Answers -----------------------------------------------------------------------------------

export interface Locate {
  id: number;
  companyId: number;
  ticketNumber: string;
  projectId: number;
  projectCode: string;
  projectName: string;
  clientId: number | null;
  clientName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  digStartDate: string;
  expiresOn: string;
  status: LocateStatus;
  /** Against the server's UTC day: not closed and past the expiry day. */
  expired: boolean;
  description: string | null;
  responseCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface LocateResponse {
  id: number;
  locateId: number;
  utilityName: string;
  status: ResponseStatus;
  note: string | null;
  respondedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /locates/{id}: the ticket with its responses and what the caller may do. */
export interface LocateDetail extends Locate {
  responses: LocateResponse[];
  canManage: boolean;
}

// ---- The list ----------------------------------------------------------------------------------

const fields: ResourceField[] = [
  { name: 'ticketNumber', label: 'Ticket', kind: 'text', grid: { width: 140 }, sortable: true, form: false },
  { name: 'expiresOn', label: 'Expires on', kind: 'date', grid: { width: 260 }, sortable: true, form: false },
  { name: 'status', label: 'Status', kind: 'select', options: LOCATE_STATUSES, grid: { width: 130 }, sortable: true, form: false },
  { name: 'projectName', label: 'Project', kind: 'text', grid: { width: 180 }, sortable: true, form: false, filters: [] },
  { name: 'address', label: 'Work site', kind: 'text', grid: { flex: 1, width: 200 }, sortable: true, form: false },
  { name: 'city', label: 'City', kind: 'text', grid: { width: 130 }, sortable: true, form: false },
  { name: 'digStartDate', label: 'Dig start', kind: 'date', grid: { width: 120 }, sortable: true, form: false },
  { name: 'clientName', label: 'Client', kind: 'text', grid: { width: 160, hidden: true }, sortable: false, form: false, filters: [] },
  { name: 'responseCount', label: 'Responses', kind: 'integer', grid: { width: 110 }, sortable: false, form: false, filters: [] },
  { name: 'projectId', label: 'Project id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/**
 * GET /locates/all: the acting company's tickets, the next to expire first. The permissions are the
 * derived rules' names (permissions/ability.ts DERIVED_RULES), which the client and server both apply.
 */
export const locates = defineResource({
  name: 'locates',
  entityType: 'locate',
  navId: 'locates',
  label: 'Locates',
  singular: 'Locate',
  titleField: 'ticketNumber',
  fields,
  create: createLocateBody as unknown as z.ZodObject,
  update: updateLocateBody as unknown as z.ZodObject,
  paths: { list: '/locates/all', create: '/locates', item: '/locates/:id' },
  permissions: { view: 'locate-view', manage: 'locate-manage' },
  messages: LOCATE_SUCCESS,
  defaultSort: { field: 'expiresOn', order: 'asc' },
});
