import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';

const SUB_COMPANY_LIST: ListSpec = {
  fields: {
    name: { column: 'c.name', type: 'text', filter: true, sort: true },
    city: { column: 'c.city', type: 'text', filter: true, sort: true, nullable: true },
    state: { column: 'c.state', type: 'text', filter: true, sort: true, nullable: true },
    createdAt: { column: 'c.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: 'c.id',
};

/**
 * The live sub-companies of a company, for any of its members: deleting a company waits for them,
 * so its members must see them all, not only those they also belong to. Only a summary is shown;
 * `role` is the caller's role in the sub-company, null where they are not a member (its page is then
 * a 404 for them).
 */
export async function listSubCompanies(services: Services, actor: Actor, company: CompanyMembership, query: RawListQuery) {
  const list = parseListQuery(SUB_COMPANY_LIST, query);
  const base = services.db
    .selectFrom('companies as c')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.company_id', '=', 'c.id').on('m.user_id', '=', actor.user.id).on('m.type', '=', 'company').on('m.status', '=', 'accepted'),
    )
    .leftJoin('roles as r', 'r.id', 'm.role_id')
    .select(['c.id', 'c.name', 'c.city', 'c.state', 'c.country', 'c.logo_url', 'c.parent_id', 'c.created_at', 'r.name as role'])
    .where('c.parent_id', '=', company.companyId)
    .where('c.deleted_at', 'is', null);
  const page = await runList(base, list);
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      city: r.city,
      state: r.state,
      country: r.country,
      logoUrl: r.logo_url,
      parentId: r.parent_id,
      createdAt: r.created_at,
      role: r.role ?? null,
    })),
  };
}
