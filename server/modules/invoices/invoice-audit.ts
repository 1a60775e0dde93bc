import type { Executor } from '../../db/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { InvoiceRow } from './invoice-scope.js';
import { invoiceSnapshot } from './invoice-view.js';

export async function readInvoice(db: Executor, id: number): Promise<InvoiceRow> {
  return (await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as InvoiceRow;
}

async function lineCount(db: Executor, id: number) {
  const row = await db.selectFrom('invoice_lines').select((eb) => eb.fn.countAll().as('n')).where('invoice_id', '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Records a change to an invoice in the issuer's trail (entity 'invoice', read by GET …/activity),
 * whichever side acted (no user: the client through the mailed link); `before` is the row as read before the change, the row after is read here.
 */
export async function auditInvoice(db: Executor, actor: { userId: number | null; companyId: number }, action: string, before: InvoiceRow | null, id: number, linesBefore?: number) {
  const after = await readInvoice(db, id);
  const lines = await lineCount(db, id);
  await recordAudit(db, actor, {
    entityType: 'invoice',
    entityId: id,
    action,
    before: before && invoiceSnapshot(before, linesBefore ?? lines),
    after: invoiceSnapshot(after, lines),
    companyId: after.company_id,
  });
  return after;
}
