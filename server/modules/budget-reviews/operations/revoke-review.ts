import { defineRoute } from '../../../http/route.js';
import { reviewParams } from '../review-params.js';
import { requireManage, reviewScope } from '../review-scope.js';
import { revokeReview as revoke } from '../review-service.js';

export const revokeReview = defineRoute({
  method: 'DELETE',
  url: '/projects/:id/budgets/:budgetId/reviews/:reviewId',
  access: { permission: 'projects:view' },
  summary: "Revoke a pending review (the project owner's): its link stops working; a decided review is a 409. Answers the revoked review",
  tags: ['budget reviews'],
  params: reviewParams,
  guard: async ({ actor, services, params }) => requireManage((await reviewScope(services.db, actor, params.id, params.budgetId, params.reviewId)).access),
  handler: ({ actor, services, params }) => revoke(services, actor, params.id, params.budgetId, params.reviewId),
});
