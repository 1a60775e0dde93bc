import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listChangeOrders as list } from '../change-order-list.js';
import { budgetParams, CHANGE_ORDERS_URL } from '../change-order-params.js';
import { budgetScope } from '../change-order-scope.js';

export const listChangeOrders = defineRoute({
  method: 'GET',
  url: CHANGE_ORDERS_URL,
  access: { permission: 'projects:view' },
  summary:
    "The budget's change orders by number, with the item's name, amount (quantity × price) and whether the caller may decide each (paged list; filters: status, budgetItemId, requestFromParent, number, itemName, createdAt, sentAt, decidedAt)",
  tags: ['change-orders'],
  params: budgetParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await list(services, actor, params, query)),
});
