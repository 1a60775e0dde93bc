import type { ChangeOrder } from '../../../resources/budget.js';
import type { Services } from '../../services.js';
import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { BudgetParams } from './change-order-params.js';
import { budgetScope } from './change-order-scope.js';
import { changeOrderRows, changeOrderViews } from './change-order-view.js';

const CHANGE_ORDER_LIST: ListSpec = {
  fields: {
    number: { column: 'co.number', type: 'number', filter: true, sort: true },
    status: { column: 'co.status', type: 'text', filter: true, sort: true },
    budgetItemId: { column: 'co.budget_item_id', type: 'number', filter: true },
    requestFromParent: { column: 'co.request_from_parent', type: 'boolean', filter: true },
    itemName: { column: 'i.name', type: 'text', filter: true, sort: true },
    createdAt: { column: 'co.created_at', type: 'date', filter: true, sort: true },
    sentAt: { column: 'co.sent_at', type: 'date', filter: true, sort: true, nullable: true },
    decidedAt: { column: 'co.decided_at', type: 'date', filter: true, sort: true, nullable: true },
  },
  defaultSort: [{ field: 'number', order: 'asc' }],
  tiebreaker: 'co.id',
};

/** A page of the budget's change orders, by number unless sorted otherwise; every company related to the project reads them. */
export async function listChangeOrders(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery): Promise<{ rows: ChangeOrder[]; total: number }> {
  const list = parseListQuery(CHANGE_ORDER_LIST, query);
  const scope = await budgetScope(services.db, actor, params);
  const base = changeOrderRows(services.db).where('co.budget_id', '=', scope.budget.id);
  const lean = services.db.selectFrom('change_orders as co').select('co.id').where('co.budget_id', '=', scope.budget.id);
  const page = await runList(base, list, { base: lean, aliases: ['co'] });
  return { total: page.total, rows: await changeOrderViews(services, services.db, scope, page.rows) };
}
