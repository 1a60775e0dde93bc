import { z } from 'zod';
import { externalSendBackBody } from '../../../../resources/change-order-client.js';
import { text } from '../../../../resources/text.js';
import { defineRoute } from '../../../http/route.js';
import { acceptByLink, externalChangeOrder, externalChangeOrderPdf, sendBackByLink } from '../change-order-link.js';

/** A token of any other length or alphabet names nothing: the service refuses it like a wrong one (the same 410). */
const tokenParams = z.object({ token: text().min(1).max(100) });
const URL = '/public/change-orders/:token';
const REFUSED = 'a used, expired, replaced, foreign or forged link is the same 410, and changes nothing';

export const publicChangeOrder = defineRoute({
  method: 'GET',
  url: URL,
  access: 'public',
  rateLimited: true,
  summary: `The change order an e-mailed link opens, without a session: issuer, project, item before and after (quantity, unit price, amount), the amount change, description, status and the PDF's address; ${REFUSED}`,
  tags: ['change-orders'],
  params: tokenParams,
  handler: ({ services, params }) => externalChangeOrder(services, params.token),
});

export const publicChangeOrderPdf = defineRoute({
  method: 'GET',
  url: `${URL}/pdf`,
  access: 'public',
  rateLimited: true,
  summary: `The change order's PDF exactly as it was mailed with the link, while the link is open; ${REFUSED}`,
  tags: ['change-orders'],
  params: tokenParams,
  handler: ({ services, params, req, reply }) => externalChangeOrderPdf(services, req, reply, params.token),
});

export const publicAcceptChangeOrder = defineRoute({
  method: 'POST',
  url: `${URL}/accept`,
  access: 'public',
  rateLimited: true,
  summary: `Accept a change order through its link: JSON { name } (who accepts, the contact by default), or multipart with a drawn signature (file: PNG, type=signature, name), required when the issuer asks for one; the budget item takes its quantity and price, once; the link then stops working; ${REFUSED}`,
  tags: ['change-orders'],
  params: tokenParams,
  handler: ({ services, params, req }) => acceptByLink(services, req, params.token),
});

export const publicSendBackChangeOrder = defineRoute({
  method: 'POST',
  url: `${URL}/send-back`,
  access: 'public',
  rateLimited: true,
  summary: `Send a change order back through its link with a message ({ reason, name }); the issuer may edit and send it again; ${REFUSED}`,
  tags: ['change-orders'],
  params: tokenParams,
  body: externalSendBackBody,
  handler: ({ services, params, body }) => sendBackByLink(services, params.token, body),
});
