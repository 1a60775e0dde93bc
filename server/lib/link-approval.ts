import type { FastifyRequest } from 'fastify';
import { CLIENT_DECISION_MESSAGES, linkDecisionBody, type DocumentKind } from '../../resources/client-decision.js';
import type { Executor, Trx } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import { invoiceSettingsView } from '../modules/companies/invoice-settings.js';
import { receiveSignature } from '../modules/budget-reviews/signature-upload.js';
import type { Services } from '../services.js';
import { storeUpload } from '../storage/file-store.js';

/** Whether the issuer asks its clients to sign what they approve through a link (its invoice settings). */
export async function asksClientSignature(db: Executor, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('invoice_settings').where('id', '=', companyId).executeTakeFirst();
  return invoiceSettingsView(row?.invoice_settings ?? null).clientSignature;
}

export interface LinkApproval {
  name: string | null;
  /** The drawn signature kept as a file of the document, when one was sent. */
  signatureFileId: number | null;
}

/**
 * An approval (or acceptance) through a mailed link: JSON `{ name }`, or multipart with the drawn
 * signature (`file`, a PNG, `type=signature`, `name`) as on the external budget review. A signature is
 * required when the issuer asks for one. `decide` runs in the transaction that keeps the signature's
 * row, and must open and use up the link there.
 */
export async function linkApproval<T>(
  services: Services,
  req: FastifyRequest,
  document: { companyId: number; kind: DocumentKind; entityId: number },
  decide: (trx: Trx, approval: LinkApproval) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) {
    const parsed = linkDecisionBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'name');
      throw badRequest(`${field}: ${issue.message}`, [{ field, message: issue.message }]);
    }
    if (await asksClientSignature(services.db, document.companyId)) {
      throw badRequest(`file: ${CLIENT_DECISION_MESSAGES.signature}`, [{ field: 'file', message: CLIENT_DECISION_MESSAGES.signature }]);
    }
    return services.db.transaction().execute((trx) => decide(trx, { name: parsed.data.name, signatureFileId: null }));
  }
  const signature = await receiveSignature(services, req);
  try {
    const name = linkDecisionBody.safeParse({ name: signature.fields.name ?? '' });
    if (!name.success) throw badRequest(`name: ${name.error.issues[0]!.message}`, [{ field: 'name', message: name.error.issues[0]!.message }]);
    const target = { companyId: document.companyId, entityType: document.kind, entityId: document.entityId, type: 'client-signature', uploadedBy: null };
    return await storeUpload(services, target, signature.upload, (trx, file) => decide(trx, { name: name.data.name, signatureFileId: file.id }));
  } finally {
    await signature.discard();
  }
}
