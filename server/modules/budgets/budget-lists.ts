import type { Budget, BudgetItem } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { relationOf, visibleToCompany, type ProjectRow } from '../projects/project-access.js';
import { opensPlans } from '../plan-takeoff/item-drawings.js';
import { activeViewer, managedAmong } from '../projects/project-view.js';
import { BUDGET_ITEM_FIELDS, BUDGET_ITEM_LIST, budgetItemRows, budgetItemViews } from './budget-item-view.js';
import type { BudgetParams } from './budget-params.js';
import { budgetScope } from './budget-scope.js';
import { budgetRows, budgetView } from './budget-view.js';

type Page<T> = { rows: T[]; total: number };

const BUDGET_LIST: ListSpec = {
  fields: {
    id: { column: 'b.id', type: 'number', filter: true, sort: true },
    projectId: { column: 'b.project_id', type: 'number', filter: true, sort: true },
    companyId: { column: 'b.company_id', type: 'number', filter: true, sort: true },
    status: { column: 'b.status', type: 'text', filter: true, sort: true },
    singlePart: { column: 'b.single_part', type: 'boolean', filter: true },
    projectName: { column: 'p.project_name', type: 'text', filter: true, sort: true },
    projectCode: { column: 'p.code', type: 'text', filter: true, sort: true },
    submittedAt: { column: 'b.submitted_at', type: 'date', filter: true, sort: true, nullable: true },
    approvedAt: { column: 'b.approved_at', type: 'date', filter: true, sort: true, nullable: true },
    createdAt: { column: 'b.created_at', type: 'date', filter: true, sort: true },
    updatedAt: { column: 'b.updated_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'b.id',
};

/** GET /budgets: the budgets of every project the active company may see, newest first; canManage read for the page at once. */
export async function listBudgets(services: Services, actor: Actor, query: RawListQuery): Promise<Page<Budget>> {
  const list = parseListQuery(BUDGET_LIST, query);
  const viewer = activeViewer(actor);
  const base = budgetRows(services.db, { userId: viewer.userId, companyId: viewer.companyId }).where(visibleToCompany('p', viewer.companyId));
  const page = await runList(base, list);
  const managed = await managedAmong(
    services.db,
    viewer,
    page.rows.filter((r) => r.company_id === viewer.companyId).map((r) => r.project_id),
  );
  return { total: page.total, rows: page.rows.map((r) => budgetView(r, r.company_id === viewer.companyId && managed.has(r.project_id))) };
}

const ALL_ITEMS_LIST: ListSpec = {
  ...BUDGET_ITEM_LIST,
  fields: {
    ...BUDGET_ITEM_FIELDS,
    budgetId: { column: 'bi.budget_id', type: 'number', filter: true, sort: true },
    projectId: { column: 'b.project_id', type: 'number', filter: true, sort: true },
  },
};

const NARROW = 'Give budgetId or projectId: the items of one budget at a time';

/** GET /budgetItems?budgetId= (or projectId=): the items of budgets of projects the active company may see. */
export async function listAllBudgetItems(services: Services, actor: Actor, query: RawListQuery): Promise<Page<BudgetItem>> {
  const list = parseListQuery(ALL_ITEMS_LIST, query);
  if (query.budgetId === undefined && query.projectId === undefined) throw badRequest(NARROW, [{ field: 'budgetId', message: NARROW }]);
  const companyId = actor.membership!.companyId;
  const base = budgetItemRows(services.db)
    .innerJoin('budgets as b', 'b.id', 'bi.budget_id')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .where(visibleToCompany('p', companyId));
  const page = await runList(base, list);
  return { total: page.total, rows: await budgetItemViews(services.db, page.rows, opensPlans(actor)) };
}

/** GET …/items/company: a page of the budget's items; every company related to the project reads them. */
export async function listBudgetItems(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery): Promise<Page<BudgetItem>> {
  const list = parseListQuery(BUDGET_ITEM_LIST, query);
  const { budget } = await budgetScope(services.db, actor, params);
  const lean = services.db.selectFrom('budget_items as bi').select('bi.id').where('bi.budget_id', '=', budget.id);
  const page = await runList(budgetItemRows(services.db).where('bi.budget_id', '=', budget.id), list, { base: lean, aliases: ['bi'] });
  return { total: page.total, rows: await budgetItemViews(services.db, page.rows, opensPlans(actor)) };
}

/**
 * GET …/items/parent: a sub-project's view of the parent project's budget items, read-only; a
 * top-level project has none. They are the parent's prices: shown to the two sides of the
 * sub-project (its owner and the parent's owner) and to companies related to the parent project,
 * not to a company that only works on the sub-project as a crew company (403).
 */
export async function listParentItems(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery): Promise<Page<BudgetItem>> {
  const list = parseListQuery(BUDGET_ITEM_LIST, query);
  const db = services.db;
  const { access } = await budgetScope(db, actor, params);
  const parentId = access.project.parent_id;
  if (parentId === null) return { rows: [], total: 0 };
  const parent = (await db.selectFrom('projects').selectAll().where('id', '=', parentId).executeTakeFirstOrThrow()) as ProjectRow;
  if (access.relation === 'subcontractor' && !(await relationOf(db, parent, access.companyId))) throw forbidden("The parent project's budget is not shown to crew companies of a sub-project");
  const parentBudget = await db.selectFrom('budgets').select('id').where('project_id', '=', parentId).executeTakeFirst();
  if (!parentBudget) return { rows: [], total: 0 };
  const lean = db.selectFrom('budget_items as bi').select('bi.id').where('bi.budget_id', '=', parentBudget.id);
  const page = await runList(budgetItemRows(db).where('bi.budget_id', '=', parentBudget.id), list, { base: lean, aliases: ['bi'] });
  return { total: page.total, rows: await budgetItemViews(db, page.rows, opensPlans(actor)) };
}
