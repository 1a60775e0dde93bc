import { sql, type SqlBool } from 'kysely';
import { centsToMoney } from '../../../resources/money.js';
import type { ProjectItemCategory } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { projectAccess, visibleToCompany } from './project-access.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';

/** Which budgets the categories are read from (docs/decisions.md "Projects": our reading of the spec's three paths). */
export type CategoryScope = { kind: 'all' } | { kind: 'skip' } | { kind: 'subProject'; subProjectId: number };

/**
 * GET /projects/{id}/item-categories/{companyId}/all | /skip | /{subProjectId}: the categories of the
 * items in the chosen budgets (this project's and its sub-projects' the active company may see; this
 * project's only; one sub-project's), limited to items of one company (0: any), with their budget
 * item count and planned amount summed by the database.
 */
export async function projectItemCategories(db: Executor, actor: Actor, id: number, companyId: number, scope: CategoryScope): Promise<ProjectItemCategory[]> {
  const access = await projectAccess(db, actor, id, 'view');
  const visible = visibleToCompany('sp', access.companyId);
  let projects: ReturnType<typeof sql<SqlBool>>;
  if (scope.kind === 'skip') projects = sql<SqlBool>`b.project_id = ${id}`;
  else if (scope.kind === 'all') {
    projects = sql<SqlBool>`(b.project_id = ${id} or b.project_id in (select sp.id from projects sp where sp.parent_id = ${id} and ${visible}))`;
  } else {
    const sub = await db
      .selectFrom('projects as sp')
      .select('sp.id')
      .where('sp.id', '=', scope.subProjectId)
      .where('sp.parent_id', '=', id)
      .where(visible)
      .executeTakeFirst();
    if (!sub) throw notFound('Sub-project');
    projects = sql<SqlBool>`b.project_id = ${sub.id}`;
  }
  let q = db
    .selectFrom('budget_items as bi')
    .innerJoin('budgets as b', 'b.id', 'bi.budget_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .leftJoin('item_categories as ic', 'ic.id', 'i.category_id')
    .select((eb) => [
      'ic.id',
      'ic.name',
      'ic.color',
      'ic.parent_id',
      eb.fn.countAll<number>().as('item_count'),
      sumProduct('bi.quantity', 'bi.price_cents').as('planned'),
    ])
    .where(projects);
  if (companyId) q = q.where('i.company_id', '=', companyId);
  const rows = await q
    .groupBy(['ic.id', 'ic.name', 'ic.color', 'ic.parent_id'])
    .orderBy(sql`case when ic.id is null then 1 else 0 end`)
    .orderBy('ic.name')
    .orderBy('ic.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    parentId: r.parent_id,
    itemCount: Number(r.item_count),
    plannedAmount: centsToMoney(readSum(r.planned)),
  }));
}
