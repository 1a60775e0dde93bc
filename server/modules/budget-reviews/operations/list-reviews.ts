import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { budgetParams } from '../review-params.js';
import { budgetScope } from '../review-scope.js';
import { listReviews as list } from '../review-service.js';

export const listReviews = defineRoute({
  method: 'GET',
  url: '/projects/:id/budgets/:budgetId/reviews',
  access: { permission: 'projects:view' },
  summary: 'Every review of the budget, newest first (paged list), for any company related to the project',
  tags: ['budget reviews'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params.id, params.budgetId)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params.id, params.budgetId, query)),
});
