import { z } from 'zod';
import { id } from './id.js';
import type { DocumentDecision, DocumentTurn } from './client-decision.js';
import type { ItemDrawings } from './plan-takeoff.js';
import type { ProjectPerson } from './project.js';
import { percentInput, priceInput, quantityInput } from './money.js';
import { text } from './text.js';
import { email } from './user.js';

/**
 * Budgets, their items, submission and reviews, comments and change orders (spec 02 §3, §4, §7
 * Budgets). Money in answers is a decimal string with two decimals ("1234.50"); percents are numbers
 * with up to three decimals. Each of budget, review and change order moves through one state machine
 * declared here and enforced by the server (an illegal move is a 409 that changes nothing).
 */

// ---- State machines ----------------------------------------------------------------------------

export const BUDGET_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'In review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number]['value'];

/**
 * submit: draft|rejected → submitted; cancel: submitted → draft; the last pending review approving
 * moves submitted → approved; any review rejecting moves submitted → rejected. Items change only in
 * draft or rejected; an approved budget changes through change orders.
 */
export type BudgetEvent = 'submit' | 'cancel' | 'approve' | 'reject';
export const BUDGET_TRANSITIONS: Record<BudgetEvent, { from: readonly BudgetStatus[]; to: BudgetStatus }> = {
  submit: { from: ['draft', 'rejected'], to: 'submitted' },
  cancel: { from: ['submitted'], to: 'draft' },
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
};
export const BUDGET_EDITABLE: readonly BudgetStatus[] = ['draft', 'rejected'];

export const REVIEW_STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'revoked', label: 'Revoked' },
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]['value'];
/** A review is decided once: pending → approved | rejected | revoked. */
export const REVIEW_TRANSITIONS: Record<ReviewStatus, readonly ReviewStatus[]> = {
  pending: ['approved', 'rejected', 'revoked'],
  approved: [],
  rejected: [],
  revoked: [],
};

export const CHANGE_ORDER_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Sent back' },
] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number]['value'];
/**
 * edit: draft|rejected; send (with its price): draft|rejected → sent; accept: sent → accepted (the
 * item takes the change order's quantity and price); reject (the send-back dialog, with a message):
 * sent → rejected; delete: draft|rejected.
 */
export type ChangeOrderEvent = 'edit' | 'send' | 'accept' | 'reject' | 'delete';
export const CHANGE_ORDER_TRANSITIONS: Record<ChangeOrderEvent, { from: readonly ChangeOrderStatus[]; to: ChangeOrderStatus | null }> = {
  edit: { from: ['draft', 'rejected'], to: null },
  send: { from: ['draft', 'rejected'], to: 'sent' },
  accept: { from: ['sent'], to: 'accepted' },
  reject: { from: ['sent'], to: 'rejected' },
  delete: { from: ['draft', 'rejected'], to: null },
};

// ---- Messages ----------------------------------------------------------------------------------

export const BUDGET_MESSAGES = {
  item: 'Choose an item',
  reason: 'A reason is required to reject',
  comment: 'Write a comment',
  notEditable: 'The budget is in review or approved: its items cannot change (use a change order once approved)',
  approvedReason: 'Approved budget',
  linkUsed: 'This review link has already been used, revoked or has expired',
} as const;

/** The reason a signature approves with (spec 02 §4). */
export const SIGNED_APPROVAL_REASON = 'Approved budget';

// ---- Bodies ------------------------------------------------------------------------------------

const description = text()
  .trim()
  .max(2000, 'At most 2000 characters')
  .nullable()
  .optional()
  .transform((v) => v || null);

/** Empty or null reads as 0 (spec 02 §5: "a missing value becomes 0 on update"). */
const zeroIfEmpty = (v: unknown) => (v === '' || v === null ? 0 : v);

/** POST .../items: one budget item. quantity is whole, price a decimal; missing ones are 0. */
export const budgetItemBody = z.object({
  itemId: id(BUDGET_MESSAGES.item),
  reportWeight: z.boolean({ error: 'Must be true or false' }).default(false),
  quantity: z.preprocess(zeroIfEmpty, quantityInput).default(0),
  price: z.preprocess(zeroIfEmpty, priceInput).default(0n),
  description,
});
export type BudgetItemInput = z.output<typeof budgetItemBody>;

/** PATCH .../items/{id}: what is sent changes; a quantity or price sent empty or null becomes 0. */
export const updateBudgetItemBody = z
  .object({
    itemId: id(BUDGET_MESSAGES.item),
    reportWeight: z.boolean({ error: 'Must be true or false' }),
    quantity: z.preprocess(zeroIfEmpty, quantityInput),
    price: z.preprocess(zeroIfEmpty, priceInput),
    description,
  })
  .partial()
  .strict();
export type UpdateBudgetItemInput = z.output<typeof updateBudgetItemBody>;

/** POST .../items/multiple: several items at once, in one transaction. */
export const multipleBudgetItemsBody = z.object({
  items: z.array(budgetItemBody, { error: 'Must be a list of items' }).min(1, 'Add at least one item').max(1000, 'At most 1,000 items at once'),
});

/** POST .../submit and .../submitSinglePart. */
export const submitBudgetBody = z.object({
  retainagePercent: z.preprocess(zeroIfEmpty, percentInput).default(0),
  profitabilityPercent: z.preprocess(zeroIfEmpty, percentInput).default(0),
});
export type SubmitBudgetInput = z.output<typeof submitBudgetBody>;

/**
 * POST .../reviews: a review requested from a member of the project's company or of its client
 * company (memberId), or from the client's contact, who has no account (contactEmail, contactName).
 */
export const requestReviewBody = z
  .object({
    memberId: id('Choose a reviewer').optional(),
    contactEmail: email.optional(),
    contactName: text().trim().max(200, 'At most 200 characters').nullable().optional().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if ((v.memberId === undefined) === (v.contactEmail === undefined)) ctx.addIssue({ code: 'custom', path: ['memberId'], message: 'Choose a reviewer' });
  });
export type RequestReviewInput = z.output<typeof requestReviewBody>;

/** PATCH .../reviews/{id}: the reviewer's decision; a rejection needs its reason. */
export const reviewDecisionBody = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    statusReason: text().trim().max(2000, 'At most 2000 characters').optional().nullable(),
  })
  .refine((v) => v.status !== 'rejected' || !!v.statusReason, { message: BUDGET_MESSAGES.reason, path: ['statusReason'] });

/** The external page's rejection. */
export const externalRejectBody = z.object({
  reason: text({ error: BUDGET_MESSAGES.reason }).trim().min(1, BUDGET_MESSAGES.reason).max(2000, 'At most 2000 characters'),
});

/** POST .../comments. */
export const budgetCommentBody = z.object({
  comment: text({ error: BUDGET_MESSAGES.comment }).trim().min(1, BUDGET_MESSAGES.comment).max(5000, 'At most 5000 characters'),
  budgetItemId: id().nullable().optional().transform((v) => v ?? null),
});

/** POST .../change-orders: made from a budget item; quantity and price are the item's values once accepted. */
export const createChangeOrderBody = z.object({
  itemId: id('Choose a budget item'),
  quantity: z.preprocess(zeroIfEmpty, quantityInput).optional(),
  price: z.preprocess(zeroIfEmpty, priceInput).optional(),
  reportWeight: z.boolean({ error: 'Must be true or false' }).optional(),
  description,
  requestFromParent: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type CreateChangeOrderInput = z.output<typeof createChangeOrderBody>;

export const updateChangeOrderBody = z
  .object({
    quantity: z.preprocess(zeroIfEmpty, quantityInput),
    price: z.preprocess(zeroIfEmpty, priceInput),
    reportWeight: z.boolean({ error: 'Must be true or false' }),
    description,
    requestFromParent: z.boolean({ error: 'Must be true or false' }),
  })
  .partial()
  .strict();
export type UpdateChangeOrderInput = z.output<typeof updateChangeOrderBody>;

export const sendChangeOrderBody = z.object({ price: priceInput });
export const rejectChangeOrderBody = z.object({
  message: text({ error: 'Say why it is sent back' }).trim().min(1, 'Say why it is sent back').max(2000, 'At most 2000 characters'),
});

/** POST /projects/{id}/budget-spent. */
export const budgetSpentBody = z.object({
  companyId: id().nullable().optional(),
  categoryId: id().nullable().optional(),
  range: z
    .object({ from: text().optional().nullable(), to: text().optional().nullable() })
    .optional()
    .nullable(),
});

// ---- Answers -----------------------------------------------------------------------------------

export interface Budget {
  id: number;
  projectId: number;
  companyId: number;
  status: BudgetStatus;
  singlePart: boolean;
  retainagePercent: number;
  profitabilityPercent: number;
  itemCount: number;
  /** Σ quantity × price of the items as they stand (accepted change orders included). */
  total: string;
  retainage: string;
  profit: string;
  submittedAt: string | null;
  approvedAt: string | null;
  /** May the caller's company edit, submit or cancel (the owner with projects:manage)? */
  canManage: boolean;
  /** May the caller review (a pending review of theirs)? The id of that review. */
  myPendingReviewId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface BudgetItem extends ItemDrawings {
  id: number;
  budgetId: number;
  itemId: number;
  itemName: string;
  itemCode: string | null;
  unit: string | null;
  categoryId: number | null;
  categoryName: string | null;
  reportWeight: boolean;
  quantity: number;
  price: string;
  amount: string;
  description: string | null;
  /** Change orders on the item, accepted ones already in quantity and price. */
  changeOrderCount: number;
  pendingChangeOrders: number;
  createdAt: string;
  updatedAt: string;
}

export interface BudgetReview {
  id: number;
  budgetId: number;
  memberId: number | null;
  reviewerCompanyId: number;
  reviewerName: string;
  reviewerEmail: string;
  status: ReviewStatus;
  statusReason: string | null;
  signed: boolean;
  signedAt: string | null;
  signerName: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/**
 * GET …/reviewers: a person a review may be asked of: the same people a project role may be given
 * (kind 'member'), then, for a project with a client, the client's contact (kind 'contact', no
 * account: its e-mail is proposed from the partnership, the client company or the project, and
 * null when none is known).
 */
export type ReviewerOption =
  | (ProjectPerson & { kind: 'member' })
  | { kind: 'contact'; id: 'contact'; companyId: number | null; companyName: string; name: string; email: string | null; side: 'client' };

export interface BudgetComment {
  id: number;
  budgetId: number;
  budgetItemId: number | null;
  companyId: number;
  authorName: string;
  comment: string;
  createdAt: string;
}

export interface ChangeOrder {
  id: number;
  number: number;
  budgetId: number;
  budgetItemId: number;
  itemName: string;
  status: ChangeOrderStatus;
  quantity: number;
  price: string;
  amount: string;
  reportWeight: boolean;
  description: string | null;
  requestFromParent: boolean;
  message: string | null;
  previousQuantity: number | null;
  previousPrice: string | null;
  sentAt: string | null;
  decidedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** May the caller's company accept or send it back (the reviewing company with projects:manage)? */
  canDecide: boolean;
  /**
   * The client contact it is mailed to: the one set on it, else the default one
   * (server/lib/client-contact.ts); null when none is known.
   */
  contact: { email: string; name: string | null } | null;
  /** Sending needs a contact: nobody at the deciding company can sign in, or the client is typed on the project. */
  contactRequired: boolean;
  /** Whose move it is while it waits (sent: the deciding party; sent back: the issuer); null for a draft or an accepted one. */
  turn: DocumentTurn | null;
  /** Every decision on it, newest first: signed in, through the e-mailed link, or recorded on the client's behalf. */
  decisions: DocumentDecision[];
  /** What the caller may do now. */
  moves: ChangeOrderMove[];
}

/**
 * The issuer: edit, send, resend (mail the client again with a fresh link), changeContact,
 * recordDecision (a decision the client gave outside the product), delete. The deciding company's
 * people signed in: accept, sendBack.
 */
export type ChangeOrderMove = 'edit' | 'send' | 'resend' | 'changeContact' | 'recordDecision' | 'accept' | 'sendBack' | 'delete';

/** A budget item's quantity, unit price and their product at one point of its history. */
export interface BudgetItemValues {
  quantity: number;
  price: string;
  amount: string;
}

/**
 * GET /projects/{id}/budgets/{budgetId}/items/{budgetItemId}/history: the item as the budget was
 * approved with it, then every accepted change order in the order they were accepted.
 */
export interface BudgetItemHistory {
  budgetItemId: number;
  itemName: string;
  original: BudgetItemValues;
  current: BudgetItemValues;
  changes: Array<{
    changeOrderId: number;
    number: number;
    from: BudgetItemValues;
    to: BudgetItemValues;
    /** to.amount − from.amount, signed. */
    amountDelta: string;
    description: string | null;
    decidedBy: { id: number; name: string } | null;
    decidedAt: string;
  }>;
}

/** GET /projects/{id}/budget-distribution/{companyId}/{categoryId|all}: planned money per item category. */
export interface BudgetDistribution {
  total: string;
  categories: Array<{ categoryId: number | null; categoryName: string; color: string | null; itemCount: number; amount: string; share: number }>;
}

/**
 * GET /projects/{id}/budget-details/{companyId}/{categoryId|all}: per budget item, planned against
 * produced (approved production at the item's current price) and billed (the budget company's
 * invoices sent and not rejected or cancelled); remaining is planned − produced. `rows` is one page (`_start`/`_end`, 25 by default, 200 at most; `_sort`/`_order`
 * by the row's fields, item name by default); `itemCount` (also X-Total-Count) and `totals` are over
 * every row.
 */
export interface BudgetDetails {
  rows: Array<{
    budgetItemId: number;
    itemName: string;
    unit: string | null;
    categoryName: string | null;
    quantity: number;
    price: string;
    plannedAmount: string;
    changeOrderAmount: string;
    /** A decimal written out ("12.5"): production quantities keep up to three decimals. */
    producedQuantity: string;
    producedAmount: string;
    billedAmount: string;
    remainingAmount: string;
    /** More was produced than budgeted (producedQuantity > quantity): flagged, not refused. */
    overBudget: boolean;
  }>;
  itemCount: number;
  totals: { plannedAmount: string; changeOrderAmount: string; producedAmount: string; billedAmount: string; remainingAmount: string };
}

/**
 * POST /projects/{id}/budget-spent: planned against spent in the range (approved production dated
 * in it, at the items' current prices) and billed of that production.
 */
export interface BudgetSpent {
  plannedAmount: string;
  spentAmount: string;
  billedAmount: string;
  percentSpent: number;
  /** Spent per production day in the range, oldest first; days without approved production are left out. */
  series: Array<{ date: string; amount: string }>;
}

/** The external review page's view of a budget (no login: only what that one review grants). */
export interface ExternalBudgetReview {
  review: { id: number; status: ReviewStatus; reviewerName: string; reviewerEmail: string; statusReason: string | null };
  project: { id: number; projectName: string; code: string; companyName: string; clientName: string | null };
  budget: Pick<Budget, 'id' | 'status' | 'singlePart' | 'retainagePercent' | 'profitabilityPercent' | 'itemCount' | 'total' | 'retainage' | 'profit'>;
  items: Array<Pick<BudgetItem, 'id' | 'itemName' | 'itemCode' | 'unit' | 'quantity' | 'price' | 'amount' | 'description' | 'drawings' | 'planEvidence'>>;
  /**
   * Until when this link downloads the signed budget (7 days after a signed approval; null before
   * or after another decision). The link keeps opening the decided page until then, and no longer.
   */
  pdfAvailableUntil: string | null;
}
