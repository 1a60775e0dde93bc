import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';
import { getBudget as get } from '../budget-view.js';

export const getBudget = defineRoute({
  method: 'GET',
  url: BUDGET_URL,
  access: { permission: 'projects:view' },
  summary:
    "The project's budget: status, single part, retainage and profitability percents, item count, total, retainage and profit (exact, money as decimal strings), whether the caller may change it and the caller's own pending review; for any company related to the project",
  tags: ['budgets'],
  params: budgetParams,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: ({ actor, services, params }) => get(services, actor, params),
});
