import { queueInvoiceWebhook } from './invoice-webhooks.js';
import type { FastifyRequest } from 'fastify';
import { recordedInvoiceDecision } from '../../../resources/client-decision.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { recordDocumentDecision } from '../../lib/document-decisions.js';
import { revokeDocumentLinks } from '../../lib/document-links.js';
import type { Services } from '../../services.js';
import { IMAGE_TYPES } from '../../storage/content-type.js';
import { storeUpload } from '../../storage/file-store.js';
import { receiveUploads, refusalError, type ReceivedUpload } from '../../storage/uploads.js';
import { auditInvoice } from './invoice-audit.js';
import { issuedInvoice } from './invoice-scope.js';
import { moveInvoice } from './invoice-state.js';
import { loadInvoice } from './invoice-view.js';

const PROOF_ONLY = 'The proof must be a PDF or an image';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function fieldsOf(input: unknown) {
  const parsed = recordedInvoiceDecision.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'decision');
  throw badRequest(`${field}: ${issue.message}`, [{ field, message: issue.message }]);
}

/**
 * POST /invoices/{id}/decision: the issuer records a decision the client gave outside the product (a
 * call, a signed paper), as multipart (the fields and an optional `file`, a PDF or picture of the
 * proof) or as JSON. In one transaction with the proof's row: the invoice moves through its state
 * machine, the mailed links die, the decision is kept as recorded (who said it, when, who recorded
 * it) and the trail says so.
 */
export async function recordInvoiceDecision(services: Services, actor: Actor, id: number, req: FastifyRequest) {
  const upload: ReceivedUpload | null = req.isMultipart()
    ? await receiveUploads(services, req, { maxFiles: 1, check: (f) => (f.length === 0 ? 'The file is empty' : f.contentType === 'application/pdf' || IMAGE_TYPES.has(f.contentType) ? null : PROOF_ONLY) })
    : null;
  try {
    const d = fieldsOf(upload ? upload.fields : req.body);
    if (upload?.refused.length) throw refusalError(upload);
    const file = upload?.files[0];
    const work = async (trx: Trx, fileId: number | null) => {
      const scope = await issuedInvoice(trx, actor, id);
      const row = scope.invoice;
      const approved = d.decision === 'approved';
      await moveInvoice(trx, row, approved ? 'approve' : 'reject', approved ? { approved_at: d.decidedAt, approved_by: actor.user.id } : { reject_reason: d.reason });
      await revokeDocumentLinks(trx, 'invoice', id);
      await recordDocumentDecision(trx, {
        companyId: row.company_id,
        kind: 'invoice',
        entityId: id,
        decision: d.decision,
        channel: 'recorded',
        decidedByName: d.decidedByName,
        decidedByEmail: d.decidedByEmail,
        decidedAt: d.decidedAt,
        reason: d.reason,
        fileId,
        recordedBy: actor.user.id,
      });
      const what = approved ? 'approval' : 'rejection';
      const said = `${d.decidedByName}${d.decidedByEmail ? ` (${d.decidedByEmail})` : ''} on ${day(d.decidedAt)}`;
      const action = `${what} recorded on the client's behalf: said by ${said}, recorded by ${actor.user.name}${fileId ? ', with file' : ''}`;
      await auditInvoice(trx, { userId: actor.user.id, companyId: scope.companyId }, action, row, id);
      // Once the decision is recorded: the payload lists it.
      if (approved) await queueInvoiceWebhook(services, trx, 'invoice.approved', row.id);
      return loadInvoice(services, trx, scope, id);
    };
    if (!file) return await services.db.transaction().execute((trx) => work(trx, null));
    const target = { companyId: actor.membership!.companyId, entityType: 'invoice', entityId: id, type: 'decision-proof', uploadedBy: actor.user.id };
    return await storeUpload(services, target, file, (trx, stored) => work(trx, stored.id));
  } finally {
    await upload?.discard();
  }
}
