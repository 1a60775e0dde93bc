import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { managedChangeOrder } from '../change-order-scope.js';
import { deleteChangeOrder as remove } from '../change-order-service.js';

export const deleteChangeOrder = defineRoute({
  method: 'DELETE',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId`,
  access: { permission: 'projects:view' },
  summary: 'Delete a draft or sent-back change order (409 once sent or accepted); needs projects:manage in the company that runs the project',
  tags: ['change-orders'],
  params: changeOrderParams,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params }) => remove(services, actor, params),
});
