import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordedChangeOrderDecision } from '../../../resources/client-decision.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { storeUpload } from '../../storage/file-store.js';
import { receiveUploads, refusalError, type ReceivedUpload } from '../../storage/uploads.js';
import { applyAccept, applySendBack } from './change-order-decide.js';
import type { ChangeOrderParams } from './change-order-params.js';
import { decidingParty } from './change-order-party.js';
import { decisionScopeOf, managedChangeOrder } from './change-order-scope.js';
import { loadChangeOrder } from './change-order-view.js';

type Recorded = z.output<typeof recordedChangeOrderDecision>;

function parseFields(raw: unknown): Recorded {
  const parsed = recordedChangeOrderDecision.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'decision';
    throw badRequest(`${field}: ${issue.message}`, parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'decision', message: i.message })));
  }
  return parsed.data;
}

/**
 * The decision in the caller's transaction, the change order read again there: the recorder is the
 * trail's actor, the client who said it is named in it, the proof (if any) kept with the decision.
 */
async function record(services: Services, trx: Trx, actor: Actor, params: ChangeOrderParams, fields: Recorded, fileId: number | null) {
  const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
  const ds = decisionScopeOf(scope);
  const party = await decidingParty(trx, ds, changeOrder.request_from_parent);
  if (party.self) throw conflict('This project has no client: accept or send back the change order yourself', 'NO_CLIENT');
  const by = { channel: 'recorded' as const, name: fields.decidedByName, email: fields.decidedByEmail, decidedAt: fields.decidedAt, userId: actor.user.id, fileId };
  if (fields.decision === 'accepted') await applyAccept(services, trx, ds, changeOrder, by);
  else await applySendBack(services, trx, ds, changeOrder, fields.reason!, by);
  return loadChangeOrder(services, trx, scope, changeOrder.id);
}

/**
 * POST …/change-orders/{id}/decision: the issuer records a decision the client gave outside the
 * product (a call, a signed paper): multipart with the recordedChangeOrderDecision fields and an
 * optional file (the proof), or the fields as JSON. Accepted applies the price once; sent back keeps
 * the message. The fields are checked before the file is stored.
 */
export async function recordChangeOrderDecision(services: Services, actor: Actor, params: ChangeOrderParams, req: FastifyRequest) {
  if (!req.isMultipart()) {
    const fields = parseFields(req.body);
    return services.db.transaction().execute((trx) => record(services, trx, actor, params, fields, null));
  }
  const upload: ReceivedUpload = await receiveUploads(services, req, { maxFiles: 1, check: (f) => (f.length === 0 ? 'The file is empty' : null) });
  try {
    const fields = parseFields(upload.fields);
    const [file] = upload.files;
    if (!file) {
      if (upload.refused.length) throw refusalError(upload);
      return await services.db.transaction().execute((trx) => record(services, trx, actor, params, fields, null));
    }
    const { scope } = await managedChangeOrder(services.db, actor, params);
    const target = { companyId: scope.access.project.company_id, entityType: 'change_order', entityId: params.changeOrderId, type: 'decision-proof', uploadedBy: actor.user.id };
    return await storeUpload(services, target, file, (trx, stored) => record(services, trx, actor, params, fields, stored.id));
  } finally {
    await upload.discard();
  }
}
