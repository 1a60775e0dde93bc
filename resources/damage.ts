import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { GEO_MESSAGES, latitude, longitude } from './geo.js';
import { id } from './id.js';
import { centsToMoney, MONEY_MESSAGES, parseScaled, priceInput } from './money.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * Damages (spec 02 §3 Damage, §7 Damages): harm a job did to something of someone else's (a struck
 * gas line, a cut cable, a cracked driveway), recorded by the company whose work caused it, on one
 * of its projects, for its claims staff to follow until it is settled. Money is integer cents
 * (amounts travel as "1234.50"); a position is optional and both-or-neither. One state machine,
 * declared here and enforced by the server (an illegal move is a 409 that changes nothing).
 */

// ---- State machine -----------------------------------------------------------------------------

export const DAMAGE_STATUSES = [
  { value: 'reported', label: 'Reported' },
  { value: 'claimed', label: 'Claimed' },
  { value: 'in_repair', label: 'In repair' },
  { value: 'closed', label: 'Closed' },
] as const;
export type DamageStatus = (typeof DAMAGE_STATUSES)[number]['value'];

/**
 * Where a damage may go from each status. A claim is filed (claimed) or the repair starts at once
 * (in repair, when the company fixes it itself); either ends closed; a closed damage is reopened as
 * reported when a new claim or a failed repair turns up. Nothing goes back a step otherwise.
 */
export const DAMAGE_MOVES: Record<DamageStatus, readonly DamageStatus[]> = {
  reported: ['claimed', 'in_repair', 'closed'],
  claimed: ['in_repair', 'closed'],
  in_repair: ['closed'],
  closed: ['reported'],
};
export const canMoveDamage = (from: DamageStatus, to: DamageStatus) => DAMAGE_MOVES[from].includes(to);
export const damageStatusLabel = (status: string) => DAMAGE_STATUSES.find((s) => s.value === status)?.label ?? status;

// ---- Files -------------------------------------------------------------------------------------

/** POST /damages/{id}/files/{category}: the damage's files (photos, reports, letters) and the proof of its amount (invoices, estimates). */
export const DAMAGE_FILE_CATEGORIES = [
  { value: 'files', label: 'Files' },
  { value: 'proof', label: 'Proof of amount' },
] as const;
export type DamageFileCategory = (typeof DAMAGE_FILE_CATEGORIES)[number]['value'];

// ---- Messages ----------------------------------------------------------------------------------

export const DAMAGE_MESSAGES = {
  project: 'Choose a project',
  damageType: 'Choose a damage type of your company',
  safetyAuthority: 'Choose a safety authority of your company',
  status: 'Choose a status',
  notDeletable: 'Only a damage that is still reported can be deleted; close it instead',
} as const;

/** Spec 02 §8 names Damage Created and Damage Saved; the rest are ours. */
export const DAMAGE_SUCCESS = { created: 'Damage Created', saved: 'Damage Saved', deleted: 'Damage deleted' } as const;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** Form inputs send numbers as text; the API takes either. Blank is none. */
const numeric = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema.nullable());

/**
 * An amount as money text with two decimals ("1234.50"): the form's values stay plain JSON (no
 * BigInt) and the server turns the text into cents exactly (moneyToCents).
 */
const moneyText = priceInput.transform((cents) => centsToMoney(cents));
export const moneyToCents = (money: string) => parseScaled(money, 2)!;

const fields = {
  damageDate: utcDate,
  projectId: id(DAMAGE_MESSAGES.project),
  safetyAuthorityId: id(DAMAGE_MESSAGES.safetyAuthority).nullable(),
  damageTypeId: id(DAMAGE_MESSAGES.damageType).nullable(),
  description: optionalText(5000),
  address: optionalText(300),
  city: optionalText(120),
  state: optionalText(60),
  lat: numeric(latitude),
  lng: numeric(longitude),
  amount: z.union([moneyText, z.null(), z.literal('')], { error: MONEY_MESSAGES.price }).transform((v) => (v === '' ? null : v)),
};

const bothOrNeither = (v: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) => {
  const has = (x: number | null | undefined) => x !== null && x !== undefined;
  if (has(v.lat) !== has(v.lng)) ctx.addIssue({ code: 'custom', path: [has(v.lat) ? 'lng' : 'lat'], message: GEO_MESSAGES.position });
};

/** POST /damages: a new damage, reported. */
export const createDamageBody = z
  .object({
    ...fields,
    safetyAuthorityId: fields.safetyAuthorityId.optional().transform((v) => v ?? null),
    damageTypeId: fields.damageTypeId.optional().transform((v) => v ?? null),
    lat: fields.lat.optional().transform((v) => v ?? null),
    lng: fields.lng.optional().transform((v) => v ?? null),
    amount: fields.amount.optional().transform((v) => v ?? null),
  })
  .strict()
  .superRefine(bothOrNeither);
export type CreateDamageInput = z.output<typeof createDamageBody>;

/** PATCH /damages/{id}: the fields sent change; a status goes through the state machine. A position is sent whole (lat with lng). */
export const updateDamageBody = z
  .object({ ...fields, status: z.enum(DAMAGE_STATUSES.map((s) => s.value) as [DamageStatus, ...DamageStatus[]], { error: DAMAGE_MESSAGES.status }) })
  .partial()
  .strict()
  .superRefine((v, ctx) => {
    if (('lat' in v) !== ('lng' in v)) ctx.addIssue({ code: 'custom', path: ['lat' in v ? 'lng' : 'lat'], message: GEO_MESSAGES.position });
    else bothOrNeither(v, ctx);
  });
export type UpdateDamageInput = z.output<typeof updateDamageBody>;

// ---- Answers -----------------------------------------------------------------------------------

/** A row of GET /damages, and GET /damages/{id}. */
export interface Damage {
  id: number;
  companyId: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  damageDate: string;
  safetyAuthorityId: number | null;
  safetyAuthorityName: string | null;
  damageTypeId: number | null;
  damageTypeName: string | null;
  description: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  /** Money text with two decimals, or null while unknown. */
  amount: string | null;
  status: DamageStatus;
  reportedById: number | null;
  reportedByName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /damages/{id} adds the file counts and where its status may go. */
export interface DamageDetail extends Damage {
  /** The project's IANA zone: the damage's trail shows in it. */
  projectTimezone: string;
  fileCount: number;
  proofCount: number;
  nextStatuses: DamageStatus[];
}

export interface DamageFile {
  id: number;
  category: DamageFileCategory;
  name: string;
  contentType: string;
  length: number;
  /** A signed link to the bytes (viewing), and one that downloads. */
  url: string;
  downloadUrl: string;
  uploadedBy: string | null;
  createdAt: string;
}

// ---- The list ----------------------------------------------------------------------------------

const gridFields: ResourceField[] = [
  { name: 'damageDate', label: 'Damage date', kind: 'date', grid: { width: 130 }, sortable: true },
  // The status moves by the page's buttons (one state machine), never through the edit form.
  { name: 'status', label: 'Status', kind: 'select', options: DAMAGE_STATUSES, grid: { width: 120 }, sortable: true, form: false, filters: ['equals'] },
  { name: 'projectId', label: 'Project', kind: 'reference', reference: { resource: 'projects', labelField: 'projectName', display: 'projectName' }, grid: false, filters: ['equals'] },
  { name: 'projectCode', label: 'Project code', kind: 'text', grid: { width: 120 }, sortable: true, form: false, show: false },
  { name: 'projectName', label: 'Project', kind: 'text', grid: { flex: 1, width: 180 }, sortable: true, form: false, show: false },
  { name: 'damageTypeId', label: 'Damage type', kind: 'reference', reference: { resource: 'damage-types', labelField: 'name', display: 'damageTypeName' }, grid: false, filters: ['equals'], nullable: true },
  { name: 'damageTypeName', label: 'Damage type', kind: 'text', grid: { width: 150 }, sortable: true, form: false, show: false, nullable: true },
  { name: 'safetyAuthorityId', label: 'Safety authority', kind: 'reference', reference: { resource: 'safety-authorities', labelField: 'name', display: 'safetyAuthorityName' }, grid: false, filters: ['equals'], nullable: true },
  { name: 'safetyAuthorityName', label: 'Safety authority', kind: 'text', grid: { width: 160, hidden: true }, sortable: true, form: false, show: false, nullable: true },
  { name: 'description', label: 'Description', kind: 'multiline', grid: { flex: 1, width: 200, hidden: true }, filters: ['contains'], nullable: true },
  { name: 'address', label: 'Address', kind: 'address', grid: { width: 180, hidden: true }, sortable: true, nullable: true },
  { name: 'city', label: 'City', kind: 'text', grid: { width: 130 }, sortable: true, nullable: true },
  { name: 'state', label: 'State', kind: 'text', grid: { width: 90, hidden: true }, sortable: true, nullable: true },
  { name: 'lat', label: 'Latitude', kind: 'decimal', grid: false, filters: [], nullable: true },
  { name: 'lng', label: 'Longitude', kind: 'decimal', grid: false, filters: [], nullable: true },
  { name: 'amount', label: 'Amount', kind: 'decimal', grid: { width: 130 }, sortable: true, filters: [], nullable: true },
  { name: 'reportedByName', label: 'Reported by', kind: 'text', grid: { width: 150, hidden: true }, sortable: true, form: false, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/** GET /damages: the acting company's damages, newest damage date first. Reading needs damages:view, recording and changing damages:manage. */
export const damages = defineResource({
  name: 'damages',
  entityType: 'damage',
  navId: 'damages',
  label: 'Damages',
  singular: 'Damage',
  titleField: 'damageDate',
  fields: gridFields,
  create: createDamageBody as unknown as z.ZodObject,
  update: updateDamageBody as unknown as z.ZodObject,
  paths: { list: '/damages', create: '/damages', item: '/damages/:id' },
  permissions: { view: 'damages:view', manage: 'damages:manage' },
  messages: DAMAGE_SUCCESS,
  defaultSort: { field: 'damageDate', order: 'desc' },
});
