import type { BudgetReview, ReviewStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { BudgetReviewsTable } from '../../db/schema.js';

export type ReviewRow = Omit<BudgetReviewsTable, 'id'> & { id: number };

/** A review row by id within its budget; undefined when the budget has no such review. */
export const reviewRow = (db: Executor, budgetId: number, reviewId: number) =>
  db.selectFrom('budget_reviews').selectAll().where('id', '=', reviewId).where('budget_id', '=', budgetId).executeTakeFirst() as Promise<ReviewRow | undefined>;

/** A review as the API answers it: never its token hash, signature hash, IP or user agent. */
export function reviewView(row: ReviewRow): BudgetReview {
  return {
    id: row.id,
    budgetId: row.budget_id,
    memberId: row.membership_id,
    reviewerCompanyId: row.reviewer_company_id,
    reviewerName: row.reviewer_name,
    reviewerEmail: row.reviewer_email,
    status: row.status as ReviewStatus,
    statusReason: row.status_reason,
    signed: row.signed_at !== null,
    signedAt: row.signed_at,
    signerName: row.signer_name,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}
