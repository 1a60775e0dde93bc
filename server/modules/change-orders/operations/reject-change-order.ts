import { rejectChangeOrderBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { decidableChangeOrder } from '../change-order-scope.js';
import { rejectChangeOrder as reject } from '../change-order-decide.js';

export const rejectChangeOrder = defineRoute({
  method: 'POST',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/reject`,
  access: { permission: 'projects:view' },
  summary: 'Send a sent change order back with a message saying why; the owner may edit and send it again; needs projects:manage in the deciding company; answers the change order',
  tags: ['change-orders'],
  params: changeOrderParams,
  body: rejectChangeOrderBody,
  guard: async ({ actor, services, params }) => void (await decidableChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => reject(services, actor, params, body),
});
