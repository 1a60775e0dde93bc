import { invoicePaidBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { paidParams } from '../invoice-params.js';
import { markPaid as paid } from '../invoice-payments.js';
import { payableInvoice } from '../invoice-scope.js';

export const markPaid = defineRoute({
  method: 'POST',
  url: '/invoices/:id/paid/:status',
  access: { permission: 'invoices:manage' },
  summary:
    'The paid dialog on an approved invoice (409 otherwise): records a payment; paid pays the balance (an amount sent must be the balance), partially_paid needs an amount below it (400 otherwise); method (check, ach, wire, card, cash, other), date and reference kept with it. The issuer recording what it received, or the billed company marking it paid from its side. Answers the invoice',
  tags: ['invoices'],
  params: paidParams,
  body: invoicePaidBody,
  guard: async ({ actor, services, params }) => void (await payableInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => paid(services, actor, params.id, params.status, body),
});
