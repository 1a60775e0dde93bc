import { BILLABLE_HAS_MORE_HEADER } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { billableProductions as billable } from '../invoice-billable.js';
import { issuerStanding } from '../invoice-billing.js';
import { billableParams, billableQuery } from '../invoice-params.js';

export const billableProductions = defineRoute({
  method: 'GET',
  url: '/billable-productions/:projectId',
  access: { permission: 'invoices:manage' },
  summary:
    "A page of the approved productions the acting company may bill on the project (the owner all of them, a subcontractor its own), newest first, with their items not yet on one of its active invoice lines, at the budget item's current price; with invoiceId (an invoice of its own being edited) that invoice's productions come first and its items are flagged onThisInvoice. Paged by production (_start/_end, 25 by default, at most 100), date_gte/date_lte narrow the range; X-Has-More: true when another page follows",
  tags: ['invoices'],
  params: billableParams,
  query: billableQuery,
  guard: async ({ actor, services, params }) => void (await issuerStanding(services.db, actor, params.projectId)),
  handler: async ({ actor, services, params, query, reply }) => {
    const page = await billable(services, actor, params.projectId, query);
    reply.header(BILLABLE_HAS_MORE_HEADER, String(page.hasMore));
    reply.header('Access-Control-Expose-Headers', BILLABLE_HAS_MORE_HEADER);
    return page.rows;
  },
});
