import { queueInvoiceWebhook } from './invoice-webhooks.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvoiceDecision } from '../../../resources/client-decision.js';
import { EXTERNAL_INVOICE_LINES, type ExternalInvoice, type ExternalInvoiceOutcome } from '../../../resources/invoice-client.js';
import type { InvoiceStatus } from '../../../resources/invoice.js';
import type { Executor, Trx } from '../../db/index.js';
import { recordDocumentDecision } from '../../lib/document-decisions.js';
import { consumeDocumentLink, documentLinkRefused, openDocumentLink, type DocumentLinkRow } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import { asksClientSignature, linkApproval } from '../../lib/link-approval.js';
import { noteProject } from '../../realtime/live-events.js';
import type { Services } from '../../services.js';
import { sendStoredObject } from '../../storage/download.js';
import { auditInvoice, readInvoice } from './invoice-audit.js';
import { notifyInvoice } from './invoice-notify.js';
import { lastSentPdf } from './invoice-sending.js';
import { moveInvoice } from './invoice-state.js';
import { invoiceLines, invoiceRows, totalsView } from './invoice-view.js';

/**
 * The invoice a mailed link opens, with no session: while the link is open (unused, unrevoked,
 * unexpired) and the invoice waits for the client. Anything else is the one 410 of every refused
 * link, whatever was wrong.
 */
async function linkedInvoice(db: Executor, token: string) {
  const link = await openDocumentLink(db, 'invoice', token);
  const row = await readInvoice(db, link.entity_id);
  if (row.status !== 'submit') throw documentLinkRefused();
  noteProject(row.project_id);
  return { link, row };
}

export const publicPdfPath = (token: string) => `/api/v1/public/invoices/${encodeURIComponent(token)}/pdf`;

/** GET /public/invoices/{token}: only what this one invoice shows its client. */
export async function externalInvoice(services: Services, token: string): Promise<ExternalInvoice> {
  const db = services.db;
  const { link, row } = await linkedInvoice(db, token);
  const [head, lines, count] = await Promise.all([
    invoiceRows(db)
      .select(['co.logo_url', 'p.powo_number', 'p.timezone'])
      .where('i.id', '=', row.id)
      .executeTakeFirstOrThrow(),
    invoiceLines(db, row.id, EXTERNAL_INVOICE_LINES),
    db.selectFrom('invoice_lines').select((eb) => eb.fn.countAll().as('n')).where('invoice_id', '=', row.id).executeTakeFirstOrThrow(),
  ]);
  const totals = totalsView(row);
  return {
    number: row.number,
    status: row.status as InvoiceStatus,
    issuer: { name: head.company_name, logoUrl: head.logo_url },
    clientName: row.client_name,
    project: { name: head.project_name, code: head.project_code, powoNumber: head.powo_number, timezone: head.timezone },
    createdAt: row.created_at,
    sentAt: row.sent_at,
    dueDate: row.due_date,
    weekEndingDate: row.week_ending_date,
    subtotal: totals.subtotal,
    retainagePercent: totals.retainagePercent,
    retainage: totals.retainage,
    due: totals.due,
    lines: lines.map((l) => ({ id: l.id, productionDate: l.productionDate, crewName: l.crewName, itemName: l.itemName, itemCode: l.itemCode, unit: l.unit, quantity: l.quantity, price: l.price, amount: l.amount })),
    lineCount: Number(count.n),
    contactName: link.contact_name,
    contactEmail: link.contact_email,
    expiresAt: link.expires_at,
    pdfUrl: publicPdfPath(token),
    signatureRequired: await asksClientSignature(db, row.company_id),
  };
}

/** GET /public/invoices/{token}/pdf: the PDF exactly as it was mailed. */
export async function externalInvoicePdf(services: Services, req: FastifyRequest, reply: FastifyReply, token: string) {
  const { row } = await linkedInvoice(services.db, token);
  const file = await lastSentPdf(services.db, row.id);
  if (!file) throw documentLinkRefused();
  return sendStoredObject(services, req, reply, file, { download: true, cache: 'private' });
}

const signer = (link: DocumentLinkRow, name: string | null) => name ?? link.contact_name ?? link.contact_email;

/**
 * A decision through the link, in one transaction: the link is opened again and used up there (of
 * two decisions through one link only the first passes), the invoice moves through its state
 * machine, the decision is kept with who made it, the issuer's trail and people hear of it.
 */
export async function decideByLink(services: Services, token: string, decision: InvoiceDecision, input: { name: string | null; reason: string | null }): Promise<ExternalInvoiceOutcome> {
  return services.db.transaction().execute((trx) => decideInTransaction(services, trx, token, decision, { ...input, signatureFileId: null }));
}

/** POST /public/invoices/{token}/approve: JSON { name }, or multipart with a drawn signature (required when the issuer asks for one). */
export async function approveByLink(services: Services, req: FastifyRequest, token: string): Promise<ExternalInvoiceOutcome> {
  const { row } = await linkedInvoice(services.db, token);
  return linkApproval(services, req, { companyId: row.company_id, kind: 'invoice', entityId: row.id }, (trx, approval) =>
    decideInTransaction(services, trx, token, 'approved', { name: approval.name, reason: null, signatureFileId: approval.signatureFileId }),
  );
}

async function decideInTransaction(services: Services, trx: Trx, token: string, decision: InvoiceDecision, input: { name: string | null; reason: string | null; signatureFileId: number | null }): Promise<ExternalInvoiceOutcome> {
  const { link, row } = await linkedInvoice(trx, token);
  await consumeDocumentLink(trx, link);
  const now = nowIso();
  const approved = decision === 'approved';
  const status = await moveInvoice(trx, row, approved ? 'approve' : 'reject', approved ? { approved_at: now, approved_by: null } : { reject_reason: input.reason });
  const name = signer(link, input.name);
  await recordDocumentDecision(trx, {
    companyId: row.company_id,
    kind: 'invoice',
    entityId: row.id,
    decision,
    channel: 'link',
    decidedByName: name,
    decidedByEmail: link.contact_email,
    decidedAt: now,
    reason: approved ? null : input.reason,
    fileId: input.signatureFileId,
    linkId: link.id,
    recordedBy: null,
  });
  const by = name === link.contact_email ? name : `${name} (${link.contact_email})`;
  const after = await auditInvoice(trx, { userId: null, companyId: row.company_id }, `${decision} by ${by} through the e-mailed link`, row, row.id);
  await notifyInvoice(services, trx, after, null, row.company_id, approved ? 'approve' : 'reject', approved ? `by ${by} through the e-mailed link` : input.reason);
  // Once the decision is recorded: the payload lists it.
  if (approved) await queueInvoiceWebhook(services, trx, 'invoice.approved', row.id);
  const issuer = await trx.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirstOrThrow();
  return { number: row.number, status, decision, decidedByName: name, issuerName: issuer.name };
}
