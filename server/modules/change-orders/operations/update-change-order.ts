import { updateChangeOrderBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { managedChangeOrder } from '../change-order-scope.js';
import { updateChangeOrder as update } from '../change-order-service.js';

export const updateChangeOrder = defineRoute({
  method: 'PATCH',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId`,
  access: { permission: 'projects:view' },
  summary: 'Edit a draft or sent-back change order (409 once sent or accepted); needs projects:manage in the company that runs the project; answers the change order',
  tags: ['change-orders'],
  params: changeOrderParams,
  body: updateChangeOrderBody,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => update(services, actor, params, body),
});
