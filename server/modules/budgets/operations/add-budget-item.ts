import { budgetItemBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { addBudgetItem as add } from '../budget-item-service.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';

export const addBudgetItem = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/items`,
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Add an item to a draft or rejected budget (409 in review or approved): itemId is a catalog item of the company that runs the project, quantity a whole number, price a decimal with at most 2 places; needs projects:manage in that company; answers the budget item",
  tags: ['budgets'],
  params: budgetParams,
  body: budgetItemBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => add(services, actor, params, body),
});
