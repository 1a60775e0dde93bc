import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';
import { sendInvoice as send } from '../invoice-service.js';

export const sendInvoice = defineRoute({
  method: 'PATCH',
  url: '/invoices/:id/send',
  access: { permission: 'invoices:manage' },
  summary: 'Send a draft or rejected invoice to the billed company (409 otherwise), which now sees it and is told; the issuer only. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params }) => send(services, actor, params.id),
});
