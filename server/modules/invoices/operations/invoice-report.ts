import { invoiceReportBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { companyParams } from '../invoice-params.js';
import { invoiceReport } from '../invoice-report.js';
import { actingCompany } from '../invoice-scope.js';

export const downloadInvoiceReport = defineRoute({
  method: 'POST',
  url: '/invoices/:companyId/report',
  access: { permission: 'reports-open' },
  summary:
    "The acting company's invoices (sent, or with sourceSubcontractor those received from it; cancelled ones left out) whose groupByField day is in range, as an xlsx attachment (Invoice_Report_{MMDDYYYY from}_{MMDDYYYY to}.xlsx) grouped by project, client, status, item, week or month, each group's and the grand totals summed in SQL, laid out to print",
  tags: ['invoices'],
  params: companyParams,
  body: invoiceReportBody,
  guard: async ({ actor, params }) => void actingCompany(actor, params.companyId),
  handler: ({ actor, services, params, body, reply }) => invoiceReport(services, actor, reply, params.companyId, body),
});
