import { updateBudgetItemBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { updateBudgetItem as update } from '../budget-item-service.js';
import { BUDGET_URL, budgetItemParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';

export const updateBudgetItem = defineRoute({
  method: 'PATCH',
  url: `${BUDGET_URL}/items/:budgetItemId`,
  access: { permission: 'projects:view' },
  summary:
    'Change a budget item of a draft or rejected budget (409 otherwise): the fields sent change, a quantity or price sent empty or null becomes 0; needs projects:manage in the company that runs the project; answers the budget item',
  tags: ['budgets'],
  params: budgetItemParams,
  body: updateBudgetItemBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => update(services, actor, params, body),
});
