import type { CrewCategoryOption, CrewPersonOption } from '../../../resources/crew.js';
import type { Executor } from '../../db/index.js';

/** Memberships that can be put in a crew: the company's own, accepted or still invited. */
export const ASSIGNABLE_STATUSES = ['accepted', 'invited'] as const;

export function assignablePeople(db: Executor, companyId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.name', 'm.email', 'm.status', 'r.name as role_name'])
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', 'in', [...ASSIGNABLE_STATUSES]);
}

export function companyCategories(db: Executor, companyId: number) {
  return db.selectFrom('item_categories as ic').select(['ic.id', 'ic.name', 'ic.color', 'ic.parent_id']).where('ic.company_id', '=', companyId);
}

export const personOption = (r: { id: number; name: string; email: string; status: string; role_name: string }): CrewPersonOption => ({
  id: r.id,
  name: r.name,
  email: r.email,
  status: r.status as CrewPersonOption['status'],
  roleName: r.role_name,
});

export const categoryOption = (r: { id: number; name: string; color: string | null; parent_id: number | null }): CrewCategoryOption => ({
  id: r.id,
  name: r.name,
  color: r.color,
  parentId: r.parent_id,
});
