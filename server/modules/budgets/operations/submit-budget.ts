import { submitBudgetBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';
import { submitBudget as submit } from '../budget-submission.js';

export const submitBudget = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/submit`,
  access: { permission: 'projects:view' },
  summary:
    'Submit a draft or rejected budget for review with its retainage and profitability percents (up to 3 decimals); 409 when it is already submitted or approved, or has no items; needs projects:manage in the company that runs the project; answers the budget',
  tags: ['budgets'],
  params: budgetParams,
  body: submitBudgetBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => submit(services, actor, params, body, false),
});
