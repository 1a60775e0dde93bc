import { BUDGET_TRANSITIONS, type BudgetEvent, type BudgetStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';

const EVENT_WORDS: Record<BudgetEvent, string> = {
  submit: 'submitted',
  cancel: 'have its submission cancelled',
  approve: 'approved',
  reject: 'rejected',
};

/**
 * The budget's one state machine (resources/budget.ts BUDGET_TRANSITIONS): moves the budget for
 * `event` inside the caller's transaction, or answers 409 and changes nothing. The update is
 * conditional on the status read, so two concurrent moves cannot both pass.
 */
export async function moveBudget(
  db: Executor,
  actor: AuditActor,
  budgetId: number,
  event: BudgetEvent,
  extra: { single_part?: number; retainage_e3?: number; profitability_e3?: number; submitted_by?: number | null } = {},
): Promise<BudgetStatus> {
  const budget = await db.selectFrom('budgets').select(['status', 'project_id', 'company_id']).where('id', '=', budgetId).executeTakeFirst();
  if (!budget) throw notFound('Budget');
  const from = budget.status as BudgetStatus;
  const rule = BUDGET_TRANSITIONS[event];
  if (!rule.from.includes(from)) throw conflict(`A budget that is ${from} cannot be ${EVENT_WORDS[event]}`, 'ILLEGAL_TRANSITION');
  const now = nowIso();
  const stamps =
    event === 'submit' ? { submitted_at: now, approved_at: null } : event === 'approve' ? { approved_at: now } : event === 'cancel' ? { submitted_at: null } : {};
  const result = await db
    .updateTable('budgets')
    .set({ status: rule.to, updated_at: now, ...stamps, ...extra })
    .where('id', '=', budgetId)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('The budget changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
  await recordAudit(db, { ...actor, companyId: actor.companyId }, {
    entityType: 'budget',
    entityId: budgetId,
    action: event === 'cancel' ? 'submission cancelled' : rule.to,
    before: { status: from },
    after: { status: rule.to, ...extra },
    companyId: budget.company_id,
  });
  return rule.to;
}
