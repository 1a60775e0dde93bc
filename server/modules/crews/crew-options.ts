import type { Executor } from '../../db/index.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import { assignablePeople, categoryOption, companyCategories, personOption } from './crew-people.js';

const PEOPLE_FIELDS: ListSpec = {
  fields: {
    id: { column: 'm.id', type: 'number', filter: true, sort: true },
    name: { column: 'm.name', type: 'text', filter: true, sort: true },
    email: { column: 'm.email', type: 'text', filter: true, sort: true },
    status: { column: 'm.status', type: 'text', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: 'm.id',
};
const PEOPLE = withTextIndex(PEOPLE_FIELDS, 'memberships', 'm');

const CATEGORIES: ListSpec = {
  fields: {
    id: { column: 'ic.id', type: 'number', filter: true, sort: true },
    name: { column: 'ic.name', type: 'text', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: 'ic.id',
};

/**
 * The people a crew manager may put in a crew. Its own list rather than the members list, which
 * needs memberships:manage: supervisors manage crews without managing memberships.
 */
export async function personOptions(db: Executor, companyId: number, query: RawListQuery) {
  const page = await runList(assignablePeople(db, companyId), parseListQuery(PEOPLE, query));
  return { total: page.total, rows: page.rows.map(personOption) };
}

/** The company's item categories, for the crew form (the catalog list needs item-categories:view). */
export async function categoryOptions(db: Executor, companyId: number, query: RawListQuery) {
  const page = await runList(companyCategories(db, companyId), parseListQuery(CATEGORIES, query));
  return { total: page.total, rows: page.rows.map(categoryOption) };
}
