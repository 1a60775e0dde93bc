import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { GEO_MESSAGES, latitude, longitude } from './geo.js';
import { id } from './id.js';
import { text } from './text.js';
import { isTimeZone, TIME_ZONE_MESSAGE } from './time-zone.js';

export { isTimeZone } from './time-zone.js';

/**
 * Projects (spec 02 §3 Project, §5, §7 Projects). A project belongs to the company that runs it; its
 * client company reads it and reviews its budget; subcontractor companies added as crew companies
 * see it too. A sub-project is a project whose `projectId` names its parent.
 */

export const PROJECT_MESSAGES = {
  position: 'Send both latitude and longitude, or neither',
  name: 'Project name is required',
  code: 'Project code is required',
  date: 'Must be a date (YYYY-MM-DD)',
  endBeforeStart: 'End date must be on or after the start date',
  timezone: TIME_ZONE_MESSAGE,
  scale: 'Must be a positive number',
  settings: 'Must be an object of settings',
  reason: 'A reason is required',
  suspendStart: 'A suspension needs its start date',
  near: 'Must be near=<lat>,<lng> in decimal degrees, e.g. near=30.2672,-97.7431',
} as const;

/** Messages of spec 02 §8, word for word. */
export const PROJECT_SUCCESS = {
  created: 'Project Created',
  saved: 'Project Saved',
  deleted: 'Project deleted',
  fileUploaded: 'File uploaded',
  fileDeleted: 'File deleted',
  fileAdded: 'File Added',
} as const;

/**
 * Project statuses and the one state machine that moves between them (server-side; an illegal move is
 * a 409). The spec leaves the values open (spec 02 §4); ours are in docs/decisions.md.
 */
export const PROJECT_STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'completed', label: 'Completed' },
  { value: 'shutdown', label: 'Shut down' },
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]['value'];

export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  planned: ['active', 'shutdown'],
  active: ['suspended', 'completed', 'shutdown'],
  suspended: ['active', 'shutdown'],
  completed: ['active'],
  shutdown: [],
};

export const canMoveProject = (from: ProjectStatus, to: ProjectStatus) => from === to || PROJECT_TRANSITIONS[from].includes(to);

export const PROJECT_FILE_TYPES = [
  { value: 'contract', label: 'Contract' },
  { value: 'workOrder', label: 'Work order' },
  { value: 'other', label: 'Other' },
] as const;
export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number]['value'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A date normalised to UTC without time (spec 02 §5): '2026-03-05', '2026-03-05T22:00:00-05:00' (the
 * instant's UTC day) and Date strings all answer 'YYYY-MM-DD'; an impossible date (2026-02-30) is refused.
 */
export function toUtcDate(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
    const d = new Date(`${trimmed}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === trimmed ? trimmed : null;
  }
  if (!ISO_DATE.test(trimmed)) return null;
  const ms = Date.parse(trimmed);
  if (Number.isNaN(ms)) return null;
  const out = new Date(ms).toISOString().slice(0, 10);
  return out >= '0001-01-01' && out <= '9999-12-31' ? out : null;
}

export const utcDate = text({ error: PROJECT_MESSAGES.date }).transform((v, ctx) => {
  const out = toUtcDate(v);
  if (!out) {
    ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.date });
    return z.NEVER;
  }
  return out;
});

const optionalDate = z
  .union([utcDate, z.null(), z.literal('')])
  .optional()
  .transform((v) => v || null);

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** Settings objects (boundaries, map, schedule): a JSON object of at most 20,000 characters. */
const settings = z
  .record(text(), z.unknown(), { error: PROJECT_MESSAGES.settings })
  .refine((v) => JSON.stringify(v).length <= 20_000, 'Settings are too large');

/** powoNumber is sent as text (spec 02 §3); a number is taken as its digits. */
const powoNumber = z
  .union([z.number().transform(String), text()])
  .transform((v) => v.trim().slice(0, 80) || null)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A positive decimal kept exactly as text ('0.5'), up to 6 decimals. */
const scaleFactor = z
  .union([z.number(), text()])
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const s = String(v).trim();
    if (!/^\d+(\.\d{1,6})?$/.test(s) || Number(s) <= 0) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MESSAGES.scale });
      return z.NEVER;
    }
    return s.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  });

const projectFields = {
  projectName: text({ error: PROJECT_MESSAGES.name }).trim().min(1, PROJECT_MESSAGES.name).max(200, 'At most 200 characters'),
  code: text({ error: PROJECT_MESSAGES.code }).trim().min(1, PROJECT_MESSAGES.code).max(40, 'At most 40 characters'),
  projectNumber: optionalText(80),
  address: optionalText(300),
  country: optionalText(2),
  state: optionalText(80),
  city: optionalText(120),
  startDate: optionalDate,
  endDate: optionalDate,
  /** A client company of the caller's (an accepted client partnership); its name and e-mail fill clientName and clientEmail. */
  clientId: id('Choose a client').nullable().optional().transform((v) => v ?? null),
  clientName: optionalText(200),
  clientEmail: z
    .union([text().trim().email('Must be an e-mail address').max(254), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  /** The parent project, for a sub-project. */
  projectId: id('Choose a parent project').nullable().optional().transform((v) => v ?? null),
  powoNumber,
  timezone: text()
    .trim()
    .refine(isTimeZone, PROJECT_MESSAGES.timezone)
    .optional()
    // Left out: the server starts the project in its parent's zone, else its company's.
    .transform((v) => v || undefined),
  marketId: id('Choose a market').nullable().optional().transform((v) => v ?? null),
  isSinglePart: z.boolean({ error: 'Must be true or false' }).default(false),
  requireQuantityOnPDFDraw: z.boolean({ error: 'Must be true or false' }).default(false),
  taskBasedProduction: z.boolean({ error: 'Must be true or false' }).default(false),
  pdfScaleFactor: scaleFactor,
  boundariesSettings: settings.default({}),
  mapSettings: settings.default({}),
  scheduleSettings: settings.default({}),
};

const endAfterStart = (v: { startDate?: string | null; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** POST /companies/{id}/projects. */
export const createProjectBody = z.object(projectFields).refine(endAfterStart, { message: PROJECT_MESSAGES.endBeforeStart, path: ['endDate'] });
export type CreateProjectInput = z.output<typeof createProjectBody>;

/**
 * PATCH /projects/{id}: any field; a status change goes through the state machine, with its
 * suspension (start, end, reason) or shutdown reason.
 */
export const updateProjectBody = z
  .object({
    ...projectFields,
    isSinglePart: z.boolean({ error: 'Must be true or false' }),
    requireQuantityOnPDFDraw: z.boolean({ error: 'Must be true or false' }),
    taskBasedProduction: z.boolean({ error: 'Must be true or false' }),
    boundariesSettings: settings,
    mapSettings: settings,
    scheduleSettings: settings,
    timezone: text().trim().refine(isTimeZone, PROJECT_MESSAGES.timezone),
    status: z.enum(PROJECT_STATUSES.map((s) => s.value) as [ProjectStatus, ...ProjectStatus[]], { error: 'Unknown status' }),
    suspendStart: optionalDate,
    suspendEnd: optionalDate,
    suspendReason: optionalText(1000),
    suspendedShutdownReason: optionalText(1000),
    /** Where the project is on the map (the settings' Location); both or neither, null clears it. */
    lat: latitude.nullable(),
    lng: longitude.nullable(),
  })
  .partial()
  .strict()
  .refine(endAfterStart, { message: PROJECT_MESSAGES.endBeforeStart, path: ['endDate'] })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined) && (v.lat === null) === (v.lng === null), {
    message: PROJECT_MESSAGES.position,
    path: ['lng'],
  })
  .refine((v) => !v.suspendStart || !v.suspendEnd || v.suspendEnd >= v.suspendStart, {
    message: 'Suspension end must be on or after its start',
    path: ['suspendEnd'],
  });
export type UpdateProjectInput = z.output<typeof updateProjectBody>;

/** How the acting company stands to a project: it runs it, is its client, or works on it as a crew company. */
export type ProjectRelation = 'owner' | 'client' | 'subcontractor';

const DEGREES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** GET /projects?near=<lat>,<lng>: the point the list is sorted nearest first from (a phone's position). */
export const nearQuery = text({ error: PROJECT_MESSAGES.near }).transform((value, ctx) => {
  const match = DEGREES.exec(value);
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (!match) return fail(PROJECT_MESSAGES.near);
  const [lat, lng] = [Number(match[1]), Number(match[2])];
  if (lat < -90 || lat > 90) return fail(GEO_MESSAGES.latitude);
  if (lng < -180 || lng > 180) return fail(GEO_MESSAGES.longitude);
  return { lat, lng };
});
export type Near = z.output<typeof nearQuery>;

/** A project as every project call answers it. */
export interface Project {
  id: number;
  companyId: number;
  companyName: string;
  projectName: string;
  code: string;
  projectNumber: string | null;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  startDate: string | null;
  endDate: string | null;
  clientId: number | null;
  clientName: string | null;
  clientEmail: string | null;
  /** The parent project, for a sub-project. */
  projectId: number | null;
  parentName: string | null;
  powoNumber: string | null;
  timezone: string;
  marketId: number | null;
  marketName: string | null;
  isSinglePart: boolean;
  requireQuantityOnPDFDraw: boolean;
  taskBasedProduction: boolean;
  pdfScaleFactor: string | null;
  boundariesSettings: Record<string, unknown>;
  mapSettings: Record<string, unknown>;
  scheduleSettings: Record<string, unknown>;
  /** The project's own position on the map, or null (the map then uses the mean of its check-ins). */
  lat: number | null;
  lng: number | null;
  status: ProjectStatus;
  suspendedShutdownReason: string | null;
  suspendStart: string | null;
  suspendEnd: string | null;
  suspendReason: string | null;
  folderId: number | null;
  budgetId: number | null;
  subProjectCount: number;
  /** With GET /projects?near=…: kilometres from that point (1 decimal), null for a project without a position. */
  distanceKm?: number | null;
  /** The caller's active company's standing, and whether it may change the project. */
  relation: ProjectRelation;
  canManage: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /projects/{id}/stations and the list PATCH /projects/{id}/stations replaces. */
export interface Station {
  id: number;
  position: number;
  name: string;
  chainage: string | null;
  description: string | null;
}

export const stationsBody = z.object({
  stations: z
    .array(
      z.object({
        name: text({ error: 'Station name is required' }).trim().min(1, 'Station name is required').max(60, 'At most 60 characters'),
        chainage: z
          .union([z.number(), text()])
          .nullable()
          .optional()
          .transform((v, ctx) => {
            if (v === null || v === undefined || v === '') return null;
            const s = String(v).trim();
            if (!/^-?\d+(\.\d{1,4})?$/.test(s)) {
              ctx.addIssue({ code: 'custom', message: 'Chainage must be a number with at most 4 decimals' });
              return z.NEVER;
            }
            return s;
          }),
        description: optionalText(500),
      }),
      { error: 'Must be a list of stations' },
    )
    .max(2000, 'At most 2,000 stations'),
});
export type StationsInput = z.output<typeof stationsBody>;

/** A subcontractor company working on the project. */
export interface CrewCompany {
  companyId: number;
  name: string;
  contactName: string | null;
  contactEmail: string | null;
  addedAt: string;
}

export const addCrewCompanyBody = z.object({ companyId: id('Choose a subcontractor') });

/** A project file (spec 02 §3 Project file): a file in the project's folder of the file manager. */
export interface ProjectFile {
  id: number;
  type: ProjectFileType;
  name: string;
  contentType: string;
  length: number;
  url: string;
  uploadedBy: string | null;
  createdAt: string;
}

/** The most files one POST /projects/{id}/files/{type}/existing adds. */
export const MAX_ADDED_FILES = 100;

/**
 * POST /projects/{id}/files/{type}/existing (the spec's "file select" dialog): files of the company's
 * file manager to copy into the project, as `fileId` or a list `fileIds` (both may be sent: together).
 */
export const addProjectFilesBody = z
  .object({
    fileId: id('Choose a file').optional(),
    fileIds: z
      .array(id('Choose a file'), { error: 'Must be a list of file ids' })
      .min(1, 'Choose at least one file')
      .max(MAX_ADDED_FILES, `At most ${MAX_ADDED_FILES} files at once`)
      .optional(),
  })
  .strict()
  .refine((b) => b.fileId !== undefined || b.fileIds !== undefined, { message: 'Choose at least one file', path: ['fileIds'] })
  .transform((b) => ({ fileIds: [...new Set([...(b.fileId === undefined ? [] : [b.fileId]), ...(b.fileIds ?? [])])] }));
export type AddProjectFilesInput = z.output<typeof addProjectFilesBody>;

/**
 * A person who may be given a project role (GET /projects/{id}/people) or asked to review its budget:
 * an accepted member of the company that runs the project, of its client or, for a sub-project, of the
 * parent project's company.
 */
export interface ProjectPerson {
  /** The company membership id (sent as a project membership's id, or a review's memberId). */
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  email: string;
  /** Which side of the project the person is on. */
  side: 'owner' | 'client' | 'parent';
}

/** A project membership (spec 02 §3): a person given a project-scoped role. */
export interface ProjectMembership {
  id: number;
  projectId: number;
  /** The person's company membership this project membership was made from. */
  companyMembershipId: number;
  companyId: number;
  companyName: string;
  userId: number | null;
  name: string;
  email: string;
  roleId: number;
  roleName: string;
  createdAt: string;
}

/** POST /projects/{id}/memberships: the list of people (company membership ids) and their project roles; it replaces the list. */
export const projectMembershipsBody = z.object({
  memberships: z
    .array(z.object({ id: id('Choose a person'), roleId: id('Choose a role') }), { error: 'Must be a list of people and roles' })
    .max(500, 'At most 500 people'),
});
export type ProjectMembershipsInput = z.output<typeof projectMembershipsBody>;

/** GET /projects/{id}/report/overview: the project's figures, money as decimal strings. */
export interface ProjectOverview {
  projectId: number;
  status: ProjectStatus;
  budgetStatus: string | null;
  budgetItemCount: number;
  /** Planned: the budget as approved plus accepted change orders. */
  plannedAmount: string;
  changeOrderAmount: string;
  pendingChangeOrders: number;
  /** Produced: approved production at the budget items' current prices; billed: the owner's invoices the client holds (sent, not rejected or cancelled). */
  producedAmount: string;
  billedAmount: string;
  memberCount: number;
  fileCount: number;
  subProjectCount: number;
  crewCompanyCount: number;
  stationCount: number;
  daysElapsed: number | null;
  daysTotal: number | null;
}

/**
 * GET /projects/{id}/item-categories/{companyId}/…: the categories of the budget items, with how
 * many budget items each has and their planned amount; id null gathers items without a category.
 */
export interface ProjectItemCategory {
  id: number | null;
  name: string | null;
  color: string | null;
  parentId: number | null;
  itemCount: number;
  plannedAmount: string;
}

const fields: ResourceField[] = [
  { name: 'code', label: 'Code', kind: 'text', grid: { width: 120 }, sortable: true },
  { name: 'projectName', label: 'Project', kind: 'text', capitalize: true, grid: { flex: 1, width: 220 }, sortable: true },
  { name: 'status', label: 'Status', kind: 'select', options: PROJECT_STATUSES, grid: { width: 120 }, sortable: true, form: false },
  { name: 'clientName', label: 'Client', kind: 'text', grid: { width: 180 }, sortable: true, nullable: true },
  { name: 'companyName', label: 'Company', kind: 'text', form: false, grid: { width: 180, hidden: true }, sortable: true },
  { name: 'projectNumber', label: 'Project number', kind: 'text', grid: { width: 140, hidden: true }, sortable: true, nullable: true },
  { name: 'powoNumber', label: 'PO/WO number', kind: 'text', grid: { width: 140, hidden: true }, nullable: true },
  { name: 'city', label: 'City', kind: 'text', grid: { width: 140 }, sortable: true, nullable: true },
  { name: 'state', label: 'State', kind: 'text', grid: { width: 90, hidden: true }, sortable: true, nullable: true },
  { name: 'startDate', label: 'Start', kind: 'date', grid: { width: 120 }, sortable: true, nullable: true },
  { name: 'endDate', label: 'End', kind: 'date', grid: { width: 120 }, sortable: true, nullable: true },
  { name: 'marketName', label: 'Market', kind: 'text', form: false, grid: { width: 140, hidden: true }, nullable: true },
  { name: 'parentName', label: 'Parent project', kind: 'text', form: false, grid: { width: 180, hidden: true }, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

/**
 * The projects list acts in the active company (GET /projects): the projects it runs, those it is
 * the client of, and those it works on as a crew company. Creating needs projects:manage.
 */
export const projects = defineResource({
  name: 'projects',
  entityType: 'project',
  navId: 'projects',
  label: 'Projects',
  singular: 'Project',
  titleField: 'projectName',
  fields,
  create: createProjectBody as unknown as z.ZodObject,
  update: updateProjectBody as unknown as z.ZodObject,
  paths: { list: '/projects', create: '/companies/:companyId/projects', item: '/projects/:id' },
  permissions: { view: 'projects:view', manage: 'projects:manage' },
  messages: { created: PROJECT_SUCCESS.created, saved: PROJECT_SUCCESS.saved, deleted: PROJECT_SUCCESS.deleted },
  defaultSort: { field: 'createdAt', order: 'desc' },
});
