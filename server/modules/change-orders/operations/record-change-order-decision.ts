import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { recordChangeOrderDecision as record } from '../change-order-record.js';
import { managedChangeOrder } from '../change-order-scope.js';

export const recordChangeOrderDecision = defineRoute({
  method: 'POST',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/decision`,
  access: { permission: 'projects:view' },
  summary:
    "Record a decision the client gave outside the product on a sent change order: multipart (decision accepted|sent_back, decidedByName, decidedByEmail, decidedAt: a day or an instant, not in the future, reason: required to send back; file: optional proof) or the same fields as JSON; accepted applies the price to the budget item once; kept as a decision recorded on the client's behalf, with who said it and who recorded it; needs projects:manage in the company that runs the project; answers the change order",
  tags: ['change-orders'],
  params: changeOrderParams,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params, req }) => record(services, actor, params, req),
});
