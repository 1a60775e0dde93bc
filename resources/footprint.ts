import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { point, type LatLng } from './geo.js';
import { id } from './id.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * Footprints (spec 02 §2 route `footprints`, footprint types, notification type `footprint`): the
 * ground a job disturbed, as a utility contractor must answer for it: the trench line or the dug-up
 * area, drawn on the map, measured, photographed, and followed until the surface is restored and
 * inspected. A footprint is a polygon (an excavation, a pit, a torn-up lawn: measured by its area)
 * or a line (a trench, a bore path: measured by its length). The server computes both measures from
 * the points (resources/geo.ts) and never takes a figure from the client.
 */

export const FOOTPRINT_KINDS = [
  { value: 'polygon', label: 'Area' },
  { value: 'line', label: 'Line' },
] as const;
export type FootprintKind = (typeof FOOTPRINT_KINDS)[number]['value'];

// ---- Restoration state machine ----------------------------------------------------------------

export const RESTORATION_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'temporary', label: 'Temporary restoration' },
  { value: 'restored', label: 'Restored' },
  { value: 'inspected', label: 'Inspected' },
] as const;
export type RestorationStatus = (typeof RESTORATION_STATUSES)[number]['value'];

/**
 * The ground is open; it may get a temporary surface (cold patch, steel plate) before the permanent
 * one, or be restored at once; a restoration that fails (settles, cracks) goes back to temporary;
 * once the owner or the city has inspected it the footprint is done.
 */
export const RESTORATION_MOVES: Record<RestorationStatus, readonly RestorationStatus[]> = {
  open: ['temporary', 'restored'],
  temporary: ['restored'],
  restored: ['inspected', 'temporary'],
  inspected: [],
};
export const canMoveRestoration = (from: RestorationStatus, to: RestorationStatus) => RESTORATION_MOVES[from].includes(to);
export const restorationLabel = (status: string) => RESTORATION_STATUSES.find((s) => s.value === status)?.label ?? status;

export const FOOTPRINT_MESSAGES = {
  project: 'Choose a project',
  type: 'Choose a footprint type of your company',
  crew: 'Choose a crew of your company',
  kind: 'Choose an area or a line',
  polygon: 'An area needs at least three points',
  line: 'A line needs at least two points',
  tooMany: 'At most 2,000 points',
  status: 'Choose a restoration status',
} as const;

export const FOOTPRINT_SUCCESS = { created: 'Footprint Created', saved: 'Footprint Saved', deleted: 'Footprint deleted' } as const;

export const MAX_FOOTPRINT_POINTS = 2000;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

const kind = z.enum(['polygon', 'line'], { error: FOOTPRINT_MESSAGES.kind });
const points = z.array(point, { error: 'Must be a list of [lat, lng] points' }).max(MAX_FOOTPRINT_POINTS, FOOTPRINT_MESSAGES.tooMany);

/** A shape's points fit its kind: three for an area, two for a line. */
const enoughPoints = (v: { kind?: FootprintKind; points?: LatLng[] }, ctx: z.RefinementCtx) => {
  if (!v.kind || !v.points) return;
  const min = v.kind === 'polygon' ? 3 : 2;
  if (v.points.length < min) ctx.addIssue({ code: 'custom', path: ['points'], message: v.kind === 'polygon' ? FOOTPRINT_MESSAGES.polygon : FOOTPRINT_MESSAGES.line });
};

const fields = {
  projectId: id(FOOTPRINT_MESSAGES.project),
  typeId: id(FOOTPRINT_MESSAGES.type),
  crewId: id(FOOTPRINT_MESSAGES.crew).nullable(),
  date: utcDate,
  kind,
  points,
  notes: optionalText(5000),
};

/** POST /footprints: a new footprint, open. */
export const createFootprintBody = z
  .object({ ...fields, crewId: fields.crewId.optional().transform((v) => v ?? null) })
  .strict()
  .superRefine(enoughPoints);
export type CreateFootprintInput = z.output<typeof createFootprintBody>;

/** PATCH /footprints/{id}: the fields sent change; a new shape is sent whole (kind with points); a status goes through the state machine. */
export const updateFootprintBody = z
  .object({ ...fields, restorationStatus: z.enum(['open', 'temporary', 'restored', 'inspected'], { error: FOOTPRINT_MESSAGES.status }) })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (('kind' in v) !== ('points' in v)) ctx.addIssue({ code: 'custom', path: ['points' in v ? 'kind' : 'points'], message: 'Send the kind with the points' });
    else enoughPoints(v, ctx);
  });
export type UpdateFootprintInput = z.output<typeof updateFootprintBody>;

// ---- Answers -----------------------------------------------------------------------------------

/** A row of GET /footprints (without its points: a page of shapes would be heavy). */
export interface FootprintRow {
  id: number;
  companyId: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  typeId: number;
  typeName: string;
  crewId: number | null;
  crewName: string | null;
  date: string;
  kind: FootprintKind;
  /** Square metres for an area, null for a line. */
  areaM2: number | null;
  /** A line's length, or an area's perimeter, in metres. */
  lengthM: number;
  centerLat: number;
  centerLng: number;
  restorationStatus: RestorationStatus;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /footprints/{id}. */
export interface Footprint extends FootprintRow {
  points: LatLng[];
  notes: string | null;
  photoCount: number;
  nextStatuses: RestorationStatus[];
}

export interface FootprintPhoto {
  id: number;
  name: string;
  contentType: string;
  url: string;
  uploadedBy: string | null;
  createdAt: string;
}

// ---- The list ----------------------------------------------------------------------------------

const gridFields: ResourceField[] = [
  { name: 'date', label: 'Date', kind: 'date', grid: { width: 120 }, sortable: true, form: false },
  { name: 'typeName', label: 'Type', kind: 'text', grid: { width: 150 }, sortable: true, form: false },
  { name: 'restorationStatus', label: 'Restoration', kind: 'select', options: RESTORATION_STATUSES, grid: { width: 170 }, sortable: true, form: false, filters: ['equals'] },
  { name: 'projectCode', label: 'Project code', kind: 'text', grid: { width: 120 }, sortable: true, form: false },
  { name: 'projectName', label: 'Project', kind: 'text', grid: { flex: 1, width: 180 }, sortable: true, form: false },
  { name: 'crewName', label: 'Crew', kind: 'text', grid: { width: 150 }, sortable: true, form: false, nullable: true },
  { name: 'kind', label: 'Shape', kind: 'select', options: FOOTPRINT_KINDS, grid: { width: 90 }, sortable: true, form: false, filters: ['equals'] },
  { name: 'areaM2', label: 'Area (m²)', kind: 'decimal', grid: { width: 110 }, sortable: true, form: false, filters: [], nullable: true },
  { name: 'lengthM', label: 'Length (m)', kind: 'decimal', grid: { width: 110 }, sortable: true, form: false, filters: [] },
  { name: 'projectId', label: 'Project id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'crewId', label: 'Crew id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'typeId', label: 'Type id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'createdByName', label: 'Drawn by', kind: 'text', grid: { width: 150, hidden: true }, sortable: true, form: false, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/** GET /footprints: the acting company's footprints, newest day first. footprints:view reads, footprints:manage draws and changes. */
export const footprints = defineResource({
  name: 'footprints',
  entityType: 'footprint',
  navId: 'footprints',
  label: 'Footprints',
  singular: 'Footprint',
  titleField: 'date',
  fields: gridFields,
  create: createFootprintBody as unknown as z.ZodObject,
  update: updateFootprintBody as unknown as z.ZodObject,
  paths: { list: '/footprints', create: '/footprints', item: '/footprints/:id' },
  permissions: { view: 'footprints:view', manage: 'footprints:manage' },
  messages: FOOTPRINT_SUCCESS,
  defaultSort: { field: 'date', order: 'desc' },
});
