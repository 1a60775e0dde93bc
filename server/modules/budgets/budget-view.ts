import { sql } from 'kysely';
import type { Budget, BudgetStatus } from '../../../resources/budget.js';
import { centsToMoney, e3ToPercent, percentOf } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { BudgetParams } from './budget-params.js';
import { budgetScope, projectBudgetScope, type BudgetScope } from './budget-scope.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';

/** Whose answer it is: myPendingReviewId is a pending review asked of this person in this company. */
export interface BudgetReader {
  userId: number;
  companyId: number;
}

/** Budgets (`b`) with their project (`p`), item count, exact total and the reader's pending review, all in SQL. */
export function budgetRows(db: Executor, reader: BudgetReader) {
  return db
    .selectFrom('budgets as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .selectAll('b')
    .select(sql<number>`(select count(*) from budget_items ic where ic.budget_id = b.id)`.as('item_count'))
    .select(sql<string | null>`(select ${sumProduct('it.quantity', 'it.price_cents')} from budget_items it where it.budget_id = b.id)`.as('total_sum'))
    .select(
      sql<number | null>`(select min(r.id) from budget_reviews r inner join memberships rm on rm.id = r.membership_id
        where r.budget_id = b.id and r.status = 'pending' and rm.user_id = ${reader.userId} and rm.company_id = ${reader.companyId} and rm.status = 'accepted')`.as('my_review_id'),
    );
}

export type BudgetListRow = Awaited<ReturnType<ReturnType<typeof budgetRows>['executeTakeFirstOrThrow']>>;

/** One row as the Budget every call answers; retainage and profit are percents of the exact total, rounded half up to the cent. */
export function budgetView(row: BudgetListRow, canManage: boolean): Budget {
  const total = readSum(row.total_sum);
  return {
    id: row.id,
    projectId: row.project_id,
    companyId: row.company_id,
    status: row.status as BudgetStatus,
    singlePart: !!row.single_part,
    retainagePercent: e3ToPercent(row.retainage_e3),
    profitabilityPercent: e3ToPercent(row.profitability_e3),
    itemCount: Number(row.item_count),
    total: centsToMoney(total),
    retainage: centsToMoney(percentOf(total, row.retainage_e3)),
    profit: centsToMoney(percentOf(total, row.profitability_e3)),
    submittedAt: row.submitted_at,
    approvedAt: row.approved_at,
    canManage,
    myPendingReviewId: row.my_review_id === null ? null : Number(row.my_review_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The scope's budget as its reader sees it now. */
export async function loadBudget(db: Executor, scope: BudgetScope): Promise<Budget> {
  const { access } = scope;
  const row = await budgetRows(db, { userId: access.userId, companyId: access.companyId }).where('b.id', '=', scope.budget.id).executeTakeFirst();
  if (!row) throw notFound('Budget');
  return budgetView(row, access.canManage);
}

/** GET /projects/{id}/budgets/{budgetId}. */
export const getBudget = async (services: Services, actor: Actor, params: BudgetParams) => loadBudget(services.db, await budgetScope(services.db, actor, params));

/** GET /projects/{id}/budget: the project's one budget. */
export const getProjectBudget = async (services: Services, actor: Actor, projectId: number) =>
  loadBudget(services.db, await projectBudgetScope(services.db, actor, projectId));
