import { invoiceReasonBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { rejectInvoice as reject } from '../invoice-decisions.js';
import { invoiceParams } from '../invoice-params.js';
import { decidableInvoice } from '../invoice-scope.js';

export const rejectInvoice = defineRoute({
  method: 'POST',
  url: '/invoices/:id/reject',
  access: { permission: 'invoices:manage' },
  summary: 'Reject a sent invoice with a reason (409 otherwise); the issuer may edit and send it again. The billed company, or the issuer when the billed one is not on the platform. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  body: invoiceReasonBody,
  guard: async ({ actor, services, params }) => void (await decidableInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => reject(services, actor, params.id, body.reason),
});
