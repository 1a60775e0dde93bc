import { CLIENT_DECISION_MESSAGES, type ClientContactInput } from '../../../resources/client-decision.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import type { ClientContact } from '../../lib/client-contact.js';
import { issueDocumentLink } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeGeneratedFile } from '../../storage/file-store.js';
import { auditInvoice } from './invoice-audit.js';
import { invoiceContact } from './invoice-contact.js';
import { invoiceMail } from './invoice-mail.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { issuedInvoice, type InvoiceRow } from './invoice-scope.js';
import { amounts, loadInvoice } from './invoice-view.js';

/** The PDF kept as it was mailed: a file of the invoice of this type, the newest one is what the link downloads. */
export const SENT_PDF = { entityType: 'invoice', type: 'sent-pdf' } as const;

export async function lastSentPdf(db: Executor, invoiceId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'public_id', 'filename', 'object_name', 'content_type', 'length'])
    .where('entity_type', '=', SENT_PDF.entityType)
    .where('entity_id', '=', String(invoiceId))
    .where('type', '=', SENT_PDF.type)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Mails the invoice to the client's contact, in the sending's transaction: a fresh link (earlier
 * ones die), the PDF as printed now kept as the invoice's 'sent-pdf' (or, sent again, the one kept
 * before), and one queued mail with it attached. Nothing of it exists unless the transaction commits.
 */
export async function mailInvoice(services: Services, trx: Trx, actor: { userId: number; companyId: number }, row: InvoiceRow, contact: ClientContact, again = false) {
  const link = await issueDocumentLink(trx, { companyId: row.company_id, kind: 'invoice', entityId: row.id, contactEmail: contact.email, contactName: contact.name, createdBy: actor.userId });
  const kept = again ? await lastSentPdf(trx, row.id) : undefined;
  let attachment = kept ? { fileId: kept.id, filename: kept.filename } : null;
  if (!attachment) {
    const pdf = await renderInvoicePdf(services, trx, { companyId: row.company_id, side: 'issuer', canManage: true }, row.id);
    const target = { companyId: row.company_id, entityType: SENT_PDF.entityType, entityId: row.id, type: SENT_PDF.type, uploadedBy: actor.userId };
    const file = await storeGeneratedFile(services, trx, target, { filename: pdf.filename, contentType: 'application/pdf', bytes: pdf.bytes });
    attachment = { fileId: file.id, filename: file.filename };
  }
  const [issuer, project, sender] = await Promise.all([
    trx.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirstOrThrow(),
    trx.selectFrom('projects').select(['project_name', 'code']).where('id', '=', row.project_id).executeTakeFirstOrThrow(),
    trx.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst(),
  ]);
  const message = invoiceMail(services.config.publicUrl, {
    to: contact.email,
    contactName: contact.name,
    issuerName: issuer.name,
    senderName: sender?.name ?? issuer.name,
    number: row.number,
    projectName: project.project_name,
    projectCode: project.code,
    due: centsToMoney(amounts(row).due),
    dueDate: row.due_date,
    token: link.token,
    expiresAt: link.row.expires_at,
    attachment,
    again,
  });
  await services.mailer.send(message, { executor: trx });
}

const who = (actor: Actor, companyId: number) => ({ userId: actor.user.id, companyId });

/** POST /invoices/{id}/resend: a sent invoice mailed again to its contact (the one set now), with a fresh link. */
export async function resendInvoice(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await issuedInvoice(trx, actor, id);
    const row = scope.invoice;
    if (row.status !== 'submit') throw conflict('Only a sent invoice waiting for the client is sent again', 'ILLEGAL_TRANSITION');
    const contact = await invoiceContact(trx, row);
    if (!contact) throw conflict(CLIENT_DECISION_MESSAGES.noContact, 'NO_CONTACT');
    await trx.updateTable('invoices').set({ contact_email: contact.email, contact_name: contact.name, updated_at: nowIso() }).where('id', '=', id).execute();
    const after = { ...row, contact_email: contact.email, contact_name: contact.name };
    await mailInvoice(services, trx, who(actor, scope.companyId), after, contact, true);
    await auditInvoice(trx, who(actor, scope.companyId), `sent again to ${contact.email}`, row, id);
    return loadInvoice(services, trx, scope, id);
  });
}

/** PATCH /invoices/{id}/contact: who the invoice is mailed to; on a sent one it applies to the next sending again. */
export async function changeInvoiceContact(services: Services, actor: Actor, id: number, body: ClientContactInput) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await issuedInvoice(trx, actor, id);
    const row = scope.invoice;
    if (!['draft', 'rejected', 'submit'].includes(row.status)) throw conflict('The client contact of a decided or cancelled invoice no longer changes', 'ILLEGAL_TRANSITION');
    const result = await trx
      .updateTable('invoices')
      .set({ contact_email: body.contactEmail, contact_name: body.contactName, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('The invoice changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
    await auditInvoice(trx, who(actor, scope.companyId), 'client contact changed', row, id);
    return loadInvoice(services, trx, scope, id);
  });
}
