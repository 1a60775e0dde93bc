import { invoiceReasonBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { cancelInvoice as cancel } from '../invoice-decisions.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';

export const cancelInvoice = defineRoute({
  method: 'POST',
  url: '/invoices/:id/cancelled',
  access: { permission: 'invoices:manage' },
  summary:
    'Cancel a draft, sent, rejected or approved unpaid invoice with a reason (409 otherwise, and once it has payments); its production items may be billed again. The issuer only. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  body: invoiceReasonBody,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => cancel(services, actor, params.id, body.reason),
});
