import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listBudgetItems as list } from '../budget-lists.js';
import { BUDGET_URL, budgetParams } from '../budget-params.js';
import { budgetScope } from '../budget-scope.js';

export const listBudgetItems = defineRoute({
  method: 'GET',
  url: `${BUDGET_URL}/items/company`,
  access: { permission: 'projects:view' },
  summary:
    "The budget's items with their catalog item, category, amount (quantity × price) and change-order counts, in the order added unless sorted (paged list; filters: id, itemId, itemName, itemCode, unit, categoryId, categoryName, quantity, reportWeight, description, createdAt, updatedAt; price and amount sort too)",
  tags: ['budgets'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params, query)),
});
