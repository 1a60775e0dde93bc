import type { Executor } from '../../db/index.js';
import type { ChangeOrdersTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { projectAccess, type ProjectAccess, type ProjectRow } from '../projects/project-access.js';
import type { BudgetParams, ChangeOrderParams } from './change-order-params.js';

export type ChangeOrderRow = Omit<ChangeOrdersTable, 'id'> & { id: number };

export interface BudgetScope {
  access: ProjectAccess;
  budget: BudgetOfScope;
  /** The owner company of the parent project, when the project has one. */
  parentOwnerId: number | null;
}

export type BudgetOfScope = { id: number; project_id: number; company_id: number; status: string };

/**
 * What a decision acts in: the project, its budget, its parent's owner, and who acts for the trail (a
 * person signed in, or nobody through a link: the issuer's trail without a user).
 */
export interface DecisionScope {
  project: ProjectRow;
  budget: BudgetOfScope;
  parentOwnerId: number | null;
  actor: { userId: number | null; companyId: number };
}

/** A signed-in caller's scope as a decision's: the trail is the caller's, in the company they act in. */
export const decisionScopeOf = (scope: BudgetScope): DecisionScope => ({
  project: scope.access.project,
  budget: scope.budget,
  parentOwnerId: scope.parentOwnerId,
  actor: { userId: scope.access.userId, companyId: scope.access.companyId },
});

/**
 * The company that accepts or sends back a change order: the parent project's owner when it is asked
 * of the parent, else the project's client company, else (a project of the company's own, with
 * neither) the owner company itself. A change order asked of a parent the project no longer has goes
 * the ordinary way.
 */
export function deciderCompanyId(project: Pick<ProjectRow, 'client_id' | 'company_id'>, parentOwnerId: number | null, requestFromParent: boolean | number): number {
  if (requestFromParent && parentOwnerId !== null) return parentOwnerId;
  return project.client_id ?? project.company_id;
}

/** Whether the caller decides change orders asked the given way: a projects:manage person of the deciding company. */
export function mayDecide(scope: Pick<BudgetScope, 'access' | 'parentOwnerId'>, requestFromParent: boolean | number): boolean {
  const { access } = scope;
  if (access.companyId !== deciderCompanyId(access.project, scope.parentOwnerId, requestFromParent)) return false;
  return access.relation === 'owner' ? access.canManage : access.canReview;
}

async function parentOwnerOf(db: Executor, project: ProjectRow): Promise<number | null> {
  if (project.parent_id === null) return null;
  const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
  return parent?.company_id ?? null;
}

/**
 * The caller's view of a project's budget: 404 when the project is not theirs to see or the budget is
 * not this project's. Every change-order call starts here, in its guard and again in its transaction.
 */
export async function budgetScope(db: Executor, actor: Actor, params: BudgetParams): Promise<BudgetScope> {
  const access = await projectAccess(db, actor, params.id, 'view');
  const budget = await db
    .selectFrom('budgets')
    .select(['id', 'project_id', 'company_id', 'status'])
    .where('id', '=', params.budgetId)
    .where('project_id', '=', params.id)
    .executeTakeFirst();
  if (!budget) throw notFound('Budget');
  return { access, budget, parentOwnerId: await parentOwnerOf(db, access.project) };
}

/** A change order of this budget, or 404. */
export async function changeOrderOf(db: Executor, budgetId: number, changeOrderId: number): Promise<ChangeOrderRow> {
  const row = await db.selectFrom('change_orders').selectAll().where('id', '=', changeOrderId).where('budget_id', '=', budgetId).executeTakeFirst();
  if (!row) throw notFound('Change order');
  return row as ChangeOrderRow;
}

/** The owner's side (create, edit, send, delete): projects:manage in the company that runs the project, else 403. */
export async function managedBudget(db: Executor, actor: Actor, params: BudgetParams): Promise<BudgetScope> {
  const scope = await budgetScope(db, actor, params);
  if (!scope.access.canManage) throw forbidden();
  return scope;
}

/** A change order the caller's company manages (404 unseen, 403 not theirs to change). */
export async function managedChangeOrder(db: Executor, actor: Actor, params: ChangeOrderParams) {
  const scope = await budgetScope(db, actor, params);
  const changeOrder = await changeOrderOf(db, scope.budget.id, params.changeOrderId);
  if (!scope.access.canManage) throw forbidden();
  return { scope, changeOrder };
}

/** A change order the caller's company decides (404 unseen, 403 when another company, or nobody of theirs with projects:manage, decides). */
export async function decidableChangeOrder(db: Executor, actor: Actor, params: ChangeOrderParams) {
  const scope = await budgetScope(db, actor, params);
  const changeOrder = await changeOrderOf(db, scope.budget.id, params.changeOrderId);
  if (!mayDecide(scope, changeOrder.request_from_parent)) throw forbidden('Only the company this change order is asked of may accept or send it back');
  return { scope, changeOrder };
}
