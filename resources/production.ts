import { z } from 'zod';
import { defineResource, type ResourceField } from './engine.js';
import { id } from './id.js';
import type { PlanEvidence } from './plan-takeoff.js';
import { decimalQuantityInput } from './money.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * Productions: a crew's daily production sheet on a project (spec 02 §3 Production, §4, §7
 * Productions). Items are quantities against the project's budget items, decimals with up to three
 * places, kept exactly (answers carry them as text: "12.5"). Money in answers is a decimal string
 * with two decimals. A production moves through one state machine declared here and enforced by the
 * server (an illegal move is a 409 that changes nothing); each company that must approve it holds a
 * review of its own.
 */

// ---- State machines ----------------------------------------------------------------------------

export const PRODUCTION_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number]['value'];

/**
 * submit: draft → submitted (needs an item; every review is reset to pending); approve: a reviewing
 * company approves its review, and the production moves submitted → approved when the last pending
 * review is approved (until then it stays submitted); reject: any reviewing company rejects its
 * review with a reason, submitted → rejected; amend: submitted | rejected | approved → draft, by the
 * producing company, to correct it (not once any of its items is on an invoice that is not cancelled).
 * Items, texts, stations and traces change only in draft.
 */
export type ProductionEvent = 'submit' | 'approve' | 'reject' | 'amend';
export const PRODUCTION_TRANSITIONS: Record<ProductionEvent, { from: readonly ProductionStatus[]; to: ProductionStatus }> = {
  submit: { from: ['draft'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
  amend: { from: ['submitted', 'rejected', 'approved'], to: 'draft' },
};
export const PRODUCTION_EDITABLE: readonly ProductionStatus[] = ['draft'];

export const PRODUCTION_REVIEW_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ProductionReviewStatus = (typeof PRODUCTION_REVIEW_STATUSES)[number]['value'];

/**
 * Who reviews: the producing company itself ('own'), and, when a subcontractor produced, the
 * project's owner ('client': the company the subcontractor works for). The client's review opens
 * once the producer's own is approved.
 */
export type ProductionReviewRole = 'own' | 'client';

// ---- Notification topics (spec 02 §3) ----------------------------------------------------------

export const PRODUCTION_TOPICS = {
  added: 'production--added',
  review: 'production--review',
  comment: 'production--comment',
  itemUpdate: 'production--item-update',
  itemAdded: 'production--item-added',
  itemDeleted: 'production--item-deleted',
} as const;

// ---- Messages ----------------------------------------------------------------------------------

export const PRODUCTION_MESSAGES = {
  crew: 'Choose a crew',
  budgetItem: 'Choose an item of the project budget',
  reason: 'A reason is required to reject',
  comment: 'Write a comment',
  duplicate: 'This crew already has a production on this project that day',
  notEditable: 'Only a draft production can change: amend it first',
  empty: 'Add at least one item before submitting',
  invoiced: 'Items of this production are on an invoice: it cannot be amended',
  waitingOwn: "The producing company's own review comes first",
  noBudget: 'The project has no budget items to produce against',
} as const;

/** Messages shown on success (spec 02 §8 names "Stations updated"; the rest are ours). */
export const PRODUCTION_SUCCESS = {
  created: 'Production Created',
  saved: 'Production Saved',
  submitted: 'Production submitted',
  approved: 'Production approved',
  rejected: 'Production rejected',
  amended: 'Production amended',
  stationsUpdated: 'Stations updated',
} as const;

/** The free texts of a daily sheet, in the order the sheet shows them. */
export const PRODUCTION_TEXTS = [
  { key: 'notes', label: 'Notes' },
  { key: 'weather', label: 'Weather' },
  { key: 'delays', label: 'Delays' },
  { key: 'safety', label: 'Safety' },
] as const;
export type ProductionTextKey = (typeof PRODUCTION_TEXTS)[number]['key'];
export type ProductionTexts = Partial<Record<ProductionTextKey, string | null>>;
/** The texts as a form holds them: every key, empty where nothing is written. */
export type ProductionTextValues = Record<ProductionTextKey, string>;
export const productionTextValues = (texts?: ProductionTexts): ProductionTextValues =>
  Object.fromEntries(PRODUCTION_TEXTS.map((t) => [t.key, texts?.[t.key] ?? ''])) as ProductionTextValues;

/** The daily production sheet's file name (spec 02 §9): Daily_Production_Sheet_{projectCode}_{MMDDYYYY}.xlsx. */
export function dailySheetFileName(projectCode: string, date: string): string {
  const [y, m, d] = date.split('-');
  const code = projectCode.replace(/[^A-Za-z0-9_-]+/g, '_');
  return `Daily_Production_Sheet_${code}_${m}${d}${y}.xlsx`;
}

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

const textsBody = z
  .object(Object.fromEntries(PRODUCTION_TEXTS.map((t) => [t.key, optionalText(5000)])) as Record<ProductionTextKey, ReturnType<typeof optionalText>>)
  .partial()
  .strict();

const photosNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v ?? 0),
  z.number({ error: 'Photos must be a whole number from 0 to 100' }).int('Photos must be a whole number from 0 to 100').min(0, 'Photos must be a whole number from 0 to 100').max(100, 'Photos must be a whole number from 0 to 100'),
);

/** One production item: a quantity of a budget item of the project. */
export const productionItemBody = z.object({
  budgetItemId: id(PRODUCTION_MESSAGES.budgetItem),
  quantity: decimalQuantityInput,
  photosNumber: photosNumber.default(0),
  description: optionalText(2000),
  stationId: id('Choose a station of the project').nullable().optional().transform((v) => v ?? null),
});
export type ProductionItemInput = z.output<typeof productionItemBody>;

/** POST production/project/{projectId}: a crew's production of a day. */
export const createProductionBody = z.object({
  crewId: id(PRODUCTION_MESSAGES.crew),
  date: utcDate,
  items: z.array(productionItemBody, { error: 'Must be a list of items' }).max(1000, 'At most 1,000 items at once').default([]),
  texts: textsBody.default({}),
  taskId: id('Choose a task').nullable().optional().transform((v) => v ?? null),
});
export type CreateProductionInput = z.output<typeof createProductionBody>;

/** POST /production/{id}/items: items added through the add-items dialog. PATCH the same: quantities of existing items by id. */
export const addProductionItemsBody = z.object({
  items: z.array(productionItemBody, { error: 'Must be a list of items' }).min(1, 'Add at least one item').max(1000, 'At most 1,000 items at once'),
});
export const updateProductionItemsBody = z.object({
  items: z
    .array(z.object({ id: id(), quantity: decimalQuantityInput }), { error: 'Must be a list of items' })
    .min(1, 'Change at least one item')
    .max(1000, 'At most 1,000 items at once'),
});

/** PATCH /production/item/{id}: what is sent changes. */
export const updateProductionItemBody = z
  .object({
    quantity: decimalQuantityInput,
    photosNumber,
    description: optionalText(2000),
    stationId: id('Choose a station of the project').nullable(),
  })
  .partial()
  .strict();

/** PATCH /production/{id}: the texts (and the task) of a draft. */
export const updateProductionBody = z
  .object({ texts: textsBody, taskId: id('Choose a task').nullable() })
  .partial()
  .strict();

export const approveProductionBody = z.object({ sendEmail: z.boolean({ error: 'Must be true or false' }).default(false) });
export const rejectProductionBody = z.object({
  reason: text({ error: PRODUCTION_MESSAGES.reason }).trim().min(1, PRODUCTION_MESSAGES.reason).max(2000, 'At most 2000 characters'),
});

/** PATCH production/{id}/stations: the project stations the day's work covered. */
export const productionStationsBody = z.object({
  stationIds: z.array(id(), { error: 'Must be a list of stations' }).max(2000, 'At most 2,000 stations'),
});

const latitude = z.number({ error: 'Latitude must be a number from -90 to 90' }).min(-90, 'Latitude must be a number from -90 to 90').max(90, 'Latitude must be a number from -90 to 90');
const longitude = z.number({ error: 'Longitude must be a number from -180 to 180' }).min(-180, 'Longitude must be a number from -180 to 180').max(180, 'Longitude must be a number from -180 to 180');

/** POST /production/{id}/traces: where the work ran, a line of at least two [lat, lng] points. */
export const productionTraceBody = z.object({
  points: z.array(z.tuple([latitude, longitude]), { error: 'Must be a list of [lat, lng] points' }).min(2, 'A trace needs at least two points').max(5000, 'At most 5,000 points'),
});

/** POST /comment: a comment on a production (sourceId is the production). */
export const productionCommentBody = z.object({
  sourceId: id('Choose a production'),
  comment: text({ error: PRODUCTION_MESSAGES.comment }).trim().min(1, PRODUCTION_MESSAGES.comment).max(5000, 'At most 5000 characters'),
});

// ---- Answers -----------------------------------------------------------------------------------

export interface ProductionReview {
  id: number;
  companyId: number;
  companyName: string;
  role: ProductionReviewRole;
  status: ProductionReviewStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** A row of GET /production. */
export interface ProductionListRow {
  id: number;
  projectId: number;
  projectCode: string;
  projectName: string;
  companyId: number;
  companyName: string;
  crewId: number;
  crewName: string;
  date: string;
  status: ProductionStatus;
  /** Why a reviewer rejected it, while it is rejected (cleared when it is submitted again). */
  rejectReason: string | null;
  itemCount: number;
  /** Σ quantity × the budget item's price, in cents as money text. */
  amount: string;
  /** The acting company's own review status, when it reviews this production. */
  myReviewStatus: ProductionReviewStatus | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProductionItem {
  id: number;
  productionId: number;
  budgetItemId: number;
  itemId: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  quantity: string;
  price: string;
  amount: string;
  photosNumber: number;
  photoCount: number;
  description: string | null;
  stationId: number | null;
  source: 'manual' | 'pdf';
  /** The budget item's quantity, and what approved production of it adds up to (this one's too once approved). */
  plannedQuantity: string;
  producedQuantity: string;
  /** Approved production plus this item passes the budgeted quantity: flagged, not refused. */
  overBudget: boolean;
  /** On an invoice that is not cancelled. */
  invoiced: boolean;
}

/** GET /production/{id}. */
/** A mark on a plan drawing that one of the production's 'pdf' items sums, with where to open the plan editor. */
export interface ProductionPlanMark extends PlanEvidence {
  id: number;
  productionItemId: number;
  budgetItemId: number;
  itemName: string;
  fileName: string;
  geometry: { points: Array<[number, number]>; openings?: Array<Array<[number, number]>> };
  /** Decimal text in the item's unit. */
  quantity: string;
}

/** A page of the project's plans with drawings added to the budget: where a draft's crew marks what it built. */
export interface ProductionPlanSheet {
  fileId: number;
  fileName: string;
  pageNumber: number;
  drawings: number;
}

export interface Production extends ProductionListRow {
  taskId: number | null;
  texts: ProductionTexts;
  submittedAt: string | null;
  approvedAt: string | null;
  projectTimezone: string;
  items: ProductionItem[];
  reviews: ProductionReview[];
  stationIds: number[];
  photoCount: number;
  commentCount: number;
  /** What the crew marked as built on the plan (PATCH /production/{id}/pdf/items): the evidence of its 'pdf' items. */
  planMarks: ProductionPlanMark[];
  /** Only while the caller may edit the production; empty otherwise. */
  planSheets: ProductionPlanSheet[];
  /** What the caller may do now. */
  canEdit: boolean;
  canSubmit: boolean;
  canReview: boolean;
  canAmend: boolean;
}

export interface ProductionComment {
  id: number;
  sourceId: number;
  companyId: number;
  companyName: string;
  authorName: string;
  body: string;
  createdAt: string;
  /** The writer may delete it. */
  mine: boolean;
}

export interface ProductionPhoto {
  id: number;
  fileId: number;
  productionItemId: number | null;
  name: string;
  url: string;
  thumbnailUrl: string | null;
  createdAt: string;
}

export interface ProductionTrace {
  id: number;
  points: Array<[number, number]>;
  lengthMeters: number;
  recordedBy: string | null;
  createdAt: string;
}

/** GET /production/{id}/siblings: the other crews' productions on the project that day. */
export type ProductionSibling = Pick<ProductionListRow, 'id' | 'crewId' | 'crewName' | 'companyName' | 'status' | 'itemCount' | 'amount'>;

/** GET /production/crews: the crews the acting company may record production for, with the projects they may record on. */
export interface ProductionCrewOption {
  id: number;
  name: string;
  companyId: number;
}

// ---- The list --------------------------------------------------------------------------------

const fields: ResourceField[] = [
  { name: 'date', label: 'Date', kind: 'date', grid: { width: 120 }, sortable: true, form: false },
  // Crew and status beside the date: on a phone they are what shows without scrolling.
  { name: 'crewName', label: 'Crew', kind: 'text', grid: { width: 160 }, sortable: true, form: false, filters: [] },
  { name: 'status', label: 'Status', kind: 'select', options: PRODUCTION_STATUSES, grid: { width: 120 }, sortable: true, form: false },
  { name: 'projectCode', label: 'Project code', kind: 'text', grid: { width: 130 }, sortable: true, form: false },
  { name: 'projectName', label: 'Project name', kind: 'text', grid: { flex: 1, width: 200 }, sortable: true, form: false },
  { name: 'companyName', label: 'Company', kind: 'text', grid: { width: 170, hidden: true }, sortable: true, form: false },
  // Counted and summed for the page's rows only (a grouped subquery over its ids): not sortable.
  { name: 'itemCount', label: 'Items', kind: 'integer', grid: { width: 90 }, sortable: false, form: false, filters: [] },
  { name: 'amount', label: 'Amount', kind: 'decimal', grid: { width: 140 }, sortable: false, form: false, filters: [] },
  { name: 'projectId', label: 'Project', kind: 'reference', reference: { resource: 'projects', labelField: 'projectName' }, grid: false, form: false },
  { name: 'crewId', label: 'Crew', kind: 'reference', reference: { resource: 'crews', labelField: 'name' }, grid: false, form: false },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 180, hidden: true }, sortable: true, form: false },
];

/**
 * GET /production lists what the acting company may see: its own crews' productions, its
 * subcontractors' submitted ones on projects it runs, and those of projects it is the client of once
 * approved. Recording needs productions:manage; the create dialog posts to production/project/{id}.
 */
export const productions = defineResource({
  name: 'productions',
  entityType: 'production',
  navId: 'productions',
  label: 'Productions',
  singular: 'Production',
  titleField: 'date',
  fields,
  create: createProductionBody as unknown as z.ZodObject,
  update: updateProductionBody as unknown as z.ZodObject,
  paths: { list: '/production', create: '/production/project/:projectId', item: '/production/:id' },
  permissions: { view: 'productions:view', manage: 'productions:manage' },
  messages: { created: PRODUCTION_SUCCESS.created, saved: PRODUCTION_SUCCESS.saved, deleted: 'Production deleted' },
  defaultSort: { field: 'date', order: 'desc' },
});
