import { invoiceCommentBody } from '../../../../resources/invoice.js';
import { defineRoute } from '../../../http/route.js';
import { addComment } from '../invoice-comments.js';
import { invoiceParams } from '../invoice-params.js';
import { invoiceScope } from '../invoice-scope.js';

export const addInvoiceComment = defineRoute({
  method: 'POST',
  url: '/invoices/:id/comments',
  access: { permission: 'invoices:view' },
  status: 201,
  summary: 'Comment on an invoice the acting company sees; the other side is told once the invoice was sent. Answers the comment',
  tags: ['invoices'],
  params: invoiceParams,
  body: invoiceCommentBody,
  guard: async ({ actor, services, params }) => void (await invoiceScope(services.db, actor, params.id)),
  handler: ({ actor, services, params, body }) => addComment(services, actor, params.id, body.comment),
});
