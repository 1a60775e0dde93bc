import { sendChangeOrderBody } from '../../../../resources/budget.js';
import { defineRoute } from '../../../http/route.js';
import { CHANGE_ORDERS_URL, changeOrderParams } from '../change-order-params.js';
import { managedChangeOrder } from '../change-order-scope.js';
import { sendChangeOrder as send } from '../change-order-send.js';

export const sendChangeOrder = defineRoute({
  method: 'POST',
  url: `${CHANGE_ORDERS_URL}/:changeOrderId/send`,
  access: { permission: 'projects:view' },
  summary:
    "Send a draft or sent-back change order with its price to the party that decides it (the parent project's owner when asked of the parent, else the client, else the owner itself); when a client contact is known (set on it, else the partnership's, the client company's or the project's client e-mail) it is mailed the PDF and a 30-day single-use link to decide without an account; required (400) when nobody of the deciding company can sign in or the client is typed on the project; needs projects:manage in the company that runs the project; answers the change order",
  tags: ['change-orders'],
  params: changeOrderParams,
  body: sendChangeOrderBody,
  guard: async ({ actor, services, params }) => void (await managedChangeOrder(services.db, actor, params)),
  handler: ({ actor, services, params, body }) => send(services, actor, params, body),
});
