import type { Executor } from '../../db/index.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import { clientCompanies, type BudgetScope } from './budget-scope.js';

/** The client side's people with projects permissions: the project's client company and, for a sub-project, the parent's owner. */
async function clientPeople(db: Executor, scope: BudgetScope) {
  return membersWithPermission(db, await clientCompanies(db, scope.access.project), 'projects');
}

/**
 * Tells the client side that the budget's items changed (topic budget--budget-item), once a review
 * has ever been asked of the budget: before that, nobody there has been shown it.
 */
export async function notifyItemsChanged(services: NotifyServices, db: Executor, scope: BudgetScope, what: string) {
  const reviewed = await db.selectFrom('budget_reviews').select('id').where('budget_id', '=', scope.budget.id).limit(1).executeTakeFirst();
  if (!reviewed) return;
  const { project, userId } = scope.access;
  await notifyMembers(services, db, await clientPeople(db, scope), userId, {
    type: 'budget--budget-item',
    description: `The budget of ${project.project_name} (${project.code}) changed: ${what}`,
    entityId: scope.budget.id,
    options: { projectId: project.id },
  });
}

/** Tells the client side that the budget was submitted for review (topic budget--budget-item). */
export async function notifySubmitted(services: NotifyServices, db: Executor, scope: BudgetScope, actorName: string) {
  const { project, userId } = scope.access;
  await notifyMembers(services, db, await clientPeople(db, scope), userId, {
    type: 'budget--budget-item',
    description: `${actorName} submitted the budget of ${project.project_name} (${project.code}) for review`,
    entityId: scope.budget.id,
    options: { projectId: project.id },
  });
}

/**
 * Tells the other side of a comment (topic budget--comment): a comment from the client or a
 * subcontractor goes to the owner company's projects people; the owner's goes to the client side's.
 */
export async function notifyComment(services: NotifyServices, db: Executor, scope: BudgetScope, commentId: number, authorName: string) {
  const { project, relation, userId } = scope.access;
  const recipients = relation === 'owner' ? await clientPeople(db, scope) : await membersWithPermission(db, [project.company_id], 'projects');
  await notifyMembers(services, db, recipients, userId, {
    type: 'budget--comment',
    description: `${authorName} commented on the budget of ${project.project_name} (${project.code})`,
    entityId: scope.budget.id,
    options: { projectId: project.id, eventId: commentId },
  });
}
