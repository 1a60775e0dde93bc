import type { InvoiceComment } from '../../../resources/invoice.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { notifyInvoice } from './invoice-notify.js';
import { invoiceScope } from './invoice-scope.js';

const COMMENT_LIST: ListSpec = {
  fields: { createdAt: { column: 'ic.created_at', type: 'date', filter: true, sort: true } },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'ic.id',
};

const commentRows = (db: Executor) =>
  db
    .selectFrom('invoice_comments as ic')
    .innerJoin('companies as c', 'c.id', 'ic.company_id')
    .select(['ic.id', 'ic.invoice_id', 'ic.company_id', 'c.name as company_name', 'ic.author_name', 'ic.body', 'ic.created_at']);

const view = (r: { id: number; invoice_id: number; company_id: number; company_name: string; author_name: string; body: string; created_at: string }): InvoiceComment => ({
  id: r.id,
  invoiceId: r.invoice_id,
  companyId: r.company_id,
  companyName: r.company_name,
  authorName: r.author_name,
  body: r.body,
  createdAt: r.created_at,
});

/** GET /invoices/{id}/comments: both sides' comments, newest first (paged). */
export async function listComments(services: Services, actor: Actor, id: number, query: RawListQuery) {
  const list = parseListQuery(COMMENT_LIST, query);
  await invoiceScope(services.db, actor, id);
  const page = await runList(commentRows(services.db).where('ic.invoice_id', '=', id), list);
  return { total: page.total, rows: page.rows.map(view) };
}

/** POST /invoices/{id}/comments: anyone of either side who reads the invoice; the other side hears of it once the invoice was sent. */
export async function addComment(services: Services, actor: Actor, id: number, body: string): Promise<InvoiceComment> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await invoiceScope(trx, actor, id);
    const { invoice } = scope;
    const { id: commentId } = await trx
      .insertInto('invoice_comments')
      .values({ invoice_id: id, company_id: scope.companyId, user_id: scope.userId, author_name: actor.user.name, body, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: scope.userId, companyId: scope.companyId }, { entityType: 'invoice', entityId: id, action: 'commented', after: { comment: body }, companyId: invoice.company_id });
    const other = scope.side === 'issuer' ? (invoice.sent_at ? invoice.client_id : null) : invoice.company_id;
    await notifyInvoice(services, trx, invoice, scope.userId, other, 'comment', body.length > 120 ? `${body.slice(0, 117)}...` : body);
    return view(await commentRows(trx).where('ic.id', '=', commentId).executeTakeFirstOrThrow());
  });
}
