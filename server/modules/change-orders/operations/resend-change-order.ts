import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { managedChangeOrder } from '../change-order-scope.js';
import { resendChangeOrder as resend } from '../change-order-send.js';

export const resendChangeOrder = defineRoute({
  method: 'POST',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/resend`,
  access: { permission: 'projects:view' },
  summary:
    "Mail a sent change order to its client contact again, with its PDF and a fresh link; the link sent before stops working (409 unless sent; 400 without a contact); needs projects:manage in the company that runs the project; answers the change order",
  tags: ['change-orders'],
  params: changeOrderParams,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params }) => resend(services, actor, params),
});
