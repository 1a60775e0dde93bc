import { defineRoute } from '../../../http/route.js';
import { budgetItemParams } from '../change-order-params.js';
import { budgetScope } from '../change-order-scope.js';
import { budgetItemHistory as history } from '../item-history.js';

export const budgetItemHistory = defineRoute({
  method: 'GET',
  url: '/projects/:id/budgets/:budgetId/items/:budgetItemId/history',
  access: { permission: 'projects:view' },
  summary: "A budget item's history: its values as approved, then each accepted change order (number, from and to quantity and price, amount change, who, when) and its values now",
  tags: ['change-orders'],
  params: budgetItemParams,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: ({ actor, services, params }) => history(services, actor, params),
});
