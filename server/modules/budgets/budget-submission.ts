import type { Budget, SubmitBudgetInput } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
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
    await notifySubmitted(trx, scope, actor.user.name);
    return loadBudget(trx, scope);
  });
}

/**
 * DELETE …/submit: submitted → draft. Every review still pending is revoked with it (its link stops
 * working), each recorded; decided reviews stay as they were.
 */
export async function cancelSubmission(services: Services, actor: Actor, params: BudgetParams): Promise<Budget> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await managedBudget(trx, actor, params);
    const auditActor = { userId: scope.access.userId, companyId: scope.access.companyId };
    await moveBudget(trx, auditActor, scope.budget.id, 'cancel', { submitted_by: null });
    const now = nowIso();
    const revoked = await trx
      .updateTable('budget_reviews')
      .set({ status: 'revoked', token_hash: null, decided_at: now, updated_at: now })
      .where('budget_id', '=', scope.budget.id)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    for (const review of revoked) {
      await recordAudit(trx, auditActor, {
        entityType: 'budget_review',
        entityId: review.id,
        action: 'revoked',
        before: { status: 'pending' },
        after: { status: 'revoked', reason: 'submission cancelled' },
        companyId: scope.budget.company_id,
      });
    }
    return loadBudget(trx, scope);
  });
}
