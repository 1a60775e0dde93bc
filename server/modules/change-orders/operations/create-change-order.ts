import { createChangeOrderBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { budgetParams, CHANGE_ORDERS_URL } from '../change-order-params.js';
import { managedBudget } from '../change-order-scope.js';
import { createChangeOrder as create } from '../change-order-service.js';

export const createChangeOrder = defineRoute({
  method: 'POST',
  url: CHANGE_ORDERS_URL,
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "A draft change order on an item of the approved budget (itemId: the budget item); quantity, price and report weight default to the item's; needs projects:manage in the company that runs the project; answers the change order",
  tags: ['change-orders'],
  params: budgetParams,
  body: createChangeOrderBody,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => create(services, actor, params, body),
});
