import type { CompanyMembership } from '../../http/company-access.js';
import { visibleChanges, type Changes } from '../../lib/activity-visibility.js';
import { parseJson } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';

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

/** The company's audit trail, newest first; each event shows the reader only what they may see of its entity. */
export async function companyActivity(services: Services, company: CompanyMembership, query: RawListQuery) {
  const list = parseListQuery(ACTIVITY_LIST, query);
  const base = services.db
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.id', 'a.entity_type', 'a.entity_id', 'a.action', 'a.changes', 'a.created_at', 'a.actor_user_id', 'u.name as actor_name', 'a.via_token'])
    .where('a.company_id', '=', company.companyId);
  const page = await runList(base, list);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      entityType: r.entity_type,
      entityId: r.entity_id,
      action: r.action,
      ...visibleChanges(company.profile, r.entity_type, parseJson<Changes>(r.changes, {})),
      createdAt: r.created_at,
      actor: r.actor_user_id === null ? null : { id: r.actor_user_id, name: r.actor_name },
      via: r.via_token,
    })),
  };
}
