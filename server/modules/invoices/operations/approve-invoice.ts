import { defineRoute } from '../../../http/route.js';
import { approveInvoice as approve } from '../invoice-decisions.js';
import { invoiceParams } from '../invoice-params.js';
import { decidableInvoice } from '../invoice-scope.js';

export const approveInvoice = defineRoute({
  method: 'POST',
  url: '/invoices/:id/approve',
  access: { permission: 'invoices:manage' },
  summary: 'Approve a sent invoice (409 otherwise): it is due, unpaid. The billed company, or the issuer when the billed one is not on the platform. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await decidableInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params }) => approve(services, actor, params.id),
});
