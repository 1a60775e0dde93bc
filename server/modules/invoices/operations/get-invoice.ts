import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { invoiceScope } from '../invoice-scope.js';
import { loadInvoice } from '../invoice-view.js';

export const getInvoice = defineRoute({
  method: 'GET',
  url: '/invoices/:id',
  access: { permission: 'invoices:view' },
  summary: 'An invoice the acting company issued, or one billed to it once sent: lines, transactions, totals, the issuer as printed (invoice settings, logo) its client contact, whose move it is (turn), its decisions and what the caller may do now (moves)',
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await invoiceScope(services.db, actor, params.id)),
  handler: async ({ actor, services, params }) => loadInvoice(services, services.db, await invoiceScope(services.db, actor, params.id), params.id),
});
