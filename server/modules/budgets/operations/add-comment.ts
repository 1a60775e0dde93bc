import { budgetCommentBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { addComment as add } from '../budget-comments.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';

export const addComment = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/comments`,
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Comment on the budget (optionally on one of its items, budgetItemId), as any company related to the project; the other side's people with projects permissions are notified; answers the comment",
  tags: ['budgets'],
  params: budgetParams,
  body: budgetCommentBody,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => add(services, actor, params, body),
});
