import { invoiceSettingsBody } from '../../../../resources/company-invoice.js';
import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../company-params.js';
import { saveInvoiceSettings as save } from '../invoice-settings-service.js';

export const saveInvoiceSettings = defineRoute({
  method: 'POST',
  url: '/companies/:id/invoice',
  access: { company: 'id', permission: 'companies:manage' },
  summary: "Replace the company's invoice settings (needs companies:manage in that company); answers the company",
  tags: ['companies'],
  params: companyParams,
  body: invoiceSettingsBody,
  handler: ({ actor, services, company, body }) => save(services, actor, company, body),
});
