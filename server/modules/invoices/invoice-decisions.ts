import { queueInvoiceWebhook } from './invoice-webhooks.js';
import { INVOICE_BILLING_MESSAGES } from '../../../resources/invoice.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordDocumentDecision } from '../../lib/document-decisions.js';
import { revokeDocumentLinks } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { auditInvoice } from './invoice-audit.js';
import { notifyInvoice } from './invoice-notify.js';
import { decidableInvoice, issuedInvoice, type InvoiceScope } from './invoice-scope.js';
import { assertMove, moveInvoice } from './invoice-state.js';
import { loadInvoice } from './invoice-view.js';

const who = (scope: InvoiceScope) => ({ userId: scope.userId, companyId: scope.companyId });

/** A decision of the billed company's member, signed in: kept beside those made through the link or recorded; the mailed link dies. */
async function memberDecision(trx: Trx, actor: Actor, scope: InvoiceScope, decision: 'approved' | 'rejected', reason: string | null) {
  await revokeDocumentLinks(trx, 'invoice', scope.invoice.id);
  await recordDocumentDecision(trx, {
    companyId: scope.invoice.company_id,
    kind: 'invoice',
    entityId: scope.invoice.id,
    decision,
    channel: 'member',
    decidedByName: actor.user.name,
    decidedByEmail: actor.user.email,
    decidedAt: nowIso(),
    reason,
    recordedBy: actor.user.id,
  });
}

/** POST /invoices/{id}/approve: the billed company approves a sent invoice; it is now due (unpaid). */
export async function approveInvoice(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await decidableInvoice(trx, actor, id);
    await moveInvoice(trx, scope.invoice, 'approve', { approved_at: nowIso(), approved_by: scope.userId });
    await memberDecision(trx, actor, scope, 'approved', null);
    const after = await auditInvoice(trx, who(scope), 'approved', scope.invoice, id);
    await notifyInvoice(services, trx, after, scope.userId, after.company_id, 'approve');
    await queueInvoiceWebhook(services, trx, 'invoice.approved', id);
    return loadInvoice(services, trx, scope, id);
  });
}

/** POST /invoices/{id}/approveSinglePart: the issuer approves a sent invoice of a single-part project itself. */
export async function approveSinglePart(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await issuedInvoice(trx, actor, id);
    assertMove(scope.invoice.status, 'approveSinglePart');
    const project = await trx.selectFrom('projects').select('is_single_part').where('id', '=', scope.invoice.project_id).executeTakeFirstOrThrow();
    if (!project.is_single_part) throw conflict(INVOICE_BILLING_MESSAGES.singlePart, 'NOT_SINGLE_PART');
    await moveInvoice(trx, scope.invoice, 'approveSinglePart', { single_part: 1, approved_at: nowIso(), approved_by: scope.userId });
    await revokeDocumentLinks(trx, 'invoice', id);
    await auditInvoice(trx, who(scope), 'approved as a single part', scope.invoice, id);
    await queueInvoiceWebhook(services, trx, 'invoice.approved', id);
    return loadInvoice(services, trx, scope, id);
  });
}

/** POST /invoices/{id}/reject: the billed company rejects it with a reason; the issuer may edit and send it again. */
export async function rejectInvoice(services: Services, actor: Actor, id: number, reason: string) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await decidableInvoice(trx, actor, id);
    await moveInvoice(trx, scope.invoice, 'reject', { reject_reason: reason });
    await memberDecision(trx, actor, scope, 'rejected', reason);
    const after = await auditInvoice(trx, who(scope), 'rejected', scope.invoice, id);
    await notifyInvoice(services, trx, after, scope.userId, after.company_id, 'reject', reason);
    return loadInvoice(services, trx, scope, id);
  });
}

/**
 * POST /invoices/{id}/cancelled: the issuer cancels with a reason (never once paid in part); its
 * lines become inactive, so their production items may be billed again.
 */
export async function cancelInvoice(services: Services, actor: Actor, id: number, reason: string) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await issuedInvoice(trx, actor, id);
    assertMove(scope.invoice.status, 'cancel');
    if (Number(scope.invoice.paid_cents) > 0) throw conflict(INVOICE_BILLING_MESSAGES.withPayments, 'HAS_PAYMENTS');
    await moveInvoice(trx, scope.invoice, 'cancel', { cancel_reason: reason });
    await trx.updateTable('invoice_lines').set({ active: 0 }).where('invoice_id', '=', id).execute();
    await revokeDocumentLinks(trx, 'invoice', id);
    const after = await auditInvoice(trx, who(scope), 'cancelled', scope.invoice, id);
    if (after.sent_at) await notifyInvoice(services, trx, after, scope.userId, after.client_id, 'cancel', reason);
    await queueInvoiceWebhook(services, trx, 'invoice.cancelled', id);
    return loadInvoice(services, trx, scope, id);
  });
}
