import { defineRoute } from '../../../http/route.js';
import { renderChangeOrder, sendPdf } from '../change-order-document.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { budgetScope, decisionScopeOf } from '../change-order-scope.js';

export const changeOrderPdf = defineRoute({
  method: 'GET',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/pdf`,
  access: { permission: 'projects:view' },
  summary:
    'The change order as a PDF attachment (ChangeOrder_{projectCode}_{number}.pdf): the same header as the signed budget, the item before and after, the amount change, whom it is asked of, its dates and status; for every company that sees the budget',
  tags: ['change-orders'],
  params: changeOrderParams,
  guard: async ({ actor, services, params }) => void (await budgetScope(services.db, actor, params)),
  handler: async ({ actor, services, params, reply }) => {
    const scope = await budgetScope(services.db, actor, params);
    return sendPdf(reply, await renderChangeOrder(services, services.db, decisionScopeOf(scope), params.changeOrderId));
  },
});
