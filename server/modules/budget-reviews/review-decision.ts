import { queueWebhookEvent, type WebhookServices } from '../../lib/webhooks/deliveries.js';
import type { Executor } from '../../db/index.js';
import type { AuditActor } from '../../lib/audit.js';
import { membersWithPermission, notifyMembers, userInCompany, type NotifyServices } from '../../lib/notify.js';
import { moveBudget } from '../budgets/budget-state.js';
import type { ProjectRow } from '../projects/project-access.js';
import type { BudgetRow } from './review-scope.js';
import { moveReview, type ReviewMoveColumns } from './review-state.js';
import { reviewView, type ReviewRow } from './review-view.js';

/** A reviewer's decision, signed in or through the link; a signed approval carries its signature. */
export interface Decision {
  status: 'approved' | 'rejected';
  reason: string | null;
  signature?: Required<Pick<ReviewMoveColumns, 'signature_file_id' | 'signature_sha256' | 'signer_name' | 'signer_ip' | 'signer_user_agent'>>;
}

/** The review's own pending siblings, still waiting on the budget. */
export const pendingReviews = (db: Executor, budgetId: number) =>
  db.selectFrom('budget_reviews').selectAll().where('budget_id', '=', budgetId).where('status', '=', 'pending').execute() as Promise<ReviewRow[]>;

/**
 * Applies a decision inside the caller's transaction, the budget already locked (lockBudget): the
 * review moves (409 if it is no longer pending), then the budget: a rejection rejects the budget and
 * revokes the other pending reviews; an approval approves the budget when no review is left pending.
 * The owner company's project people and the requester are notified.
 */
export async function applyDecision(
  services: NotifyServices & WebhookServices,
  db: Executor,
  actor: AuditActor,
  ctx: { project: ProjectRow; budget: BudgetRow; review: ReviewRow },
  decision: Decision,
): Promise<ReviewRow> {
  const { project, budget, review } = ctx;
  const companyId = budget.company_id;
  const signed = decision.signature ? { ...decision.signature, signed_at: new Date().toISOString() } : {};
  const moved = await moveReview(db, actor, review, decision.status, {
    companyId,
    set: { status_reason: decision.reason, ...signed },
    audit: {
      statusReason: decision.reason,
      ...(decision.signature ? { signerName: decision.signature.signer_name, signatureSha256: decision.signature.signature_sha256 } : {}),
    },
  });
  if (decision.status === 'rejected') {
    await moveBudget(db, actor, budget.id, 'reject');
    await revokePendingReviews(services, db, actor, project, budget, `review ${review.id} rejected the budget`, `${review.reviewer_name} rejected the budget of ${project.project_name}: your review is no longer needed`);
  } else if (!(await pendingReviews(db, budget.id)).length) {
    await moveBudget(db, actor, budget.id, 'approve');
  }
  await notifyOwner(services, db, project, budget.id, moved, decision.status === 'rejected' ? `rejected the budget: ${decision.reason}` : 'approved the budget');
  // The company running the project, and the reviewer's own company when the reviewer is a member somewhere.
  const reviewerCompany =
    moved.membership_id === null ? undefined : await db.selectFrom('memberships').select('company_id').where('id', '=', moved.membership_id).executeTakeFirst();
  await queueWebhookEvent(services, db, {
    event: 'budget_review.decided',
    companyIds: [companyId, ...(reviewerCompany ? [reviewerCompany.company_id] : [])],
    ids: { reviewId: moved.id, budgetId: budget.id, projectId: project.id },
    data: async () => reviewView(moved),
  });
  return moved;
}

/**
 * The owner company's people who work on projects, and whoever asked for the review, hear of its
 * outcome (budget--budget-review). The reviewer decided, signed in or through the link: their own
 * account is not told of their own decision.
 */
export async function notifyOwner(services: NotifyServices, db: Executor, project: ProjectRow, budgetId: number, review: ReviewRow, what: string) {
  const reviewer =
    review.membership_id === null ? undefined : await db.selectFrom('memberships').select('user_id').where('id', '=', review.membership_id).executeTakeFirst();
  const recipients = [...(await membersWithPermission(db, [project.company_id], 'projects')), ...(await userInCompany(db, review.requested_by, project.company_id))];
  await notifyMembers(services, db, recipients, reviewer?.user_id ?? null, {
    type: 'budget--budget-review',
    description: `${review.reviewer_name} ${what} (${project.project_name})`,
    entityId: budgetId,
    options: { projectId: project.id, eventId: review.id },
  });
}

/** The reviewer hears of their own review: asked for it, or no longer needed (revoked). */
export async function notifyReviewer(services: NotifyServices, db: Executor, actorUserId: number | null, project: ProjectRow, budgetId: number, review: ReviewRow, description: string) {
  if (review.membership_id === null) return;
  const membership = await db.selectFrom('memberships').select(['id', 'company_id', 'user_id']).where('id', '=', review.membership_id).executeTakeFirst();
  if (!membership) return;
  await notifyMembers(services, db, [{ membershipId: membership.id, companyId: membership.company_id, userId: membership.user_id }], actorUserId, {
    type: 'budget--budget-review',
    description,
    entityId: budgetId,
    options: { projectId: project.id, eventId: review.id },
  });
}

/**
 * Revokes every review of the budget still pending, through the review state machine, and tells each
 * reviewer their review is no longer needed (a rejection by another reviewer, a cancelled submission).
 */
export async function revokePendingReviews(services: NotifyServices, db: Executor, actor: AuditActor, project: ProjectRow, budget: { id: number; company_id: number }, because: string, description: string) {
  for (const other of await pendingReviews(db, budget.id)) {
    const revoked = await moveReview(db, actor, other, 'revoked', { companyId: budget.company_id, audit: { because } });
    await notifyReviewer(services, db, actor.userId, project, budget.id, revoked, description);
  }
}
