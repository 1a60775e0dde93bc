import { defineRoute } from '../../../http/route.js';
import { acceptChangeOrder as accept } from '../change-order-decide.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { decidableChangeOrder } from '../change-order-scope.js';

export const acceptChangeOrder = defineRoute({
  method: 'POST',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/accept`,
  access: { permission: 'projects:view' },
  summary:
    "Accept a sent change order: the budget item takes its quantity, price and report weight (and description when given), in one transaction; needs projects:manage in the deciding company; answers the change order",
  tags: ['change-orders'],
  params: changeOrderParams,
  guard: async ({ actor, services, params }) => void (await decidableChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params }) => accept(services, actor, params),
});
