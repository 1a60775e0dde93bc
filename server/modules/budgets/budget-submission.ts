import type { Budget, SubmitBudgetInput } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { revokePendingReviews } from '../budget-reviews/review-decision.js';
import { moveBudget } from './budget-state.js';
import { notifySubmitted } from './budget-notify.js';
import type { BudgetParams } from './budget-params.js';
import { managedBudget } from './budget-scope.js';
import { loadBudget } from './budget-view.js';

export const SUBMISSION_MESSAGES = {
  empty: 'Add at least one item before submitting the budget',
} as const;

/**
 * POST …/submit and …/submitSinglePart: draft or rejected → submitted, with the retainage and
 * profitability percents. A single-part submission marks the budget single part; a plain one takes
 * the project's own setting. An empty budget is not submitted (409).
 */
export async function submitBudget(services: Services, actor: Actor, params: BudgetParams, body: SubmitBudgetInput, singlePart: boolean): Promise<Budget> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    const { access } = scope;
    // The conditional update takes the budget row first, so no item is removed while the count below runs.
    await moveBudget(trx, { userId: access.userId, companyId: access.companyId }, scope.budget.id, 'submit', {
      single_part: singlePart ? 1 : access.project.is_single_part,
      retainage_e3: body.retainagePercent,
      profitability_e3: body.profitabilityPercent,
      submitted_by: access.userId,
    });
    const items = await trx.selectFrom('budget_items').select('id').where('budget_id', '=', scope.budget.id).limit(1).executeTakeFirst();
    if (!items) throw conflict(SUBMISSION_MESSAGES.empty, 'BUDGET_EMPTY');
    await notifySubmitted(services, trx, scope, actor.user.name);
    return loadBudget(trx, scope);
  });
}

/**
 * DELETE …/submit: submitted → draft. Every review still pending is revoked with it through the review
 * state machine (its link stops working, the reviewer is told); decided reviews stay as they were.
 */
export async function cancelSubmission(services: Services, actor: Actor, params: BudgetParams): Promise<Budget> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    const auditActor = { userId: scope.access.userId, companyId: scope.access.companyId };
    await moveBudget(trx, auditActor, scope.budget.id, 'cancel', { submitted_by: null });
    const project = scope.access.project;
    await revokePendingReviews(services, trx, auditActor, project, scope.budget, 'submission cancelled', `The budget of ${project.project_name} was taken back for changes: your review is no longer needed`);
    return loadBudget(trx, scope);
  });
}
