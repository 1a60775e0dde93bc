import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listInvoices as list } from '../invoice-list.js';

export const listInvoices = defineRoute({
  method: 'GET',
  url: '/invoices',
  access: { permission: 'invoices:view' },
  summary:
    "The acting company's invoices (any status) and those billed to it once sent, newest first, each with direction sent or received (paged list; without a status filter: submit, draft, unpaid, partially_paid, rejected; filters: status, projectId, companyId, clientId, number, projectCode, clientName, companyName, dueDate, weekEndingDate, createdAt)",
  tags: ['invoices'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});
