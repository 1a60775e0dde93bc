import { BUDGET_MESSAGES } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import { AppError } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import { hashToken } from '../../lib/tokens.js';
import type { BudgetRow } from './review-scope.js';
import type { ReviewRow } from './review-view.js';

/** How long after signing the reviewer's link still downloads the signed budget. */
export const SIGNED_PDF_DAYS = 7;
const SIGNED_PDF_MS = SIGNED_PDF_DAYS * 24 * 60 * 60 * 1000;

/**
 * Every refusal of an external link is this one answer, whatever was wrong: an unknown or mistyped
 * half, the halves of two different reviews, a review of another budget, a link already used,
 * revoked, or past its time. Nobody learns which half was wrong, or whether a review exists.
 */
export const linkRefused = () => new AppError(410, BUDGET_MESSAGES.linkUsed, 'LINK_USED');

export interface LinkedReview {
  review: ReviewRow;
  budget: BudgetRow;
}

/** The review both halves name together (the budget's public hash and the review token's hash), if any. */
async function linked(db: Executor, budgetHash: string, reviewHash: string): Promise<LinkedReview | undefined> {
  const row = await db
    .selectFrom('budget_reviews as r')
    .innerJoin('budgets as b', 'b.id', 'r.budget_id')
    .innerJoin('companies as c', 'c.id', 'b.company_id')
    .selectAll('r')
    .select(['b.public_hash', 'c.deleted_at as company_deleted_at'])
    .where('r.token_hash', '=', hashToken(reviewHash))
    .executeTakeFirst();
  // Compared apart from the lookup by the token's hash: a budget half that is not this review's budget is a refusal like any other.
  if (!row || row.public_hash !== budgetHash || row.company_deleted_at) return undefined;
  const budget = (await db.selectFrom('budgets').selectAll().where('id', '=', row.budget_id).executeTakeFirstOrThrow()) as BudgetRow;
  const { public_hash: _h, company_deleted_at: _d, ...review } = row;
  return { review: review as ReviewRow, budget };
}

/**
 * The pending review a link opens, while it may still be decided through it: unexpired, and its
 * budget still in review (a cancelled submission revokes its reviews; this holds even if one were
 * left pending). A 410 otherwise.
 */
export async function openLink(db: Executor, budgetHash: string, reviewHash: string): Promise<LinkedReview> {
  const found = await linked(db, budgetHash, reviewHash);
  const open =
    !!found && found.review.status === 'pending' && found.budget.status === 'submitted' && !!found.review.token_expires_at && found.review.token_expires_at > nowIso();
  if (!open) throw linkRefused();
  return found;
}

/** When the reviewer's signed budget stops being downloadable through their link. */
export const pdfAvailableUntil = (review: Pick<ReviewRow, 'status' | 'signed_at'>) =>
  review.status === 'approved' && review.signed_at ? new Date(new Date(review.signed_at).getTime() + SIGNED_PDF_MS).toISOString() : null;

/**
 * The review a used link still stands for: approved with a signature through the state machine,
 * which keeps the hash of a signed approval's token, and signed less than SIGNED_PDF_DAYS ago.
 * It opens the signed budget's PDF and nothing else.
 */
export async function signedLink(db: Executor, budgetHash: string, reviewHash: string): Promise<LinkedReview> {
  const found = await linked(db, budgetHash, reviewHash);
  const until = found && pdfAvailableUntil(found.review);
  if (!found || !until || until <= nowIso()) throw linkRefused();
  return found;
}
