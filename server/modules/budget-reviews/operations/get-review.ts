import { defineRoute } from '../../../http/route.js';
import { reviewParams } from '../review-params.js';
import { getReview as get } from '../review-service.js';

export const getReview = defineRoute({
  method: 'GET',
  url: '/projects/:id/budgets/:budgetId/reviews/:reviewId',
  access: { permission: 'projects:view' },
  summary: 'One review of the budget, for any company related to the project',
  tags: ['budget reviews'],
  params: reviewParams,
  handler: ({ actor, services, params }) => get(services, actor, params.id, params.budgetId, params.reviewId),
});
