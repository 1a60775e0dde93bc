import type { Actor } from '../../http/actor.js';
import { parseJson } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { invoiceScope } from './invoice-scope.js';

const ACTIVITY_LIST: ListSpec = {
  fields: {
    action: { column: 'a.action', type: 'text', filter: true },
    createdAt: { column: 'a.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'a.id',
};

/**
 * GET /invoices/{id}/activity: the invoice's audit events (entity 'invoice', read from
 * audit_entity_idx), newest first, in the shape of the budget's activity. The billed company reads
 * them from the first sending on: what happened to the draft before is the issuer's own.
 */
export async function invoiceActivity(services: Services, actor: Actor, id: number, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  const scope = await invoiceScope(services.db, actor, id);
  let events = services.db.selectFrom('audit_events as a').where('a.entity_type', '=', 'invoice').where('a.entity_id', '=', String(id));
  if (scope.side === 'billed') {
    const first = await services.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('entity_type', '=', 'invoice')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'sent')
      .executeTakeFirst();
    events = events.where('a.created_at', '>=', String(first?.at ?? scope.invoice.sent_at));
  }
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
