import { updateInvoiceBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';
import { updateInvoice as update } from '../invoice-service.js';

export const updateInvoice = defineRoute({
  method: 'PATCH',
  url: '/invoices/:id',
  access: { permission: 'invoices:manage' },
  summary: 'Edit a draft or rejected invoice (409 otherwise): due date, retainage, week-ending date, notes; productions, when sent, replace its lines. The issuer only. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  body: updateInvoiceBody,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});
