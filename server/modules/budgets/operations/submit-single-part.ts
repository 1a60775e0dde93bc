import { submitBudgetBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';
import { submitBudget as submit } from '../budget-submission.js';

export const submitSinglePart = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/submitSinglePart`,
  access: { permission: 'projects:view' },
  summary: 'Submit the budget as a single part: as POST submit, and the budget is marked single part; answers the budget',
  tags: ['budgets'],
  params: budgetParams,
  body: submitBudgetBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => submit(services, actor, params, body, true),
});
