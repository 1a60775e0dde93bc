import { budgetPdf } from './operations/budget-pdf.js';
import { decideReview } from './operations/decide-review.js';
import { externalApprove } from './operations/external-approve.js';
import { externalBudgetPdf } from './operations/external-pdf.js';
import { externalReject } from './operations/external-reject.js';
import { externalReview } from './operations/external-review.js';
import { getReview } from './operations/get-review.js';
import { listReviewerOptions } from './operations/list-reviewer-options.js';
import { listReviews } from './operations/list-reviews.js';
import { requestReview } from './operations/request-review.js';
import { revokeReview } from './operations/revoke-review.js';
import { signReview } from './operations/sign-review.js';

export const budgetReviewRoutes = [
  requestReview,
  listReviews,
  listReviewerOptions,
  getReview,
  decideReview,
  revokeReview,
  signReview,
  budgetPdf,
  externalReview,
  externalApprove,
  externalReject,
  externalBudgetPdf,
];
