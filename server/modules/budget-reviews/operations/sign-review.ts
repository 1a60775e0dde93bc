import { defineRoute } from '../../../http/route.js';
import { reviewParams } from '../review-params.js';
import { requireReviewer, reviewScope } from '../review-scope.js';
import { signReview as sign } from '../sign-service.js';

export const signReview = defineRoute({
  method: 'POST',
  url: '/projects/:id/budgets/:budgetId/reviews/:reviewId/sign',
  access: 'member',
  summary:
    "The signed-in reviewer signs (multipart: file, the drawn signature as a PNG of at most 1 MB; type=signature) and so approves with the reason 'Approved budget'; answers the review",
  tags: ['budget reviews'],
  params: reviewParams,
  guard: async ({ actor, services, params }) => {
    const { access, review } = await reviewScope(services.db, actor, params.id, params.budgetId, params.reviewId);
    await requireReviewer(services.db, actor, access, review);
  },
  handler: ({ actor, services, params, req }) => sign(services, actor, req, params.id, params.budgetId, params.reviewId),
});
