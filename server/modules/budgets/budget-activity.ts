import { sql } from 'kysely';
import type { Actor } from '../../http/actor.js';
import { parseJson } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import type { BudgetParams } from './budget-params.js';
import { budgetScope } from './budget-scope.js';

const ACTIVITY_LIST: ListSpec = {
  fields: {
    entityType: { column: 'a.entity_type', type: 'text', filter: true },
    entityId: { column: 'a.entity_id', type: 'text', filter: true },
    action: { column: 'a.action', type: 'text', filter: true },
    createdAt: { column: 'a.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'a.id',
};

/**
 * GET …/activity: the audit events of the budget, its items, its reviews and its change orders,
 * newest first, in the shape of the company activity (src/components/ActivityList.tsx shows both).
 * Item, review and change-order events are recorded under their own ids and found through the rows
 * the budget has; an item's deletion is recorded on the budget itself. Every company related to the
 * project reads it whole: it holds nothing they cannot already read in the budget.
 */
export async function budgetActivity(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  const { budget } = await budgetScope(services.db, actor, params);
  const of = (table: 'budget_items' | 'budget_reviews' | 'change_orders') => sql`(select cast(x.id as text) from ${sql.table(table)} x where x.budget_id = ${budget.id})`;
  const base = services.db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.entity_type', 'a.entity_id', 'a.action', 'a.changes', 'a.created_at', 'a.actor_user_id', 'u.name as actor_name'])
    .where(
      sql<boolean>`((a.entity_type = 'budget' and a.entity_id = ${String(budget.id)})
        or (a.entity_type = 'budget_item' and a.entity_id in ${of('budget_items')})
        or (a.entity_type = 'budget_review' and a.entity_id in ${of('budget_reviews')})
        or (a.entity_type = 'change_order' and a.entity_id in ${of('change_orders')}))`,
    );
  const page = await runList(base, list);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      changes: parseJson<Record<string, { from: unknown; to: unknown }>>(r.changes, {}),
      hidden: false,
      createdAt: r.created_at,
      actor: r.actor_user_id === null ? null : { id: r.actor_user_id, name: r.actor_name },
    })),
  };
}
