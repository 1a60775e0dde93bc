import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listComments } from '../invoice-comments.js';
import { invoiceParams } from '../invoice-params.js';
import { invoiceScope } from '../invoice-scope.js';

export const listInvoiceComments = defineRoute({
  method: 'GET',
  url: '/invoices/:id/comments',
  access: { permission: 'invoices:view' },
  summary: "The invoice's comments from both sides, newest first (paged list; filter: createdAt)",
  tags: ['invoices'],
  params: invoiceParams,
  query: listQuery,
  guard: async ({ actor, services, params }) => void (await invoiceScope(services.db, actor, params.id)),
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listComments(services, actor, params.id, query)),
});
