import type { Executor } from '../../db/index.js';
import { queueWebhookEvent } from '../../lib/webhooks/deliveries.js';
import type { Services } from '../../services.js';
import { deciderCompanyId, type DecisionScope } from './change-order-scope.js';
import { changeOrderRows, changeOrderViews, type ChangeOrderBase } from './change-order-view.js';

/**
 * A change order accepted or sent back (signed in, through the link, or recorded), for the webhooks of
 * the company running the project and of the company that decided it: the change order as the
 * budget's change-order list answers it, its decision included, without a viewer's canDecide and moves.
 * Queued after the decision is kept.
 */
export async function queueChangeOrderWebhook(services: Services, db: Executor, ds: Pick<DecisionScope, 'project' | 'parentOwnerId' | 'budget'>, co: ChangeOrderBase, event: 'change_order.accepted' | 'change_order.rejected') {
  await queueWebhookEvent(services, db, {
    event,
    companyIds: [ds.project.company_id, deciderCompanyId(ds.project, ds.parentOwnerId, co.requestFromParent)],
    ids: { changeOrderId: co.id, budgetItemId: co.budgetItemId, budgetId: ds.budget.id, projectId: ds.project.id },
    data: async () => {
      const row = await changeOrderRows(db).where('co.id', '=', co.id).executeTakeFirstOrThrow();
      return (await changeOrderViews(services, db, { project: ds.project, parentOwnerId: ds.parentOwnerId }, [row]))[0];
    },
  });
}
