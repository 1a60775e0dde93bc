import { reviewDecisionBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { reviewParams } from '../review-params.js';
import { requireReviewer, reviewScope } from '../review-scope.js';
import { decideReview as decide } from '../review-service.js';

export const decideReview = defineRoute({
  method: 'PATCH',
  url: '/projects/:id/budgets/:budgetId/reviews/:reviewId',
  // The request is what entitles the reviewer: their role need not hold projects (a plain member may be asked).
  access: 'member',
  summary:
    'The signed-in reviewer approves, or rejects with a reason (statusReason); a rejection rejects the budget, the last approval approves it; a decided review is a 409',
  tags: ['budget reviews'],
  params: reviewParams,
  body: reviewDecisionBody,
  guard: async ({ actor, services, params }) => {
    const { access, review } = await reviewScope(services.db, actor, params.id, params.budgetId, params.reviewId);
    await requireReviewer(services.db, actor, access, review);
  },
  handler: ({ actor, services, params, body }) => decide(services, actor, params.id, params.budgetId, params.reviewId, body),
});
