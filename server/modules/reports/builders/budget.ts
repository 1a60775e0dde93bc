import { centsToMoney, parseScaled } from '../../../../resources/money.js';
import type { BudgetReportQuery, ReportColumn, ReportDocument, ReportRow } from '../../../../resources/report.js';
import { formatReportValue, REPORT_TITLES } from '../../../../resources/report.js';
import type { Actor } from '../../../http/actor.js';
import type { Services } from '../../../services.js';
import { percentOf } from '../report-figures.js';
import { budgetDistribution, budgetItemFigures, budgetSpent, budgetSpentParts, type BudgetItemFigure, type SpentPart } from '../../budgets/budget-figures.js';
import { thousandthsToCents } from '../../budgets/budget-production.js';
import { projectAccess } from '../../projects/project-access.js';

const money = (cents: bigint) => centsToMoney(cents);
/** An exact amount ("1234.50") in cents. */
const cents = (amount: string) => parseScaled(amount, 2) ?? 0n;
const NO_SPENDING: SpentPart = { spentExact: 0n, billedCents: 0n };

/** Spent and billed per company and per item category, from the items' produced and billed to date. */
function partsOfItems(items: BudgetItemFigure[]): { byCompany: Map<number, SpentPart>; byCategory: Map<number | null, SpentPart> } {
  const byCompany = new Map<number, SpentPart>();
  const byCategory = new Map<number | null, SpentPart>();
  const add = <K>(parts: Map<K, SpentPart>, key: K, item: BudgetItemFigure) => {
    const part = parts.get(key) ?? NO_SPENDING;
    parts.set(key, { spentExact: part.spentExact + item.producedExact, billedCents: part.billedCents + cents(item.billedAmount) });
  };
  for (const item of items) {
    add(byCompany, item.companyId, item);
    add(byCategory, item.categoryId, item);
  }
  return { byCompany, byCategory };
}

/** Labels of the headline figures (the tests and the screen read them by label). */
export const BUDGET_FACTS = {
  planned: 'Planned (accepted change orders included)',
  changeOrders: 'Accepted change orders',
  pending: 'Pending change orders (sent, not yet answered)',
  produced: 'Produced to date (approved, every crew)',
  billed: 'Billed to date',
  remaining: 'Remaining (planned − produced)',
  spent: 'Spent in range',
  percentSpent: 'Of the plan, spent in range',
} as const;

function rangeWords(from: string | undefined, to: string | undefined): string {
  const day = (d: string) => formatReportValue('day', d);
  if (from && to) return `from ${day(from)} to ${day(to)}`;
  if (from) return `from ${day(from)} on`;
  if (to) return `up to ${day(to)}`;
  return 'on every production day';
}

/**
 * The budget report: planned against produced against billed per budget item and per item category,
 * change orders included (accepted ones in the plan, sent ones apart), and what approved production
 * spent of the plan within the range (production days, the project's own, both included; left out:
 * all of them) per company, per category and per day. Built on the budget figures' services
 * (budget-distribution, budget-details' rows, budget-spent): companyId and categoryId narrow them as
 * there. The budgets are the project's and, with no company chosen, its sub-projects' the viewer may
 * see; produced counts every crew's approved production on them, a subcontractor's too, so it can be
 * more than the figures model's production of the viewer's company (docs/decisions.md, Reports).
 */
export async function budgetReport(services: Services, actor: Actor, q: BudgetReportQuery): Promise<ReportDocument> {
  const { project } = await projectAccess(services.db, actor, q.projectId, 'view');
  const body = { companyId: q.companyId, categoryId: q.categoryId, range: { from: q.from, to: q.to } };
  // These refuse a company or category of none of these budgets with a 400 naming the query field.
  const ranged = !!(q.from || q.to);
  const [figures, spent, rangedParts] = await Promise.all([
    budgetItemFigures(services, actor, q.projectId, q.companyId, q.categoryId),
    budgetSpent(services, actor, q.projectId, body),
    ranged ? budgetSpentParts(services, actor, q.projectId, body) : null,
  ]);
  // Over every day, what was spent of an item is what approved production made of it and billed of
  // that what was billed of it: the items' running sums, with no second pass over the production.
  const parts = rangedParts ?? partsOfItems(figures.items);
  const distribution = await budgetDistribution(services, actor, q.projectId, q.companyId ?? 0, q.categoryId ?? 0);
  const { items, totals, companies } = figures;

  // Per category: the plan as budget-distribution groups it, the rest summed from the item rows
  // (produced rounded once per category from its exact sum, like the totals).
  const byCategory = new Map<number | null, { changeOrders: bigint; produced: bigint; billed: bigint }>();
  for (const item of items) {
    const c = byCategory.get(item.categoryId) ?? { changeOrders: 0n, produced: 0n, billed: 0n };
    byCategory.set(item.categoryId, { changeOrders: c.changeOrders + cents(item.changeOrderAmount), produced: c.produced + item.producedExact, billed: c.billed + cents(item.billedAmount) });
  }
  const categoryRows: ReportRow[] = distribution.categories.map((c) => {
    const sums = byCategory.get(c.categoryId) ?? { changeOrders: 0n, produced: 0n, billed: 0n };
    const produced = thousandthsToCents(sums.produced);
    const inRange = parts.byCategory.get(c.categoryId) ?? NO_SPENDING;
    const spentInRange = money(thousandthsToCents(inRange.spentExact));
    return {
      category: c.categoryName,
      items: c.itemCount,
      plannedAmount: c.amount,
      share: c.share,
      changeOrderAmount: money(sums.changeOrders),
      producedAmount: money(produced),
      billedAmount: money(sums.billed),
      remainingAmount: money(cents(c.amount) - produced),
      spentAmount: spentInRange,
      percentSpent: percentOf(spentInRange, c.amount, 2),
    };
  });

  // Per company with items among these: its items' figures, and what it spent in the range.
  const companyRows: ReportRow[] = companies.flatMap((company) => {
    const own = items.filter((i) => i.companyId === company.id);
    if (!own.length) return [];
    const planned = own.reduce((sum, i) => sum + cents(i.plannedAmount), 0n);
    const inRange = parts.byCompany.get(company.id) ?? NO_SPENDING;
    const spentInRange = money(thousandthsToCents(inRange.spentExact));
    return [
      {
        company: company.name,
        items: own.length,
        plannedAmount: money(planned),
        producedAmount: money(thousandthsToCents(own.reduce((sum, i) => sum + i.producedExact, 0n))),
        billedAmount: money(own.reduce((sum, i) => sum + cents(i.billedAmount), 0n)),
        spentAmount: spentInRange,
        spentBilledAmount: money(inRange.billedCents),
        percentSpent: percentOf(spentInRange, money(planned), 2),
      },
    ];
  });

  const manyCompanies = new Set(items.map((i) => i.companyId)).size > 1;
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const itemColumns: ReportColumn[] = [
    { key: 'item', label: 'Item', kind: 'text' },
    { key: 'unit', label: 'Unit', kind: 'text' },
    { key: 'category', label: 'Category', kind: 'text' },
    ...(manyCompanies ? [{ key: 'company', label: 'Company', kind: 'text' } as const] : []),
    { key: 'quantity', label: 'Quantity', kind: 'quantity' },
    { key: 'price', label: 'Price', kind: 'money' },
    { key: 'plannedAmount', label: 'Planned', kind: 'money' },
    { key: 'changeOrderAmount', label: 'Accepted change orders', kind: 'money' },
    { key: 'pendingChangeOrderAmount', label: 'Pending change orders', kind: 'money' },
    { key: 'producedQuantity', label: 'Produced quantity', kind: 'quantity' },
    { key: 'producedAmount', label: 'Produced', kind: 'money' },
    { key: 'billedAmount', label: 'Billed', kind: 'money' },
    { key: 'remainingAmount', label: 'Remaining', kind: 'money' },
    { key: 'complete', label: '% produced', kind: 'percent' },
  ];
  const itemRows: ReportRow[] = items.map((i) => ({
    item: i.itemName,
    unit: i.unit,
    category: i.categoryName ?? 'No category',
    ...(manyCompanies ? { company: companyName.get(i.companyId) ?? '' } : {}),
    quantity: String(i.quantity),
    price: i.price,
    plannedAmount: i.plannedAmount,
    changeOrderAmount: i.changeOrderAmount,
    pendingChangeOrderAmount: i.pendingChangeOrderAmount,
    producedQuantity: i.producedQuantity,
    producedAmount: i.producedAmount,
    billedAmount: i.billedAmount,
    remainingAmount: i.remainingAmount,
    complete: percentOf(i.producedAmount, i.plannedAmount, 2),
  }));

  const whose = q.companyId ? (companyName.get(q.companyId) ?? 'one company') : companies.length > 1 ? 'every company' : (companies[0]?.name ?? 'the project');
  const which = q.categoryId ? `category ${distribution.categories.find((c) => c.categoryId === q.categoryId)?.categoryName ?? 'chosen'} and those under it` : 'every category';
  const range = q.from && q.to ? { from: q.from, to: q.to } : undefined;
  return {
    report: 'budget',
    title: `${REPORT_TITLES.budget} ${project.code}`,
    subtitle:
      `${project.project_name} (${project.code}): the budgets of ${whose}${q.companyId ? '' : ' (this project and its sub-projects)'}, ${which}; spent ${rangeWords(q.from, q.to)}. ` +
      'Produced and spent count the approved production of every crew on these budgets, subcontractors’ included, at each item’s current price.',
    ...(range ? { range } : {}),
    timeZone: project.timezone,
    facts: [
      { label: BUDGET_FACTS.planned, value: totals.plannedAmount, kind: 'money' },
      { label: BUDGET_FACTS.changeOrders, value: totals.changeOrderAmount, kind: 'money' },
      { label: BUDGET_FACTS.pending, value: totals.pendingChangeOrderAmount, kind: 'money' },
      { label: BUDGET_FACTS.produced, value: totals.producedAmount, kind: 'money' },
      { label: BUDGET_FACTS.billed, value: totals.billedAmount, kind: 'money' },
      { label: BUDGET_FACTS.remaining, value: totals.remainingAmount, kind: 'money' },
      { label: BUDGET_FACTS.spent, value: spent.spentAmount, kind: 'money' },
      { label: BUDGET_FACTS.percentSpent, value: spent.percentSpent, kind: 'percent' },
    ],
    charts: [
      {
        id: 'by-category',
        title: 'Planned, produced and billed per category',
        kind: 'bar',
        unit: 'money',
        categories: categoryRows.map((r) => String(r.category)),
        series: [
          { label: 'Planned', values: categoryRows.map((r) => String(r.plannedAmount)) },
          { label: 'Produced', values: categoryRows.map((r) => String(r.producedAmount)) },
          { label: 'Billed', values: categoryRows.map((r) => String(r.billedAmount)) },
        ],
      },
      { id: 'spent-per-day', title: 'Spent per day', kind: 'line', unit: 'money', categories: spent.series.map((d) => d.date), series: [{ label: 'Spent', values: spent.series.map((d) => d.amount) }] },
      { id: 'plan-distribution', title: 'The plan per category', kind: 'pie', unit: 'money', categories: distribution.categories.map((c) => c.categoryName), series: [{ label: 'Planned', values: distribution.categories.map((c) => c.amount) }] },
    ],
    tables: [
      {
        id: 'categories',
        title: 'Per category',
        columns: [
          { key: 'category', label: 'Category', kind: 'text' },
          { key: 'items', label: 'Items', kind: 'count' },
          { key: 'plannedAmount', label: 'Planned', kind: 'money' },
          { key: 'share', label: 'Share of plan', kind: 'percent' },
          { key: 'changeOrderAmount', label: 'Accepted change orders', kind: 'money' },
          { key: 'producedAmount', label: 'Produced', kind: 'money' },
          { key: 'billedAmount', label: 'Billed', kind: 'money' },
          { key: 'remainingAmount', label: 'Remaining', kind: 'money' },
          { key: 'spentAmount', label: 'Spent in range', kind: 'money' },
          { key: 'percentSpent', label: '% spent', kind: 'percent' },
        ],
        rows: categoryRows,
        totals: {
          items: items.length,
          plannedAmount: totals.plannedAmount,
          share: items.length ? 100 : null,
          changeOrderAmount: totals.changeOrderAmount,
          producedAmount: totals.producedAmount,
          billedAmount: totals.billedAmount,
          remainingAmount: totals.remainingAmount,
          spentAmount: spent.spentAmount,
          percentSpent: spent.percentSpent,
        },
        empty: 'These budgets have no items.',
      },
      {
        id: 'companies',
        title: 'Per company',
        columns: [
          { key: 'company', label: 'Company', kind: 'text' },
          { key: 'items', label: 'Items', kind: 'count' },
          { key: 'plannedAmount', label: 'Planned', kind: 'money' },
          { key: 'producedAmount', label: 'Produced', kind: 'money' },
          { key: 'billedAmount', label: 'Billed', kind: 'money' },
          { key: 'spentAmount', label: 'Spent in range', kind: 'money' },
          { key: 'spentBilledAmount', label: 'Billed of it', kind: 'money' },
          { key: 'percentSpent', label: '% spent', kind: 'percent' },
        ],
        rows: companyRows,
        totals: {
          items: items.length,
          plannedAmount: totals.plannedAmount,
          producedAmount: totals.producedAmount,
          billedAmount: totals.billedAmount,
          spentAmount: spent.spentAmount,
          spentBilledAmount: spent.billedAmount,
          percentSpent: spent.percentSpent,
        },
        empty: 'No company has a budget here.',
      },
      {
        id: 'items',
        title: 'Per item',
        columns: itemColumns,
        rows: itemRows,
        totals: {
          plannedAmount: totals.plannedAmount,
          changeOrderAmount: totals.changeOrderAmount,
          pendingChangeOrderAmount: totals.pendingChangeOrderAmount,
          producedAmount: totals.producedAmount,
          billedAmount: totals.billedAmount,
          remainingAmount: totals.remainingAmount,
          complete: percentOf(totals.producedAmount, totals.plannedAmount, 2),
        },
        empty: 'These budgets have no items.',
      },
    ],
    generatedAt: new Date().toISOString(),
  };
}
