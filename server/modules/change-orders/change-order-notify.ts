import type { ChangeOrder } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import { deciderCompanyId, type BudgetScope } from './change-order-scope.js';

const WHAT: Record<'send' | 'accept' | 'reject', string> = {
  send: 'is waiting for your decision',
  accept: 'was accepted',
  reject: 'was sent back',
};

/**
 * Tells the other side of a change order (topic budget--budget-item): once sent, the people with
 * projects permissions of the company that decides; once accepted or sent back, those of the company
 * that runs the project. Never the actor, never anyone else.
 */
export async function notifyChangeOrder(services: NotifyServices, db: Executor, scope: BudgetScope, co: ChangeOrder, event: 'send' | 'accept' | 'reject') {
  const { project } = scope.access;
  const companyId = event === 'send' ? deciderCompanyId(scope, co.requestFromParent) : project.company_id;
  const recipients = await membersWithPermission(db, [companyId], 'projects');
  const message = event === 'reject' && co.message ? `: ${co.message}` : '';
  await notifyMembers(services, db, recipients, scope.access.userId, {
    type: 'budget--budget-item',
    description: `Change order #${co.number} on ${co.itemName} (${project.code}) ${WHAT[event]}${message}`,
    entityId: co.budgetItemId,
    options: { projectId: project.id, eventId: co.id },
  });
}
