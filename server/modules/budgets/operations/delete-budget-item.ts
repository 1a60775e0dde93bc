import { defineRoute } from '../../../http/route.js';
import { deleteBudgetItem as remove } from '../budget-item-service.js';
import { BUDGET_URL, budgetItemParams } from '../budget-params.js';
import { managedBudget } from '../budget-scope.js';

export const deleteBudgetItem = defineRoute({
  method: 'DELETE',
  url: `${BUDGET_URL}/items/:budgetItemId`,
  access: { permission: 'projects:view' },
  summary: 'Remove an item from a draft or rejected budget (409 otherwise); needs projects:manage in the company that runs the project',
  tags: ['budgets'],
  params: budgetItemParams,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params }) => remove(services, actor, params),
});
