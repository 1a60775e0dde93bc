import { reviewDecisionBody, type BudgetReview } from '../../../resources/budget.js';
import type { z } from 'zod';
import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { moveBudget } from '../budgets/budget-state.js';
import { applyDecision, notifyReviewer } from './review-decision.js';
import { budgetScope, lockBudget, requireManage, requireReviewer, reviewScope } from './review-scope.js';
import { moveReview } from './review-state.js';
import { reviewRow, reviewView, type ReviewRow } from './review-view.js';

const reviewListSpec: ListSpec = {
  fields: {
    status: { column: 'r.status', type: 'text', filter: true, sort: true },
    memberId: { column: 'r.membership_id', type: 'number', filter: true, nullable: true },
    reviewerCompanyId: { column: 'r.reviewer_company_id', type: 'number', filter: true },
    reviewerName: { column: 'r.reviewer_name', type: 'text', filter: true, sort: true },
    createdAt: { column: 'r.created_at', type: 'date', filter: true, sort: true },
    decidedAt: { column: 'r.decided_at', type: 'date', sort: true, nullable: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'r.id',
};

/** GET …/reviews: every review of the budget, newest first, for any company related to the project. */
export async function listReviews(services: Services, actor: Actor, projectId: number, budgetId: number, query: RawListQuery) {
  await budgetScope(services.db, actor, projectId, budgetId);
  const base = services.db.selectFrom('budget_reviews as r').selectAll('r').where('r.budget_id', '=', budgetId);
  const page = await runList(base, parseListQuery(reviewListSpec, query));
  return { rows: page.rows.map((r) => reviewView(r as ReviewRow)), total: page.total };
}

export async function getReview(services: Services, actor: Actor, projectId: number, budgetId: number, reviewId: number): Promise<BudgetReview> {
  const { review } = await reviewScope(services.db, actor, projectId, budgetId, reviewId);
  return reviewView(review);
}

const auditActorOf = (actor: Actor, companyId: number) => ({ userId: actor.user.id, companyId });

/**
 * DELETE …/reviews/{id}: the owner takes back a pending request; its link stops working. When every
 * review left is approved, the budget is approved, as the last approval would have done.
 */
export async function revokeReview(services: Services, actor: Actor, projectId: number, budgetId: number, reviewId: number): Promise<BudgetReview> {
  return services.db.transaction().execute(async (trx) => {
    const { access } = await reviewScope(trx, actor, projectId, budgetId, reviewId);
    requireManage(access);
    const budget = await lockBudget(trx, budgetId);
    const review = (await reviewRow(trx, budgetId, reviewId))!;
    const auditActor = auditActorOf(actor, budget.company_id);
    const revoked = await moveReview(trx, auditActor, review, 'revoked', { companyId: budget.company_id });
    // Only a submitted budget moves on, and only it surely has a submission time to count this round's
    // reviews from: a budget approved without a round has none, and PostgreSQL refuses to compare a
    // timestamp with ''.
    if (budget.status === 'submitted' && budget.submitted_at) {
      const left = await trx
        .selectFrom('budget_reviews')
        .select(['status'])
        .where('budget_id', '=', budgetId)
        .where('status', 'in', ['pending', 'approved'])
        .where('created_at', '>=', budget.submitted_at)
        .execute();
      if (left.length && left.every((r) => r.status === 'approved')) await moveBudget(trx, auditActor, budgetId, 'approve');
    }
    await notifyReviewer(services, trx, actor.user.id, access.project, budgetId, revoked, `${actor.user.name} revoked your review of the budget of ${access.project.project_name}`);
    return reviewView(revoked);
  });
}

/**
 * PATCH …/reviews/{id}: the signed-in reviewer approves, or rejects with a reason. A decided review
 * is a 409; the budget follows in the same transaction (review-decision.ts).
 */
export async function decideReview(
  services: Services,
  actor: Actor,
  projectId: number,
  budgetId: number,
  reviewId: number,
  body: z.output<typeof reviewDecisionBody>,
): Promise<BudgetReview> {
  return services.db.transaction().execute(async (trx) => {
    const { access, review } = await reviewScope(trx, actor, projectId, budgetId, reviewId);
    await requireReviewer(trx, actor, access, review);
    const budget = await lockBudget(trx, budgetId);
    // Read again under the budget's lock: a concurrent decision may have moved it meanwhile (then a 409).
    const current = (await reviewRow(trx, budgetId, reviewId))!;
    const decided = await applyDecision(services, trx, auditActorOf(actor, budget.company_id), { project: access.project, budget, review: current }, {
      status: body.status,
      reason: body.statusReason ?? null,
    });
    return reviewView(decided);
  });
}
