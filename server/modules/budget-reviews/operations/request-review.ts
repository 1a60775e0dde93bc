import { requestReviewBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { budgetParams } from '../review-params.js';
import { requestReview as request } from '../review-request.js';
import { budgetScope, requireManage } from '../review-scope.js';

export const requestReview = defineRoute({
  method: 'POST',
  url: '/projects/:id/budgets/:budgetId/reviews',
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Ask a member of the project's company or of its client company (memberId), or the client's contact without an account (contactEmail, contactName), to review the submitted budget: a pending review, and a 30-day single-use review link mailed to them",
  tags: ['budget reviews'],
  params: budgetParams,
  body: requestReviewBody,
  guard: async ({ actor, services, params }) => requireManage((await budgetScope(services.db, actor, params.id, params.budgetId)).access),
  handler: ({ actor, services, params, body }) => request(services, actor, params.id, params.budgetId, body),
});
