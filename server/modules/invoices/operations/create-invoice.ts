import { createInvoiceBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../invoice-params.js';
import { actingCompany } from '../invoice-scope.js';
import { createInvoice as create } from '../invoice-service.js';

export const createInvoice = defineRoute({
  method: 'POST',
  url: '/invoices/:companyId',
  access: { permission: 'invoices:manage' },
  status: 201,
  summary:
    "An invoice of the acting company (companyId) for a project it runs or works on as a subcontractor, billing approved production items not yet billed (409 when one is); numbered from the company's invoice settings, due after their payment terms unless dueDate is sent, holding the budget's retainage (else the settings' default) unless retainage is sent; a draft, or sent at once with status submit. Answers the invoice",
  tags: ['invoices'],
  params: companyParams,
  body: createInvoiceBody,
  guard: async ({ actor, params }) => void actingCompany(actor, params.companyId),
  handler: ({ actor, services, params, body }) => (actingCompany(actor, params.companyId), create(services, actor, body)),
});
