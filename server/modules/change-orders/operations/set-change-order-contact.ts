import { clientContactBody } from '../../../../resources/client-decision.js';
import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { managedChangeOrder } from '../change-order-scope.js';
import { setChangeOrderContact } from '../change-order-send.js';

export const changeOrderContact = defineRoute({
  method: 'PATCH',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/contact`,
  access: { permission: 'projects:view' },
  summary:
    'The client contact the change order is mailed to (contactEmail, contactName), until it is accepted (409 after, or when the project has no client); a sent one goes out to it with resend; needs projects:manage in the company that runs the project; answers the change order',
  tags: ['change-orders'],
  params: changeOrderParams,
  body: clientContactBody,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => setChangeOrderContact(services, actor, params, body),
});
