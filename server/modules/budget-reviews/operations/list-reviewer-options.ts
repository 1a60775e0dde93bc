import { z } from 'zod';
import { text } from '../../../../resources/text.js';
import { defineRoute } from '../../../http/route.js';
import { budgetParams } from '../review-params.js';
import { budgetScope, requireManage } from '../review-scope.js';
import { reviewerOptions } from '../reviewer-options.js';

export const listReviewerOptions = defineRoute({
  method: 'GET',
  url: '/projects/:id/budgets/:budgetId/reviewers',
  access: { permission: 'projects:view' },
  summary:
    "The people a review may be asked of: accepted members of the project's company, of its client and of a parent project's owner (at most 50; q narrows by name or e-mail); for the owner's project managers",
  tags: ['budget reviews'],
  params: budgetParams,
  query: z.object({ q: text().max(100, 'At most 100 characters').optional() }),
  guard: async ({ actor, services, params }) => requireManage((await budgetScope(services.db, actor, params.id, params.budgetId)).access),
  handler: ({ actor, services, params, query }) => reviewerOptions(services, actor, params.id, params.budgetId, query.q),
});
