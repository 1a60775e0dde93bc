import type { DocumentTurn } from '../../../resources/client-decision.js';
import type { Invoice, InvoiceMove } from '../../../resources/invoice.js';
import type { Executor } from '../../db/index.js';
import { documentDecisions } from '../../lib/document-decisions.js';
import { lastDocumentLink } from '../../lib/document-links.js';
import type { Services } from '../../services.js';
import { contactRequired, invoiceContact } from './invoice-contact.js';
import { isIssuer, mayDecide, mayPay, type InvoiceRow, type InvoiceScope } from './invoice-scope.js';
import { mayMove } from './invoice-state.js';
import { amounts } from './invoice-view.js';

type Row = InvoiceRow & { company_name: string; is_single_part: number };

/** What the viewer may do now: the state machine's moves, narrowed to the viewer's side and the invoice's amounts. */
export function invoiceMoves(scope: InvoiceScope, row: Row, contactKnown: boolean): InvoiceMove[] {
  const status = row.status;
  const a = amounts(row);
  const moves: InvoiceMove[] = [];
  if (isIssuer(scope)) {
    if (mayMove(status, 'edit')) moves.push('edit');
    if (mayMove(status, 'send')) moves.push('send');
    if (status === 'submit' && contactKnown) moves.push('resend');
    if (['draft', 'rejected', 'submit'].includes(status)) moves.push('changeContact');
    if (mayMove(status, 'approve')) moves.push('recordDecision');
    if (mayMove(status, 'approveSinglePart') && row.is_single_part) moves.push('approveSinglePart');
  }
  if (mayDecide(scope) && mayMove(status, 'approve')) moves.push('approve', 'reject');
  if (mayPay(scope) && mayMove(status, 'pay')) moves.push(...(isIssuer(scope) ? (['recordPayment', 'markPaid'] as const) : (['markPaid'] as const)));
  if (isIssuer(scope)) {
    if (mayMove(status, 'release') && a.retainage > a.released) moves.push('releaseRetainage');
    if (mayMove(status, 'cancel') && a.paid === 0n) moves.push('cancel');
  }
  return moves;
}

/**
 * Whose move a waiting invoice is: the client's while it is sent (where and when it was mailed, from
 * its newest link), the issuer's when it was rejected (edit and send again) or approved and not paid
 * in full (record the payments).
 */
async function invoiceTurn(db: Executor, row: Row): Promise<DocumentTurn | null> {
  if (row.status === 'submit') {
    const link = await lastDocumentLink(db, 'invoice', row.id);
    return { waitingOn: 'client', partyName: row.client_name ?? 'the client', contactEmail: link?.contact_email ?? null, sentAt: link?.created_at ?? row.sent_at };
  }
  if (['rejected', 'unpaid', 'partially_paid'].includes(row.status)) return { waitingOn: 'issuer', partyName: row.company_name, contactEmail: null, sentAt: null };
  return null;
}

/** The parts of the invoice answer about its client: contact, whose move, decisions and the viewer's moves. */
export async function clientParts(services: Services, db: Executor, scope: InvoiceScope, row: Row): Promise<Pick<Invoice, 'contact' | 'contactRequired' | 'turn' | 'decisions' | 'moves'>> {
  const [contact, required, turn, decisions] = await Promise.all([
    invoiceContact(db, row),
    contactRequired(db, row),
    invoiceTurn(db, row),
    documentDecisions(services, db, 'invoice', row.id),
  ]);
  return { contact, contactRequired: required, turn, decisions, moves: invoiceMoves(scope, row, !!contact) };
}
