import { invoiceTransactionBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { addTransaction as add } from '../invoice-payments.js';
import { payableInvoice } from '../invoice-scope.js';

export const addTransaction = defineRoute({
  method: 'POST',
  url: '/invoices/:id/transaction',
  access: { permission: 'invoices:manage' },
  summary:
    'Record a payment (at most the balance) or a retainage release (at most the retainage still held, which becomes due) on an approved invoice; the status follows the amounts (partially_paid or paid). A payment: the issuer or the billed company; a release: the issuer only. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  body: invoiceTransactionBody,
  guard: async ({ actor, services, params }) => void (await payableInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => add(services, actor, params.id, body),
});
