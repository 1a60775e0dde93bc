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
 * Each such event carries the budget it belongs to (`audit_events.budget_id`, set by the database
 * when the event is recorded; migration 0013), so the page is read newest first from
 * audit_budget_idx and counted there, whatever the size of the trail: finding the events through
 * every item, review and change order of the budget and sorting them all cost 30–100 ms at 5,000
 * items, and scanned the whole trail on PostgreSQL. An item's deletion is recorded on the budget
 * itself; a deleted item's or change order's own events leave the activity with it. Every company
 * related to the project reads it whole: it holds nothing they cannot already read in the budget.
 */
export async function budgetActivity(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  const { budget } = await budgetScope(services.db, actor, params);
  const events = services.db.selectFrom('audit_events as a').where('a.budget_id', '=', budget.id);
  const base = events
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.entity_type', 'a.entity_id', 'a.action', 'a.changes', 'a.created_at', 'a.actor_user_id', 'u.name as actor_name']);
  const page = await runList(base, list, { base: events.select('a.id'), aliases: ['a'] });
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
