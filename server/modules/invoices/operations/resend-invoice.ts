import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';
import { resendInvoice as resend } from '../invoice-sending.js';

export const resendInvoice = defineRoute({
  method: 'POST',
  url: '/invoices/:id/resend',
  access: { permission: 'invoices:manage' },
  summary:
    "Mail a sent invoice again to its client contact (the one set now), with the PDF as first mailed and a fresh link; earlier links stop working (409 unless sent and waiting for the client, or with no contact known). The issuer only. Answers the invoice",
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params }) => resend(services, actor, params.id),
});
