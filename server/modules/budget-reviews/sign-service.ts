import type { FastifyRequest } from 'fastify';
import { SIGNED_APPROVAL_REASON, type BudgetReview } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { storeUpload } from '../../storage/file-store.js';
import { applyDecision } from './review-decision.js';
import { lockBudget, requireReviewer, reviewScope } from './review-scope.js';
import { reviewRow, reviewView } from './review-view.js';
import { receiveSignature, userAgentOf } from './signature-upload.js';

/**
 * POST …/reviews/{id}/sign (multipart: file, type=signature): the signed-in reviewer's signature is
 * stored (in the budget owner's company, outside the file manager), then the review approves with
 * the reason 'Approved budget' through the same state machine as every decision.
 */
export async function signReview(services: Services, actor: Actor, req: FastifyRequest, projectId: number, budgetId: number, reviewId: number): Promise<BudgetReview> {
  const { access, review } = await reviewScope(services.db, actor, projectId, budgetId, reviewId);
  await requireReviewer(services.db, actor, access, review);
  // Refused before the bytes are read; checked again in the transaction.
  if (review.status !== 'pending') throw conflict(`A review that is ${review.status} cannot be signed`, 'ILLEGAL_TRANSITION');
  const signature = await receiveSignature(services, req);
  try {
    const target = { companyId: access.project.company_id, entityType: 'budget_review', entityId: reviewId, type: 'signature', uploadedBy: actor.user.id };
    const decided = await storeUpload(services, target, signature.upload, async (trx, file) => {
      const scope = await reviewScope(trx, actor, projectId, budgetId, reviewId);
      await requireReviewer(trx, actor, scope.access, scope.review);
      const budget = await lockBudget(trx, budgetId);
      const current = (await reviewRow(trx, budgetId, reviewId))!;
      return applyDecision(services, trx, { userId: actor.user.id, companyId: budget.company_id }, { project: scope.access.project, budget, review: current }, {
        status: 'approved',
        reason: SIGNED_APPROVAL_REASON,
        signature: { signature_file_id: file.id, signature_sha256: signature.sha256, signer_name: actor.user.name, signer_ip: req.ip, signer_user_agent: userAgentOf(req) },
      });
    });
    return reviewView(decided);
  } finally {
    await signature.discard();
  }
}
