import type { ChangeOrder } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import { deciderCompanyId, type DecisionScope } from './change-order-scope.js';

const WHAT: Record<'send' | 'accept' | 'reject', string> = {
  send: 'is waiting for your decision',
  accept: 'was accepted',
  reject: 'was sent back',
};

/**
 * Tells the other side of a change order (topic budget--budget-item): once sent, the people with
 * projects permissions of the company that decides; once accepted or sent back (signed in, through
 * the link, or recorded), those of the company that runs the project. Never the actor, never anyone else.
 */
export async function notifyChangeOrder(
  services: NotifyServices,
  db: Executor,
  scope: Pick<DecisionScope, 'project' | 'parentOwnerId' | 'actor'>,
  co: Pick<ChangeOrder, 'id' | 'number' | 'itemName' | 'budgetItemId' | 'requestFromParent' | 'message'>,
  event: 'send' | 'accept' | 'reject',
  by?: string,
) {
  const { project } = scope;
  const companyId = event === 'send' ? deciderCompanyId(project, scope.parentOwnerId, co.requestFromParent) : project.company_id;
  const recipients = await membersWithPermission(db, [companyId], 'projects');
  const message = event === 'reject' && co.message ? `: ${co.message}` : '';
  await notifyMembers(services, db, recipients, scope.actor.userId, {
    type: 'budget--budget-item',
    description: `Change order #${co.number} on ${co.itemName} (${project.code}) ${WHAT[event]}${by ? ` by ${by}` : ''}${message}`,
    entityId: co.budgetItemId,
    options: { projectId: project.id, eventId: co.id },
  });
}
