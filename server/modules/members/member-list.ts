import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { memberRows, memberViews, withAttached } from './member-view.js';

export const MEMBER_FIELDS: ListSpec = {
  fields: {
    id: { column: 'm.id', type: 'number', filter: true, sort: true },
    // Migration 0027's memberships_list_name_nocase_idx.
    name: { column: 'm.name', type: 'text', filter: true, sort: true, prefixIndex: true },
    email: { column: 'm.email', type: 'text', filter: true, sort: true },
    phone: { column: 'm.phone', type: 'text', filter: true, sort: true, nullable: true },
    country: { column: 'm.country', type: 'text', filter: true, sort: true, nullable: true },
    state: { column: 'm.state', type: 'text', filter: true, sort: true, nullable: true },
    status: { column: 'm.status', type: 'text', filter: true, sort: true },
    roleId: { column: 'm.role_id', type: 'number', filter: true, sort: true },
    role: { column: 'r.name', type: 'text', filter: true, sort: true },
    userId: { column: 'm.user_id', type: 'number', filter: true, nullable: true },
    createdAt: { column: 'm.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: 'm.id',
};
const MEMBER_LIST = withTextIndex(MEMBER_FIELDS, 'memberships', 'm');

/** How many members the company has, as the triggers of migration 0011 keep it: no count over 100,000 rows per page. */
async function memberTotal(db: Executor, companyId: number): Promise<number> {
  const row = await db.selectFrom('list_totals').select('n').where('list', '=', 'members').where('scope_id', '=', companyId).executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * The list's queries before the company and the conditions, composed once per database (builders are
 * immutable): composing the select list and its JSON subquery on every request was a tenth of a
 * PostgreSQL grid page's CPU (issue 19).
 */
function composedOnce<T>(make: (db: Executor) => T) {
  const made = new WeakMap<Executor, T>();
  return (db: Executor) => {
    let query = made.get(db);
    if (!query) made.set(db, (query = make(db)));
    return query;
  };
}
const rowsOf = composedOnce(memberRows);
const rowsWithAttachedOf = composedOnce((db) => withAttached(memberRows(db), db));
const countedOf = composedOnce((db) => db.selectFrom('memberships as m').selectAll('m').where('m.type', '=', 'company'));

/** The company's members, invited and declined ones included, with their role, crews and categories. */
export async function listMembers(services: Services, company: CompanyMembership, query: RawListQuery) {
  const list = parseListQuery(MEMBER_LIST, query);
  const db = services.db;
  const lean = {
    base: countedOf(db).where('m.company_id', '=', company.companyId),
    aliases: ['m'],
    unfilteredTotal: () => memberTotal(db, company.companyId),
  };
  const page =
    currentDialect() === 'postgres'
      ? await runList(rowsWithAttachedOf(db).where('m.company_id', '=', company.companyId), list, lean)
      : await runList(rowsOf(db).where('m.company_id', '=', company.companyId), list, lean);
  return { rows: await memberViews(db, page.rows), total: page.total };
}
