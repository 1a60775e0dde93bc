import { defineRoute } from '../../../http/route.js';
import { approveSinglePart as approve } from '../invoice-decisions.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';

export const approveSinglePart = defineRoute({
  method: 'POST',
  url: '/invoices/:id/approveSinglePart',
  access: { permission: 'invoices:manage' },
  summary: 'The issuer approves its own sent invoice of a single-part project (409 for any other project or status). Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params }) => approve(services, actor, params.id),
});
