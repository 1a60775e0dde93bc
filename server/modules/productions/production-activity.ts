import type { Actor } from '../../http/actor.js';
import { parseJson } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { productionScope } from './production-access.js';

const ACTIVITY_LIST: ListSpec = {
  fields: {
    action: { column: 'a.action', type: 'text', filter: true },
    createdAt: { column: 'a.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'a.id',
};

/**
 * GET /production/{id}/activity: the production's audit events (its moves, reviews, items, stations,
 * traces, photos and comments are all recorded on it), newest first, from audit_entity_idx, in the
 * budget activity's shape (src/components/ActivityList.tsx). Whoever sees the production reads it.
 */
export async function productionActivity(services: Services, actor: Actor, id: number, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  await productionScope(services.db, actor, id);
  const events = services.db.selectFrom('audit_events as a').where('a.entity_type', '=', 'production').where('a.entity_id', '=', String(id));
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
