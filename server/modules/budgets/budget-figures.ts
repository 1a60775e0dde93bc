import { sql } from 'kysely';
import type { BudgetDetails, BudgetDistribution, BudgetSpent } from '../../../resources/budget.js';
import { centsToMoney, formatScaled, mulDivRound } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, notFound, type AppError } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { projectAccess, visibleToCompany } from '../projects/project-access.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import { todayIn } from '../../../resources/time-zone.js';
import { approvedItems, billedLines, producedOf, readCents, thousandthsToCents } from './budget-production.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';

/**
 * The budgets a figure reads and the item categories it keeps. companyId names whose budget: the
 * project's own company, or the company of one of its sub-projects, whose budgets then count too
 * (0: every company). A sub-project's budget counts only for a caller related to that sub-project.
 * categoryId keeps the items of a category and of its subcategories (0: every item).
 */
interface FigureSet {
  budgetIds: number[];
  /** Each budget's company. */
  budgetCompanies: Map<number, number>;
  /** The budgets' projects: where their production and invoices are. */
  projectIds: number[];
  categoryIds: number[] | null;
  /** The project's time zone, where its production days are. */
  timezone: string;
  /** The company that runs the project. */
  projectCompanyId: number;
}

interface Refusals {
  company: () => AppError;
  category: () => AppError;
}

const PATH_REFUSALS: Refusals = { company: () => notFound('Budget'), category: () => notFound('Category') };
const field = (name: string, message: string) => () => badRequest(`${name}: ${message}`, [{ field: name, message }]);
const BODY_REFUSALS: Refusals = {
  company: field('companyId', 'Choose the company of this project or of one of its sub-projects'),
  category: field('categoryId', 'Choose a category of these budgets'),
};

/** A category of one of the budgets' companies, with every category under it. */
async function categoryTree(db: Executor, rootId: number, companyIds: number[]): Promise<number[] | null> {
  const root = await db.selectFrom('item_categories').select('id').where('id', '=', rootId).where('company_id', 'in', companyIds).executeTakeFirst();
  if (!root) return null;
  const seen = new Set([root.id]);
  let frontier = [root.id];
  while (frontier.length) {
    const children = await db.selectFrom('item_categories').select('id').where('parent_id', 'in', frontier).execute();
    frontier = children.map((c) => c.id).filter((id) => !seen.has(id));
    for (const id of frontier) seen.add(id);
  }
  return [...seen];
}

async function figureSet(db: Executor, actor: Actor, projectId: number, companyId: number, categoryId: number, refuse: Refusals): Promise<FigureSet> {
  const access = await projectAccess(db, actor, projectId, 'view');
  let query = db
    .selectFrom('budgets as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .select(['b.id', 'b.company_id', 'b.project_id'])
    .where(sql<boolean>`(p.id = ${projectId} or (p.parent_id = ${projectId} and ${visibleToCompany('p', access.companyId)}))`);
  if (companyId) query = query.where('b.company_id', '=', companyId);
  const budgets = await query.orderBy('b.id').execute();
  if (!budgets.length) throw refuse.company();
  let categoryIds: number[] | null = null;
  if (categoryId) {
    categoryIds = await categoryTree(db, categoryId, [...new Set(budgets.map((b) => b.company_id))]);
    if (!categoryIds) throw refuse.category();
  }
  return { budgetIds: budgets.map((b) => b.id), budgetCompanies: new Map(budgets.map((b) => [b.id, b.company_id])), projectIds: [...new Set(budgets.map((b) => b.project_id))], categoryIds, timezone: access.project.timezone, projectCompanyId: access.project.company_id };
}

/** Items (`bi`, `i`, `c`) of the set's budgets and categories. */
function setItems(db: Executor, set: FigureSet) {
  let query = db
    .selectFrom('budget_items as bi')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .leftJoin('item_categories as c', 'c.id', 'i.category_id')
    .where('bi.budget_id', 'in', set.budgetIds);
  if (set.categoryIds) query = query.where('i.category_id', 'in', set.categoryIds);
  return query;
}

/** A part of a whole as a percent with two decimals, rounded half up; 0 of nothing. */
const shareOf = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number(formatScaled(mulDivRound(part, 10_000n, whole), 2)));

/** GET /projects/{id}/budget-distribution/{companyId}/{categoryId}: planned money per item category, largest first. */
export async function budgetDistribution(services: Services, actor: Actor, projectId: number, companyId: number, categoryId: number): Promise<BudgetDistribution> {
  const db = services.db;
  const set = await figureSet(db, actor, projectId, companyId, categoryId, PATH_REFUSALS);
  const groups = await setItems(db, set)
    .select(['i.category_id', 'c.name', 'c.color'])
    .select(sql<number>`count(*)`.as('item_count'))
    .select(sumProduct('bi.quantity', 'bi.price_cents').as('amount'))
    .groupBy(['i.category_id', 'c.name', 'c.color'])
    .execute();
  const amounts = groups.map((g) => readSum(g.amount));
  const total = amounts.reduce((sum, a) => sum + a, 0n);
  const categories = groups
    .map((g, i) => ({
      categoryId: g.category_id,
      categoryName: g.name ?? 'No category',
      color: g.color,
      itemCount: Number(g.item_count),
      cents: amounts[i]!,
    }))
    .sort((a, b) => (a.cents === b.cents ? a.categoryName.localeCompare(b.categoryName) : a.cents > b.cents ? -1 : 1));
  return {
    total: centsToMoney(total),
    categories: categories.map(({ cents, ...c }) => ({ ...c, amount: centsToMoney(cents), share: shareOf(cents, total) })),
  };
}

/**
 * Accepted change orders per budget item of the set's budgets, grouped once and LEFT JOINed to the
 * items (a correlated subquery per item row cost two lookups per row): Σ new and Σ previous amounts,
 * exact (server/lib/exact-sum.ts), and their difference as a double, only to sort by.
 */
function acceptedByItem(db: Executor, set: FigureSet) {
  return db
    .selectFrom('change_orders as co')
    .select('co.budget_item_id')
    .select(sumProduct('co.quantity', 'co.price_cents').as('co_to'))
    .select(sumProduct('co.previous_quantity', 'co.previous_price_cents').as('co_from'))
    .select(sql<number>`sum(cast(co.quantity as double precision) * co.price_cents) - sum(cast(co.previous_quantity as double precision) * co.previous_price_cents)`.as('co_order'))
    .where('co.status', '=', 'accepted')
    .where('co.budget_id', 'in', set.budgetIds)
    .groupBy('co.budget_item_id');
}

/** The same sums over every item of the set. */
function acceptedTotals(db: Executor, set: FigureSet) {
  let query = db
    .selectFrom('change_orders as co')
    .innerJoin('budget_items as bi', 'bi.id', 'co.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .where('co.status', '=', 'accepted')
    .where('bi.budget_id', 'in', set.budgetIds);
  if (set.categoryIds) query = query.where('i.category_id', 'in', set.categoryIds);
  return query.select(sumProduct('co.quantity', 'co.price_cents').as('to')).select(sumProduct('co.previous_quantity', 'co.previous_price_cents').as('from')).executeTakeFirstOrThrow();
}

/**
 * The details' rows are a list (json-server paging, PAGE_SIZE: 25 by default, 200 at most) sorted by
 * these fields, by item name unless told; amounts sort on a double-precision product (order only: the
 * exact amounts are computed per row in BigInt). Nothing filters them but the path's company and
 * category.
 */
const DETAILS_LIST: ListSpec = {
  fields: {
    budgetItemId: { column: 'bi.id', type: 'number', sort: true },
    itemName: { column: 'i.name', type: 'text', sort: true },
    unit: { column: 'i.unit', type: 'text', sort: true, nullable: true },
    categoryName: { column: 'c.name', type: 'text', sort: true, nullable: true },
    quantity: { column: 'bi.quantity', type: 'number', sort: true },
    price: { column: 'bi.price_cents', type: 'number', sort: true },
    plannedAmount: { column: 'planned_order', type: 'number', sort: true },
    changeOrderAmount: { column: 'change_order_order', type: 'number', sort: true },
  },
  defaultSort: [{ field: 'itemName', order: 'asc' }],
  tiebreaker: 'bi.id',
};

/** Approved production items (`p`, `pi`, `bi`, `i`) of the set's budget items. */
function setProduction(db: Executor, set: FigureSet) {
  let query = approvedItems(db, set.projectIds)
    .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .where('bi.budget_id', 'in', set.budgetIds);
  if (set.categoryIds) query = query.where('i.category_id', 'in', set.categoryIds);
  return query;
}

/** Every row of the set as budget-details reads it (`bi`, `i`, `c`, `ac`), before paging. */
function detailsBase(db: Executor, set: FigureSet) {
  return setItems(db, set)
    .leftJoin(acceptedByItem(db, set).as('ac'), 'ac.budget_item_id', 'bi.id')
    .select(['bi.id', 'bi.budget_id', 'i.name', 'i.unit', 'i.category_id', 'c.name as category_name', 'bi.quantity', 'bi.price_cents', 'ac.co_to', 'ac.co_from'])
    .select(sql<string>`cast(bi.produced_e3 as text)`.as('produced_e3'))
    .select(sql<string>`cast(bi.billed_cents as text)`.as('billed_cents'))
    .select(sql<number>`cast(bi.quantity as double precision) * bi.price_cents`.as('planned_order'))
    .select(sql<number>`coalesce(ac.co_order, 0)`.as('change_order_order'));
}
type BudgetDetailsRow = BudgetDetails['rows'][number];
type DetailsRecord = Awaited<ReturnType<ReturnType<typeof detailsBase>['execute']>>[number];

/** One details row from its record, in exact money: produced at the item's price, remaining = planned − produced. */
function detailsRow(r: DetailsRecord): BudgetDetailsRow {
  const amount = BigInt(r.quantity) * BigInt(r.price_cents);
  const made = producedOf(r.produced_e3, r.price_cents, r.quantity);
  return {
    budgetItemId: r.id,
    itemName: r.name,
    unit: r.unit,
    categoryName: r.category_name,
    quantity: Number(r.quantity),
    price: centsToMoney(r.price_cents),
    plannedAmount: centsToMoney(amount),
    changeOrderAmount: centsToMoney(readSum(r.co_to) - readSum(r.co_from)),
    producedQuantity: made.quantity,
    producedAmount: centsToMoney(made.cents),
    billedAmount: centsToMoney(readCents(r.billed_cents)),
    remainingAmount: centsToMoney(amount - made.cents),
    overBudget: made.overBudget,
  };
}

/** The count and the totals over every row of the set, summed in SQL; produced is rounded once from the exact sum. */
async function detailsTotals(db: Executor, set: FigureSet): Promise<{ count: number; totals: BudgetDetails['totals'] }> {
  // Produced and billed are each item's running sums (budget-running-sums.ts), summed here like the plan.
  const [sums, accepted] = await Promise.all([
    setItems(db, set)
      .select(sql<number>`count(*)`.as('n'))
      .select(sumProduct('bi.quantity', 'bi.price_cents').as('planned'))
      .select(sumProduct('bi.produced_e3', 'bi.price_cents', 2).as('produced'))
      .select(sql<string | null>`cast(sum(bi.billed_cents) as text)`.as('billed'))
      .executeTakeFirstOrThrow(),
    acceptedTotals(db, set),
  ]);
  const planned = readSum(sums.planned);
  const producedCents = thousandthsToCents(readSum(sums.produced));
  return {
    count: Number(sums.n),
    totals: {
      plannedAmount: centsToMoney(planned),
      changeOrderAmount: centsToMoney(readSum(accepted.to) - readSum(accepted.from)),
      producedAmount: centsToMoney(producedCents),
      billedAmount: centsToMoney(readCents(sums.billed)),
      remainingAmount: centsToMoney(planned - producedCents),
    },
  };
}

/**
 * GET /projects/{id}/budget-details/{companyId}/{categoryId}: per budget item, its planned amount
 * (quantity × price as it stands, accepted change orders included), what accepted change orders
 * added to it (Σ new − previous amount), what approved production made of it (quantity, amount at
 * the item's price, over the budgeted quantity or not), what its company billed and what remains
 * (planned − produced), a page of rows at a time (`_start`, `_end`, `_sort`, `_order`); `itemCount`
 * and the totals are over every row of the set, summed in SQL (server/modules/budgets/budget-production.ts).
 */
export async function budgetDetails(services: Services, actor: Actor, projectId: number, companyId: number, categoryId: number, query: RawListQuery): Promise<BudgetDetails> {
  const list = parseListQuery(DETAILS_LIST, query);
  const db = services.db;
  const set = await figureSet(db, actor, projectId, companyId, categoryId, PATH_REFUSALS);
  const totals = detailsTotals(db, set);
  const [page, { totals: sums }] = await Promise.all([
    // Nothing filters the rows, so their count is the totals' own.
    runList(detailsBase(db, set), list, { base: setItems(db, set).select('bi.id'), aliases: ['bi', 'i'], unfilteredTotal: async () => (await totals).count }),
    totals,
  ]);
  return { rows: page.rows.map(detailsRow), itemCount: page.total, totals: sums };
}

/**
 * Change orders sent and awaiting the client's answer per budget item: Σ the amounts they would set
 * (exact) and how many, so what they would add is Σ − n × the item's amount as it stands.
 */
function pendingByItem(db: Executor, set: FigureSet) {
  return db
    .selectFrom('change_orders as co')
    .select('co.budget_item_id')
    .select(sumProduct('co.quantity', 'co.price_cents').as('pending_to'))
    .select(sql<number>`count(*)`.as('pending_count'))
    .where('co.status', '=', 'sent')
    .where('co.budget_id', 'in', set.budgetIds)
    .groupBy('co.budget_item_id');
}

/** A details row with what the budget report reads besides. */
export interface BudgetItemFigure extends BudgetDetailsRow {
  categoryId: number | null;
  /** The company whose budget holds the item. */
  companyId: number;
  /** What change orders sent and not yet answered would add (their amounts − the item's as it stands). */
  pendingChangeOrderAmount: string;
  /** Produced amount before rounding, in thousandths of a cent: sums of items round once. */
  producedExact: bigint;
}

export interface BudgetItemFigures {
  items: BudgetItemFigure[];
  totals: BudgetDetails['totals'] & { pendingChangeOrderAmount: string };
  /** The companies whose budgets count, the project's first. */
  companies: Array<{ id: number; name: string }>;
}

/**
 * budget-details' rows, every one of them (for the budget report: not a page), by item name, with the
 * same totals, each row's category, company and pending change orders; companyId and categoryId as in
 * budget-spent's body (none: all), refused with a 400 naming the field.
 */
export async function budgetItemFigures(services: Services, actor: Actor, projectId: number, companyId: number | undefined, categoryId: number | undefined): Promise<BudgetItemFigures> {
  const db = services.db;
  const set = await figureSet(db, actor, projectId, companyId ?? 0, categoryId ?? 0, BODY_REFUSALS);
  const companyIds = [...new Set(set.budgetCompanies.values())];
  const [records, { totals }, companies] = await Promise.all([
    detailsBase(db, set)
      .leftJoin(pendingByItem(db, set).as('pc'), 'pc.budget_item_id', 'bi.id')
      .select(['pc.pending_to', 'pc.pending_count'])
      .orderBy('i.name')
      .orderBy('bi.id')
      .execute(),
    detailsTotals(db, set),
    db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute(),
  ]);
  let pendingTotal = 0n;
  const items = records.map((r) => {
    const pending = readSum(r.pending_to) - BigInt(r.pending_count ?? 0) * BigInt(r.quantity) * BigInt(r.price_cents);
    pendingTotal += pending;
    return {
      ...detailsRow(r),
      categoryId: r.category_id,
      companyId: set.budgetCompanies.get(r.budget_id)!,
      pendingChangeOrderAmount: centsToMoney(pending),
      producedExact: BigInt(r.produced_e3 ?? 0) * BigInt(r.price_cents),
    };
  });
  const first = set.projectCompanyId;
  return {
    items,
    totals: { ...totals, pendingChangeOrderAmount: centsToMoney(pendingTotal) },
    companies: companies.sort((a, b) => (a.id === first ? -1 : b.id === first ? 1 : a.name.localeCompare(b.name))),
  };
}

/** A range bound: a calendar date as it is, an instant as its day in the project's time zone (production days are). */
function rangeDay(name: 'from' | 'to', value: string | null | undefined, timezone: string): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw badRequest(`range.${name}: Must be a date`, [{ field: `range.${name}`, message: 'Must be a date' }]);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : todayIn(timezone, new Date(ms));
}

type SpentBody = { companyId?: number | null; categoryId?: number | null; range?: { from?: string | null; to?: string | null } | null };

/**
 * What budget-spent reads of a set within the body's range (production days, both included; no
 * bound: from the first or to the last): approved production of the set's items (`p`, `pi`, `bi`, `i`)
 * and the billed lines of productions in the range (`il`, `inv`, `lbi`, `lb`, `i`, `p`).
 */
function spentIn(db: Executor, set: FigureSet, body: SpentBody) {
  const from = rangeDay('from', body.range?.from, set.timezone);
  const to = rangeDay('to', body.range?.to, set.timezone);
  if (from !== null && to !== null && from > to) throw badRequest('range.to: Must not be before range.from', [{ field: 'range.to', message: 'Must not be before range.from' }]);
  let days = setProduction(db, set);
  if (from) days = days.where('p.date', '>=', from);
  if (to) days = days.where('p.date', '<=', to);
  let billed = billedLines(db, set.projectIds, set.budgetIds).innerJoin('items as i', 'i.id', 'lbi.item_id').innerJoin('productions as p', 'p.id', 'il.production_id');
  if (set.categoryIds) billed = billed.where('i.category_id', 'in', set.categoryIds);
  if (from) billed = billed.where('p.date', '>=', from);
  if (to) billed = billed.where('p.date', '<=', to);
  return { days, billed };
}

/**
 * POST /projects/{id}/budget-spent: the planned total of the budgets named (companyId and categoryId
 * as in the figures above; none: every company, every category) against what approved production
 * spent of it in the range (production days, both included; no bound: from the first or to the
 * last), what was billed of that production (billed lines of productions in the range), and spent
 * per production day.
 */
export async function budgetSpent(services: Services, actor: Actor, projectId: number, body: SpentBody): Promise<BudgetSpent> {
  const db = services.db;
  const set = await figureSet(db, actor, projectId, body.companyId ?? 0, body.categoryId ?? 0, BODY_REFUSALS);
  const { days, billed } = spentIn(db, set, body);
  const [planned, series, billedSum] = await Promise.all([
    setItems(db, set).select(sumProduct('bi.quantity', 'bi.price_cents').as('planned')).executeTakeFirstOrThrow(),
    days.select('p.date').select(sumProduct('pi.quantity_e3', 'bi.price_cents', 2).as('amount')).groupBy('p.date').orderBy('p.date').execute(),
    billed.select(sql<string | null>`cast(sum(il.amount_cents) as text)`.as('billed')).executeTakeFirstOrThrow(),
  ]);
  const plannedCents = readSum(planned.planned);
  // Each day is rounded on its own; the total is rounded once from the exact sum of every day.
  const exact = series.map((d) => readSum(d.amount));
  const spent = thousandthsToCents(exact.reduce((sum, a) => sum + a, 0n));
  return {
    plannedAmount: centsToMoney(plannedCents),
    spentAmount: centsToMoney(spent),
    billedAmount: centsToMoney(readCents(billedSum.billed)),
    percentSpent: shareOf(spent, plannedCents),
    series: series.map((d, i) => ({ date: d.date, amount: centsToMoney(thousandthsToCents(exact[i]!)) })),
  };
}

/** Spent (exact, thousandths of a cent) and billed (cents) in a range for one company's budgets or one item category. */
export interface SpentPart {
  spentExact: bigint;
  billedCents: bigint;
}

/**
 * budget-spent's spent and billed split per company (whose budget) and per item category (the item's
 * own, null: none), from the same rows budgetSpent sums: for the budget report's tables.
 */
export async function budgetSpentParts(services: Services, actor: Actor, projectId: number, body: SpentBody): Promise<{ byCompany: Map<number, SpentPart>; byCategory: Map<number | null, SpentPart> }> {
  const db = services.db;
  const set = await figureSet(db, actor, projectId, body.companyId ?? 0, body.categoryId ?? 0, BODY_REFUSALS);
  const { days, billed } = spentIn(db, set, body);
  const [spentRows, billedRows] = await Promise.all([
    // Per budget item the quantities are summed first and priced once (Σ q × price = price × Σ q): a
    // product per row grouped by budget and category cost 8 times the plain sum at a million items.
    days
      .select(['bi.budget_id', 'i.category_id', 'bi.price_cents'])
      .select(sql<string>`cast(sum(pi.quantity_e3) as text)`.as('e3'))
      .groupBy(['pi.budget_item_id', 'bi.budget_id', 'i.category_id', 'bi.price_cents'])
      .execute(),
    billed.select(['lbi.budget_id', 'i.category_id']).select(sql<string | null>`cast(sum(il.amount_cents) as text)`.as('billed')).groupBy(['lbi.budget_id', 'i.category_id']).execute(),
  ]);
  const byCompany = new Map<number, SpentPart>();
  const byCategory = new Map<number | null, SpentPart>();
  const add = <K>(parts: Map<K, SpentPart>, key: K, spentExact: bigint, billedCents: bigint) => {
    const part = parts.get(key);
    parts.set(key, { spentExact: (part?.spentExact ?? 0n) + spentExact, billedCents: (part?.billedCents ?? 0n) + billedCents });
  };
  for (const r of spentRows) {
    const spent = BigInt(r.e3) * BigInt(r.price_cents);
    add(byCompany, set.budgetCompanies.get(r.budget_id)!, spent, 0n);
    add(byCategory, r.category_id, spent, 0n);
  }
  for (const r of billedRows) {
    add(byCompany, set.budgetCompanies.get(r.budget_id)!, 0n, readCents(r.billed));
    add(byCategory, r.category_id, 0n, readCents(r.billed));
  }
  return { byCompany, byCategory };
}
