import { multipleBudgetItemsBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { addBudgetItems as add } from '../budget-item-service.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';

export const addBudgetItems = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/items/multiple`,
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    'Add up to 1,000 items at once, all or none (a bad one is a 400 naming items.N.field); the rules of POST items; answers the budget items in the order sent',
  tags: ['budgets'],
  params: budgetParams,
  body: multipleBudgetItemsBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => add(services, actor, params, body),
});
