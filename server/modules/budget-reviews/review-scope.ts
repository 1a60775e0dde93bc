import type { Executor } from '../../db/index.js';
import type { BudgetsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { projectAccess, type ProjectAccess } from '../projects/project-access.js';
import { reviewRow, type ReviewRow } from './review-view.js';

export type BudgetRow = Omit<BudgetsTable, 'id'> & { id: number };

export interface BudgetScope {
  access: ProjectAccess;
  budget: BudgetRow;
}

/**
 * The project (404 unless the active company is related to it) and its budget: a budget id that is
 * not this project's budget is the same 404 as one that does not exist.
 */
export async function budgetScope(db: Executor, actor: Actor, projectId: number, budgetId: number): Promise<BudgetScope> {
  const access = await projectAccess(db, actor, projectId, 'view');
  const budget = (await db.selectFrom('budgets').selectAll().where('id', '=', budgetId).where('project_id', '=', projectId).executeTakeFirst()) as BudgetRow | undefined;
  if (!budget) throw notFound('Budget');
  return { access, budget };
}

/** The same, and one review of that budget (another budget's review is a 404). */
export async function reviewScope(db: Executor, actor: Actor, projectId: number, budgetId: number, reviewId: number): Promise<BudgetScope & { review: ReviewRow }> {
  const scope = await budgetScope(db, actor, projectId, budgetId);
  const review = await reviewRow(db, budgetId, reviewId);
  if (!review) throw notFound('Review');
  return { ...scope, review };
}

/** Requesting and revoking reviews is the project owner's, with projects:manage. */
export function requireManage(access: ProjectAccess) {
  if (!access.canManage) throw forbidden();
}

/**
 * Deciding or signing is the reviewer's alone: the review's membership must be the caller's own, in
 * the company the tab acts in (the company the review was asked of). Anyone else related to the
 * project gets a 403.
 */
export async function requireReviewer(db: Executor, actor: Actor, access: ProjectAccess, review: ReviewRow) {
  const membership =
    review.membership_id === null
      ? undefined
      : await db.selectFrom('memberships').select(['user_id', 'company_id', 'status']).where('id', '=', review.membership_id).executeTakeFirst();
  if (!membership || membership.user_id !== actor.user.id || membership.company_id !== access.companyId || membership.status !== 'accepted') {
    throw forbidden('Only the person asked to review this budget may decide it, signed in to the company they were asked in');
  }
}

/**
 * Takes the budget row for the rest of the transaction (PostgreSQL locks it; SQLite runs one writer at
 * a time), so the requests and decisions of one budget run one after the other: two last approvals at
 * the same moment each see the other and the budget moves once, and no review is requested while the
 * last one decides. Answers the budget as it stands.
 */
export async function lockBudget(db: Executor, budgetId: number): Promise<BudgetRow> {
  const budget = (await db
    .updateTable('budgets')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', budgetId)
    .returningAll()
    .executeTakeFirst()) as BudgetRow | undefined;
  if (!budget) throw notFound('Budget');
  return budget;
}
