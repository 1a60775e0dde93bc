import { z } from 'zod';
import type { DocumentDecision, DocumentTurn } from './client-decision.js';
import { defineResource, type ResourceField } from './engine.js';
import { id } from './id.js';
import type { PlanEvidence } from './plan-takeoff.js';
import { decimalQuantityInput, percentInput, priceInput } from './money.js';
import { utcDate } from './project.js';
import { text } from './text.js';
import { email } from './user.js';

/**
 * Invoices billed from approved production (spec 02 §3 Invoice, §4, §7 Invoices). Money travels as
 * decimal strings with two decimals and is integer cents on the server; the retainage percent has up
 * to three decimals. One state machine, declared here and enforced by the server: an illegal move is
 * a 409 that changes nothing.
 */

// ---- State machine -----------------------------------------------------------------------------

export const INVOICE_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'submit', label: 'Sent' },
  { value: 'unpaid', label: 'Approved, unpaid' },
  { value: 'partially_paid', label: 'Partially paid' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]['value'];

/** The list's default filter (spec 02 §4), newest first. */
export const DEFAULT_INVOICE_LIST_STATUSES: readonly InvoiceStatus[] = ['submit', 'draft', 'unpaid', 'partially_paid', 'rejected'];

/**
 * edit (lines, dates, retainage, notes): draft | rejected; send: draft | rejected → submit;
 * approve (the billed company) and approveSinglePart (the billing company itself, on a single-part
 * project): submit → unpaid; reject (with a reason): submit → rejected; pay (a payment, or the paid
 * dialog): unpaid | partially_paid → partially_paid or paid by amount (paid once payments reach the
 * amount due; a retainage release makes more due, so paid can go back to partially_paid); cancel
 * (with a reason): draft | submit | rejected | unpaid → cancelled, which frees its production items
 * to be billed again. An invoice with a payment is never cancelled.
 */
export type InvoiceEvent = 'edit' | 'send' | 'approve' | 'approveSinglePart' | 'reject' | 'pay' | 'release' | 'cancel';
export const INVOICE_TRANSITIONS: Record<InvoiceEvent, { from: readonly InvoiceStatus[]; to: InvoiceStatus | null }> = {
  edit: { from: ['draft', 'rejected'], to: null },
  send: { from: ['draft', 'rejected'], to: 'submit' },
  approve: { from: ['submit'], to: 'unpaid' },
  approveSinglePart: { from: ['submit'], to: 'unpaid' },
  reject: { from: ['submit'], to: 'rejected' },
  /** to: decided by the amounts (partially_paid or paid). */
  pay: { from: ['unpaid', 'partially_paid'], to: null },
  release: { from: ['unpaid', 'partially_paid', 'paid'], to: null },
  cancel: { from: ['draft', 'submit', 'rejected', 'unpaid'], to: 'cancelled' },
};

export const INVOICE_TRANSACTION_KINDS = [
  { value: 'payment', label: 'Payment' },
  { value: 'retainage_release', label: 'Retainage released' },
] as const;
export type InvoiceTransactionKind = (typeof INVOICE_TRANSACTION_KINDS)[number]['value'];

/** How a payment came. */
export const PAYMENT_METHODS = [
  { value: 'check', label: 'Check' },
  { value: 'ach', label: 'ACH' },
  { value: 'wire', label: 'Wire' },
  { value: 'card', label: 'Card' },
  { value: 'cash', label: 'Cash' },
  { value: 'other', label: 'Other' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];
const paymentMethod = z
  .enum(PAYMENT_METHODS.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]], { error: 'Method must be check, ach, wire, card, cash or other' })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

// ---- Messages ----------------------------------------------------------------------------------

/** Spec 02 §8, word for word. */
export const INVOICE_SUCCESS = {
  created: 'Invoice Created',
  sent: 'Invoice Sent',
  approved: 'Invoice approved',
  rejected: 'Invoice rejected',
  paid: 'Invoice has been paid',
  partiallyPaid: 'Invoice has been partially paid',
  cancelled: 'Invoice was marked as cancelled',
  saved: 'Invoice Saved',
} as const;

export const INVOICE_BILLING_MESSAGES = {
  project: 'Choose a project',
  production: 'Choose an approved production of this project',
  item: 'Choose an item of that production',
  empty: 'Add at least one production item',
  billed: 'An item of this invoice is already on another invoice',
  quantity: 'The billed quantity cannot pass the produced quantity',
  reason: 'A reason is required',
  comment: 'Write a comment',
  amount: 'Amount must be more than 0 with at most 2 decimals',
  overpaid: 'The amount is more than the balance due',
  notFull: 'The amount does not pay the balance in full: mark it partially paid',
  full: 'The amount pays the balance in full: mark it paid',
  release: 'The amount is more than the retainage still held',
  singlePart: 'Only an invoice of a single-part project is approved as a single part',
  withPayments: 'An invoice with payments cannot be cancelled',
} as const;

// ---- Bodies ------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v || null);

const optionalDate = z
  .union([utcDate, z.null(), z.literal('')])
  .optional()
  .transform((v) => v || null);

/**
 * The productions an invoice bills (spec 02 §3: productions with items, id and quantity): each item
 * billed with its produced quantity unless a smaller one is sent.
 */
const invoiceProductions = z
  .array(
    z.object({
      id: id(INVOICE_BILLING_MESSAGES.production),
      items: z
        .array(z.object({ id: id(INVOICE_BILLING_MESSAGES.item), quantity: decimalQuantityInput.optional() }), { error: 'Must be a list of items' })
        .min(1, INVOICE_BILLING_MESSAGES.empty)
        .max(5000, 'At most 5,000 items'),
    }),
    { error: 'Must be a list of productions' },
  )
  .max(1000, 'At most 1,000 productions');

/** POST /invoices/{companyId}: created as a draft, or sent at once with status 'submit'. */
export const createInvoiceBody = z.object({
  projectId: id(INVOICE_BILLING_MESSAGES.project),
  /** The company billed; by default the project's client (the owner bills), or the project's owner (a subcontractor bills). */
  clientId: id('Choose a client').nullable().optional().transform((v) => v ?? null),
  dueDate: optionalDate,
  status: z.enum(['draft', 'submit'], { error: 'Status must be draft or submit' }).default('draft'),
  /** Percent held back; the company's invoice settings (or the budget's retainage) when left out. */
  retainage: percentInput.optional(),
  weekEndingDate: optionalDate,
  notes: optionalText(5000),
  productions: invoiceProductions.min(1, INVOICE_BILLING_MESSAGES.empty),
  /** Who it is mailed to when sent; the client's contact on file when left out. */
  contactEmail: z
    .union([email, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  contactName: optionalText(200),
});
export type CreateInvoiceInput = z.output<typeof createInvoiceBody>;

/** PATCH /invoices/{id}: a draft or rejected invoice; productions, when sent, replace its lines. */
export const updateInvoiceBody = z
  .object({
    dueDate: optionalDate,
    retainage: percentInput,
    weekEndingDate: optionalDate,
    notes: optionalText(5000),
    productions: invoiceProductions.min(1, INVOICE_BILLING_MESSAGES.empty),
  })
  .partial()
  .strict();
export type UpdateInvoiceInput = z.output<typeof updateInvoiceBody>;

export const invoiceReasonBody = z.object({
  reason: text({ error: INVOICE_BILLING_MESSAGES.reason }).trim().min(1, INVOICE_BILLING_MESSAGES.reason).max(2000, 'At most 2000 characters'),
});

const positiveAmount = priceInput.refine((cents) => cents > 0n, INVOICE_BILLING_MESSAGES.amount);

/** POST /invoices/{id}/paid/{paid|partially_paid}: the paid dialog; paid takes the balance when no amount is sent. */
export const invoicePaidBody = z.object({
  amount: positiveAmount.optional(),
  paidOn: optionalDate,
  method: paymentMethod,
  reference: optionalText(120),
  note: optionalText(2000),
});

/** POST /invoices/{id}/transaction: a payment, or retainage released (it becomes due). */
export const invoiceTransactionBody = z.object({
  kind: z.enum(['payment', 'retainage_release'], { error: 'Kind must be payment or retainage_release' }).default('payment'),
  amount: positiveAmount,
  paidOn: optionalDate,
  method: paymentMethod,
  reference: optionalText(120),
  note: optionalText(2000),
});

export const invoiceCommentBody = z.object({
  comment: text({ error: INVOICE_BILLING_MESSAGES.comment }).trim().min(1, INVOICE_BILLING_MESSAGES.comment).max(5000, 'At most 5000 characters'),
});

export const INVOICE_REPORT_GROUPS = [
  { value: 'project', label: 'Project' },
  { value: 'client', label: 'Client' },
  { value: 'status', label: 'Status' },
  { value: 'item', label: 'Item' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;
export const INVOICE_REPORT_DATE_FIELDS = [
  { value: 'createdAt', label: 'Created' },
  { value: 'dueDate', label: 'Due date' },
  { value: 'weekEndingDate', label: 'Week ending' },
] as const;

/**
 * POST /invoices/{companyId}/report: the company's invoices whose `groupByField` date is in range (the
 * invoices it sent, or with sourceSubcontractor those it received from that subcontractor), grouped.
 */
export const invoiceReportBody = z.object({
  range: z.object({ from: utcDate, to: utcDate }, { error: 'Choose a range' }).refine((r) => r.to >= r.from, { message: 'The end of the range must be on or after its start', path: ['to'] }),
  sourceSubcontractor: id('Choose a subcontractor').nullable().optional().transform((v) => v ?? null),
  groupBy: z.enum(INVOICE_REPORT_GROUPS.map((g) => g.value) as [string, ...string[]], { error: 'Choose how to group' }).default('project'),
  groupByField: z.enum(INVOICE_REPORT_DATE_FIELDS.map((g) => g.value) as [string, ...string[]], { error: 'Choose a date field' }).default('createdAt'),
});
export type InvoiceReportInput = z.output<typeof invoiceReportBody>;

// ---- Answers -----------------------------------------------------------------------------------

/** Amounts of an invoice: due = subtotal − retainage + released; balance = due − paid. */
export interface InvoiceTotals {
  subtotal: string;
  retainagePercent: number;
  retainage: string;
  released: string;
  due: string;
  paid: string;
  balance: string;
}

/** A row of GET /invoices. */
export interface InvoiceListRow extends InvoiceTotals {
  id: number;
  number: string;
  companyId: number;
  companyName: string;
  projectId: number;
  projectCode: string;
  projectName: string;
  clientId: number | null;
  clientName: string | null;
  status: InvoiceStatus;
  dueDate: string | null;
  weekEndingDate: string | null;
  /** 'sent' when the acting company bills, 'received' when it is billed. */
  direction: 'sent' | 'received';
  createdAt: string;
  updatedAt: string;
}

export interface InvoiceLine {
  id: number;
  productionId: number;
  productionDate: string;
  crewName: string;
  productionItemId: number;
  budgetItemId: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  quantity: string;
  price: string;
  amount: string;
  /** The plan drawings its production item was marked on (issue 20), empty for a quantity typed by hand. */
  planEvidence: PlanEvidence[];
}

export interface InvoiceTransaction {
  id: number;
  kind: InvoiceTransactionKind;
  amount: string;
  paidOn: string;
  method: PaymentMethod | null;
  reference: string | null;
  note: string | null;
  /** Who recorded it: the person, and the company they recorded it for (the issuer, or the billed company marking it paid). */
  createdBy: string | null;
  recordedByCompany: string | null;
  createdAt: string;
}

/**
 * What the viewer may do now. The issuer: edit, send, resend (mail the client again with a fresh
 * link), changeContact, recordDecision (a decision the client gave outside the product),
 * approveSinglePart, recordPayment, markPaid, releaseRetainage, cancel. The billed company: approve,
 * reject, markPaid.
 */
export type InvoiceMove =
  | 'edit'
  | 'send'
  | 'resend'
  | 'changeContact'
  | 'recordDecision'
  | 'approve'
  | 'reject'
  | 'approveSinglePart'
  | 'recordPayment'
  | 'markPaid'
  | 'releaseRetainage'
  | 'cancel';

/**
 * GET /invoices/{id}. The moves answer it too: PATCH /invoices/{id}/send and /contact
 * (clientContactBody); POST /invoices/{id}/resend, /decision (recordedInvoiceDecision), /approve,
 * /approveSinglePart, /reject and /cancelled (invoiceReasonBody), /paid/{paid|partially_paid}
 * (invoicePaidBody), /transaction (invoiceTransactionBody). GET /invoices/{id}/activity answers its
 * audit events (paged); GET /invoices/{id}/pdf the invoice as printed (application/pdf, attachment).
 */
export interface Invoice extends InvoiceListRow {
  notes: string | null;
  singlePart: boolean;
  rejectReason: string | null;
  cancelReason: string | null;
  sentAt: string | null;
  approvedAt: string | null;
  paidAt: string | null;
  lines: InvoiceLine[];
  transactions: InvoiceTransaction[];
  /** The billed client as printed: the client company's address, or the project's typed client (name and e-mail) when it is not on the platform. */
  billTo: { name: string | null; address: string | null; email: string | null };
  /** The project's PO/WO number, printed when set. */
  powoNumber: string | null;
  /** The project's IANA zone: every instant of the invoice shows in it (resources/time-zone.ts formatInstant). */
  projectTimezone: string;
  /** The billing company's invoice settings as printed: remit-to, footer, terms, logo. */
  issuer: { name: string; address: string | null; logoUrl: string | null; remitTo: string | null; footerNotes: string | null; paymentTermsDays: number };
  /**
   * The client contact the invoice is mailed to: the one set on it, else the default one
   * (server/lib/client-contact.ts); null when none is known.
   */
  contact: { email: string; name: string | null } | null;
  /** Sending needs a contact: nobody at the billed company can sign in, or it is not on the platform. */
  contactRequired: boolean;
  /** Whose move it is while the invoice waits; null for a draft, a paid or a cancelled one. */
  turn: DocumentTurn | null;
  /** Every decision on it, newest first: signed in, through the e-mailed link, or recorded on the client's behalf. */
  decisions: DocumentDecision[];
  /** What the caller may do now. */
  moves: InvoiceMove[];
}

/** GET /billable-productions/{projectId}: pages of 25 productions by default, at most 100 (`_start`/`_end`). */
export const BILLABLE_PAGE = { default: 25, max: 100 } as const;
/** Its answer's header: 'true' when more productions follow the page, else 'false' (no X-Total-Count: counting is not cheap). */
export const BILLABLE_HAS_MORE_HEADER = 'X-Has-More';

/**
 * GET /billable-productions/{projectId}?invoiceId=&date_gte=&date_lte=&_start=&_end=: approved
 * productions with items not yet on an active line of the caller's invoices, each with those items
 * (and, with invoiceId, the items on that invoice, flagged onThisInvoice). Paged by production,
 * newest first (date, then id); with invoiceId the productions on that invoice come first whatever
 * the range (so an edit always shows what it bills), then the others. date_gte/date_lte ('YYYY-MM-DD',
 * both days included) narrow the others. X-Has-More says whether another page follows.
 */
export interface BillableProduction {
  id: number;
  date: string;
  crewName: string;
  companyName: string;
  items: Array<{
    id: number;
    budgetItemId: number;
    itemName: string;
    itemCode: string | null;
    unit: string | null;
    quantity: string;
    price: string;
    amount: string;
    /** On the invoice being edited (invoiceId). */
    onThisInvoice: boolean;
  }>;
}

/** GET /invoices/{id}/comments (newest first, paged: _start/_end, X-Total-Count); POST adds one (invoiceCommentBody). */
export interface InvoiceComment {
  id: number;
  invoiceId: number;
  companyId: number;
  companyName: string;
  authorName: string;
  body: string;
  createdAt: string;
}

// ---- The list --------------------------------------------------------------------------------

/** Number, status and amounts first, so a phone shows them without scrolling the grid. */
const fields: ResourceField[] = [
  { name: 'number', label: 'Number', kind: 'text', grid: { width: 110 }, sortable: true, form: false },
  { name: 'status', label: 'Status', kind: 'select', options: INVOICE_STATUSES, grid: { width: 140 }, sortable: true, form: false },
  { name: 'subtotal', label: 'Amount', kind: 'decimal', grid: { width: 130 }, sortable: true, form: false, filters: [] },
  { name: 'balance', label: 'Balance', kind: 'decimal', grid: { width: 130 }, sortable: false, form: false, filters: [] },
  { name: 'projectCode', label: 'Project', kind: 'text', grid: { width: 110 }, sortable: true, form: false },
  { name: 'clientName', label: 'Client', kind: 'text', grid: { flex: 1, width: 180 }, sortable: true, form: false, nullable: true },
  { name: 'companyName', label: 'From', kind: 'text', grid: { width: 170, hidden: true }, sortable: true, form: false },
  { name: 'dueDate', label: 'Due', kind: 'date', grid: { width: 120 }, sortable: true, form: false, nullable: true },
  { name: 'weekEndingDate', label: 'Week ending', kind: 'date', grid: { width: 130, hidden: true }, sortable: true, form: false, nullable: true },
  { name: 'projectId', label: 'Project id', kind: 'integer', grid: false, form: false, filters: ['equals'] },
  { name: 'createdAt', label: 'Created', kind: 'datetime', grid: { width: 170 }, sortable: true, form: false },
];

/**
 * GET /invoices lists the invoices the acting company sent and, once sent, those it received (never
 * another company's drafts). Creation is the page invoices/new/:projectId.
 */
export const invoices = defineResource({
  name: 'invoices',
  entityType: 'invoice',
  navId: 'invoices',
  label: 'Invoices',
  singular: 'Invoice',
  titleField: 'number',
  fields,
  create: createInvoiceBody as unknown as z.ZodObject,
  update: updateInvoiceBody as unknown as z.ZodObject,
  paths: { list: '/invoices', create: '/invoices/:companyId', item: '/invoices/:id' },
  permissions: { view: 'invoices:view', manage: 'invoices:manage' },
  messages: { created: INVOICE_SUCCESS.created, saved: INVOICE_SUCCESS.saved, deleted: 'Invoice deleted' },
  defaultSort: { field: 'createdAt', order: 'desc' },
});
