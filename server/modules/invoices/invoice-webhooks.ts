import type { Executor } from '../../db/index.js';
import { queueWebhookEvent } from '../../lib/webhooks/deliveries.js';
import type { Services } from '../../services.js';
import { loadInvoice } from './invoice-view.js';

/**
 * An invoice sent, approved, paid or cancelled, queued in the move's transaction after its last write
 * (the mailed link, the decision kept, the lines let go), for the webhooks of the issuer and, once it
 * was sent, of the billed company: each gets the invoice as GET /invoices/{id} answers that side,
 * without the caller's moves.
 */
export async function queueInvoiceWebhook(services: Services, db: Executor, event: 'invoice.sent' | 'invoice.approved' | 'invoice.paid' | 'invoice.cancelled', invoiceId: number) {
  const row = await db.selectFrom('invoices').select(['id', 'company_id', 'client_id', 'project_id', 'sent_at']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const billed = row.client_id !== null && row.sent_at !== null && row.client_id !== row.company_id ? [row.client_id] : [];
  await queueWebhookEvent(services, db, {
    event,
    companyIds: [row.company_id, ...billed],
    ids: { invoiceId: row.id, projectId: row.project_id },
    data: (companyId) => loadInvoice(services, db, { companyId, side: companyId === row.company_id ? 'issuer' : 'billed', canManage: false }, row.id),
  });
}
