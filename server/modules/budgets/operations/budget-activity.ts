import { defineRoute } from '../../../http/route.js';
import { budgetActivity as activity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';

/** Every company related to the project reads the trail whole: it holds nothing they cannot already read in the budget. */
export const budgetActivity = defineRoute({
  method: 'GET',
  url: `${BUDGET_URL}/activity`,
  access: { permission: 'projects:view' },
  summary:
    "The audit trail of the budget, its items, reviews and change orders, newest first, with who acted (paged list, the shape of a company's activity; filters: entityType, entityId, action, createdAt); for any company related to the project",
  tags: ['budgets'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, query, reply }) => {
    const { budget } = await budgetScope(services.db, actor, params);
    return sendPage(reply, await activity(services.db, budget.id, query));
  },
});
