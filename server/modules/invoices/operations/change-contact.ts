import { clientContactBody } from '../../../../resources/client-decision.js';
import { defineRoute } from '../../../http/route.js';
import { invoiceParams } from '../invoice-params.js';
import { issuedInvoice } from '../invoice-scope.js';
import { changeInvoiceContact } from '../invoice-sending.js';

export const changeContact = defineRoute({
  method: 'PATCH',
  url: '/invoices/:id/contact',
  access: { permission: 'invoices:manage' },
  summary:
    'The client contact (contactEmail, contactName) a draft, rejected or sent invoice is mailed to (409 once decided or cancelled); on a sent one it applies when it is sent again. The issuer only. Answers the invoice',
  tags: ['invoices'],
  params: invoiceParams,
  body: clientContactBody,
  guard: async ({ actor, services, params }) => void (await issuedInvoice(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => changeInvoiceContact(services, actor, params.id, body),
});
