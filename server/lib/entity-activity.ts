import { parseJson } from './json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from './list-query.js';
import type { Executor } from '../db/index.js';

const ACTIVITY_LIST: ListSpec = {
  fields: {
    action: { column: 'a.action', type: 'text', filter: true },
    createdAt: { column: 'a.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'a.id',
};

/**
 * One record's audit events (everything that happened to it is recorded on it), newest first, from
 * audit_entity_idx, in the shape src/components/ActivityList.tsx reads. The caller has already
 * checked that the reader sees the record.
 */
export async function entityActivity(db: Executor, entityType: string, entityId: number, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  const events = db.selectFrom('audit_events as a').where('a.entity_type', '=', entityType).where('a.entity_id', '=', String(entityId));
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
