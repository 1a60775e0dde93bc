import { parseJson } from './json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from './list-query.js';
import type { Executor } from '../db/index.js';

const ACTIVITY_FIELDS: ListSpec['fields'] = {
  action: { column: 'a.action', type: 'text', filter: true },
  createdAt: { column: 'a.created_at', type: 'date', filter: true, sort: true },
};

const ACTIVITY_LIST: ListSpec = {
  fields: ACTIVITY_FIELDS,
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'a.id',
};

/** A trail of several kinds of record also filters by which record an event is on. */
const BUDGET_ACTIVITY_LIST: ListSpec = {
  ...ACTIVITY_LIST,
  fields: {
    entityType: { column: 'a.entity_type', type: 'text', filter: true },
    entityId: { column: 'a.entity_id', type: 'text', filter: true },
    ...ACTIVITY_FIELDS,
  },
};

type AuditEvents = ReturnType<typeof auditEvents>;

const auditEvents = (db: Executor) => db.selectFrom('audit_events as a');

/** One page of the chosen events, newest first, in the shape src/components/ActivityList.tsx reads. */
async function activityPage(events: AuditEvents, spec: ListSpec, query: RawListQuery) {
  const list = parseListQuery(spec, query);
  const base = events
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.entity_type', 'a.entity_id', 'a.action', 'a.changes', 'a.created_at', 'a.actor_user_id', 'u.name as actor_name', 'a.via_token']);
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
      via: r.via_token,
    })),
  };
}

/**
 * One record's audit events (everything that happened to it is recorded on it), newest first, from
 * audit_entity_idx. `since`: only the events from that moment on (a reader who may not see the
 * record's earlier life). The caller has already checked that the reader sees the record.
 */
export async function entityActivity(db: Executor, entityType: string, entityId: number, query: RawListQuery, options: { since?: string } = {}) {
  let events = auditEvents(db).where('a.entity_type', '=', entityType).where('a.entity_id', '=', String(entityId));
  if (options.since !== undefined) events = events.where('a.created_at', '>=', options.since);
  return activityPage(events, ACTIVITY_LIST, query);
}

/** When the record's first event of that action was recorded (undefined when it has none). */
export async function firstEventAt(db: Executor, entityType: string, entityId: number, action: string) {
  const first = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .where('action', '=', action)
    .executeTakeFirst();
  return first?.at ?? undefined;
}

/**
 * The audit events of a budget, its items, its reviews and its change orders, newest first (filters
 * also by entityType and entityId). Each such event carries the budget it belongs to
 * (`audit_events.budget_id`, set by the database when the event is recorded; migration 0013), so the
 * page is read newest first from audit_budget_idx and counted there, whatever the size of the trail:
 * finding the events through every item, review and change order of the budget and sorting them all
 * cost 30–100 ms at 5,000 items, and scanned the whole trail on PostgreSQL. An item's deletion is
 * recorded on the budget itself; a deleted item's or change order's own events leave the activity
 * with it. The caller has already checked that the reader sees the budget.
 */
export async function budgetActivity(db: Executor, budgetId: number, query: RawListQuery) {
  return activityPage(auditEvents(db).where('a.budget_id', '=', budgetId), BUDGET_ACTIVITY_LIST, query);
}
