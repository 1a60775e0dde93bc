import { BUDGET_EDITABLE, BUDGET_MESSAGES, type BudgetStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { BudgetsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { projectAccess, type ProjectAccess, type ProjectRow } from '../projects/project-access.js';
import type { BudgetParams } from './budget-params.js';

export type BudgetRow = Omit<BudgetsTable, 'id'> & { id: number };

export interface BudgetScope {
  access: ProjectAccess;
  budget: BudgetRow;
}

/**
 * The caller's view of a project's budget: 404 unless the active company is related to the project,
 * and 404 for a budget id that is not this project's budget. Every budget call starts here, in its
 * route guard and again inside its transaction.
 */
export async function budgetScope(db: Executor, actor: Actor, params: BudgetParams): Promise<BudgetScope> {
  const access = await projectAccess(db, actor, params.id, 'view');
  const budget = (await db.selectFrom('budgets').selectAll().where('id', '=', params.budgetId).where('project_id', '=', params.id).executeTakeFirst()) as BudgetRow | undefined;
  if (!budget) throw notFound('Budget');
  return { access, budget };
}

/** The same for a caller who knows only the project: its one budget. */
export async function projectBudgetScope(db: Executor, actor: Actor, projectId: number): Promise<BudgetScope> {
  const access = await projectAccess(db, actor, projectId, 'view');
  const budget = (await db.selectFrom('budgets').selectAll().where('project_id', '=', projectId).executeTakeFirst()) as BudgetRow | undefined;
  if (!budget) throw notFound('Budget');
  return { access, budget };
}

/** Changing items and submitting are the owner's: projects:manage in the company that runs the project, else 403. */
export async function managedBudget(db: Executor, actor: Actor, params: BudgetParams): Promise<BudgetScope> {
  const scope = await budgetScope(db, actor, params);
  if (!scope.access.canManage) throw forbidden();
  return scope;
}

/**
 * Takes the budget row for the rest of the transaction (a row lock on PostgreSQL; SQLite has one
 * writer), the same lock the reviews take, so an item change and a submission or review of the same
 * budget run one after the other and each sees the status the other left. Answers the row as it stands.
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

/** Items change only in draft or rejected; in review or approved it is a 409 (an approved budget changes through change orders). */
export function assertEditable(budget: Pick<BudgetRow, 'status'>) {
  if (!BUDGET_EDITABLE.includes(budget.status as BudgetStatus)) throw conflict(BUDGET_MESSAGES.notEditable, 'BUDGET_NOT_EDITABLE');
}

/** The companies on the reviewing side of a project: its client company and, for a sub-project, the parent project's owner. */
export async function clientCompanies(db: Executor, project: ProjectRow): Promise<number[]> {
  const ids = new Set<number>();
  if (project.client_id !== null) ids.add(project.client_id);
  if (project.parent_id !== null) {
    const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
    if (parent) ids.add(parent.company_id);
  }
  ids.delete(project.company_id);
  return [...ids];
}
