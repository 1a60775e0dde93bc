import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { sendInvoicePdf } from '../invoice-pdf.js';
import { invoiceScope } from '../invoice-scope.js';

export const invoicePdf = defineRoute({
  method: 'GET',
  url: '/invoices/:id/pdf',
  access: { permission: 'invoices:view' },
  summary:
    'The invoice as a printable PDF attachment (Invoice_{number}.pdf): the issuer with its logo, the billed company, number and dates, every line over as many pages as they take, subtotal, retainage, amount due, paid, balance, remit-to and footer',
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await invoiceScope(services.db, actor, params.id)),
  handler: ({ actor, services, params, reply }) => sendInvoicePdf(services, actor, reply, params.id),
});
