import type { CompanyMembership } from '../../http/company-access.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';

const BY_NAME = (alias: string): ListSpec => ({
  fields: {
    id: { column: `${alias}.id`, type: 'number', filter: true, sort: true },
    name: { column: `${alias}.name`, type: 'text', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: `${alias}.id`,
});
const CREWS = withTextIndex(BY_NAME('c'), 'crews', 'c');
const PEOPLE = withTextIndex(
  { ...BY_NAME('m'), fields: { ...BY_NAME('m').fields, email: { column: 'm.email', type: 'text', filter: true, sort: true } } },
  'memberships',
  'm',
);

/**
 * The crews and item categories the member dialogs offer. Lists of their own under memberships:manage,
 * since the crews and catalog lists need crews:manage and item-categories:view, which a member
 * manager need not hold.
 */
export async function crewOptions(services: Services, company: CompanyMembership, query: RawListQuery) {
  const base = services.db.selectFrom('crews as c').select(['c.id', 'c.name']).where('c.company_id', '=', company.companyId);
  return runList(base, parseListQuery(CREWS, query));
}

export async function categoryOptions(services: Services, company: CompanyMembership, query: RawListQuery) {
  const base = services.db
    .selectFrom('item_categories as ic')
    .select(['ic.id', 'ic.name', 'ic.color', 'ic.parent_id as parentId'])
    .where('ic.company_id', '=', company.companyId);
  return runList(base, parseListQuery(BY_NAME('ic'), query));
}

/** Live memberships (declined invitations left out), for the new crew's members. */
export async function peopleOptions(services: Services, company: CompanyMembership, query: RawListQuery) {
  const base = services.db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.name', 'm.email', 'm.status', 'r.name as role'])
    .where('m.company_id', '=', company.companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '<>', 'declined');
  return runList(base, parseListQuery(PEOPLE, query));
}
