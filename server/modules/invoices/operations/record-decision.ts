import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { recordInvoiceDecision } from '../invoice-recorded.js';
import { issuedInvoice } from '../invoice-scope.js';

export const recordDecision = defineRoute({
  method: 'POST',
  url: '/invoices/:id/decision',
  access: { permission: 'invoices:manage' },
  summary:
    "Record a decision the client gave outside the product on a sent invoice (409 otherwise): decision (approved or rejected), decidedByName, decidedByEmail, decidedAt (a day or an instant, not in the future), reason (required to reject); as JSON, or multipart with an optional file (a PDF or picture of the signed paper). Moves it to approved unpaid or rejected, ends the mailed links, keeps who said it and who recorded it. The issuer only. Answers the invoice",
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, req }) => recordInvoiceDecision(services, actor, params.id, req),
});
