import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';
import { cancelSubmission as cancel } from '../budget-submission.js';

export const cancelSubmission = defineRoute({
  method: 'DELETE',
  url: `${BUDGET_URL}/submit`,
  access: { permission: 'projects:view' },
  summary:
    "Cancel the budget's submission: submitted → draft, and every pending review is revoked (its link stops working); 409 unless submitted; needs projects:manage in the company that runs the project; answers the budget",
  tags: ['budgets'],
  params: budgetParams,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params }) => cancel(services, actor, params),
});
