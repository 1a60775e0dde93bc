import { sql, type SqlBool } from 'kysely';
import { crews } from '../../../resources/crew.js';
import type { Executor } from '../../db/index.js';
import { listSpecFor } from '../../engine/resource-sql.js';
import { badRequest } from '../../http/errors.js';
import { parseListQuery, runList, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import { peopleOf } from './crew-view.js';

const LIST = withTextIndex(listSpecFor(crews, 'c'), 'crews', 'c');

/** Filters on a crew's assignments, beyond its own columns: the crews a person is in, or a category. */
const ASSIGNMENT_FILTERS = {
  memberId: (ids: number[]) =>
    sql<SqlBool>`exists (select 1 from crew_members cm where cm.crew_id = c.id and cm.is_leader = 0 and cm.membership_id in (${sql.join(ids)}))`,
  leaderId: (ids: number[]) =>
    sql<SqlBool>`exists (select 1 from crew_members cm where cm.crew_id = c.id and cm.is_leader = 1 and cm.membership_id in (${sql.join(ids)}))`,
  categoryId: (ids: number[]) =>
    sql<SqlBool>`exists (select 1 from crew_categories cc where cc.crew_id = c.id and cc.category_id in (${sql.join(ids)}))`,
} as const;
type AssignmentFilter = keyof typeof ASSIGNMENT_FILTERS;

function takeAssignmentFilters(raw: RawListQuery) {
  const rest: RawListQuery = { ...raw };
  const found: Array<{ filter: AssignmentFilter; ids: number[] }> = [];
  for (const filter of Object.keys(ASSIGNMENT_FILTERS) as AssignmentFilter[]) {
    const value = rest[filter];
    delete rest[filter];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 200 || values.some((v) => !/^[1-9]\d{0,9}$/.test(v))) {
      throw badRequest(`${filter}: must be ids`, [{ field: filter, message: 'must be ids' }]);
    }
    found.push({ filter, ids: values.map(Number) });
  }
  return { rest, found };
}

/** The company's crews, a page at a time, with head counts (sortable) and the people named. */
export async function listCrews(db: Executor, companyId: number, query: RawListQuery) {
  const { rest, found } = takeAssignmentFilters(query);
  const list = parseListQuery(LIST, rest);
  // Counts are columns of a derived table, so they filter and sort like any other column.
  const counted = db
    .selectFrom('crews as k')
    .select(['k.id', 'k.company_id', 'k.name', 'k.created_at', 'k.updated_at'])
    .select((eb) => [
      eb
        .selectFrom('crew_members as cm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cm.crew_id', '=', 'k.id')
        .where('cm.is_leader', '=', 0)
        .as('member_count'),
      eb
        .selectFrom('crew_members as cm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cm.crew_id', '=', 'k.id')
        .where('cm.is_leader', '=', 1)
        .as('leader_count'),
    ])
    .where('k.company_id', '=', companyId);
  let base = db.selectFrom(counted.as('c')).selectAll('c');
  for (const { filter, ids } of found) base = base.where(ASSIGNMENT_FILTERS[filter](ids));
  const page = await runList(base, list);
  const people = await peopleOf(db, page.rows.map((r) => r.id));
  return {
    total: page.total,
    rows: page.rows.map((r) => {
      const { members, leaders } = people.get(r.id)!;
      return {
        id: r.id,
        companyId: r.company_id,
        name: r.name,
        memberCount: Number(r.member_count ?? 0),
        leaderCount: Number(r.leader_count ?? 0),
        members: members.map(({ id, name }) => ({ id, name })),
        leaders: leaders.map(({ id, name }) => ({ id, name })),
        memberNames: members.map((p) => p.name).join(', '),
        leaderNames: leaders.map((p) => p.name).join(', '),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    }),
  };
}
