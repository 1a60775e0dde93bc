import type { ExternalBudgetReview } from './budget.js';

/**
 * The external budget review (spec 02 §2 projects/:projectId/budget/:budgetHash/review/:reviewHash/:action):
 * the API the page calls without a session. The two halves of the link are the credential; every
 * refusal (a wrong or mismatched half, a link used, revoked or expired) is the same 410 with
 * BUDGET_MESSAGES.linkUsed.
 */
export const externalReviewPaths = (budgetHash: string, reviewHash: string) => {
  const base = `/public/budget-review/${encodeURIComponent(budgetHash)}/${encodeURIComponent(reviewHash)}`;
  return {
    /** GET: ExternalBudgetReview; `_start`/`_end` page the items (200 by default, 500 at most); `budget.itemCount` counts them all. */
    review: base,
    /** POST multipart: `file` (the drawn signature, PNG), `type=signature`, `name` (who signs; the reviewer's name by default). */
    approve: `${base}/approve`,
    /** POST { reason }. */
    reject: `${base}/reject`,
    /** GET: the signed budget's PDF, once the budget is approved, until `pdfAvailableUntil`. */
    pdf: `${base}/pdf`,
  };
};

/** The actions the page's last path segment opens it with. */
export const EXTERNAL_REVIEW_ACTIONS = ['review', 'approve', 'reject'] as const;
export type ExternalReviewAction = (typeof EXTERNAL_REVIEW_ACTIONS)[number];

/**
 * What approve and reject answer: the decided review with its project and budget (the page has the
 * items already). After a signed approval the link downloads the signed budget until
 * `pdfAvailableUntil` (7 days after signing), once the budget is approved; null after a rejection.
 */
export type ExternalReviewOutcome = Omit<ExternalBudgetReview, 'items'>;
