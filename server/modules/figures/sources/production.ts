import { sql } from 'kysely';
import type { FigureQuery } from '../../../../resources/figures.js';
import { sumOfWeights, sumProduct } from '../../../lib/exact-sum.js';
import { clientDimension, clientFilter, col, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';
import { PRODUCTION_KEPT_FROM, productionItemRows, productionTotalsRows, readsTotals, withPrices } from './production-rows.js';

const day = col('r.day');

/**
 * Production items of the company's productions; amount = quantity (thousandths) × the budget item's
 * price, exact. Pre-summed where the question allows (production-rows.ts): per production, or per
 * budget item, crew and month. By item or category, the rows are summed per budget item before they
 * meet their price and catalog item: Σ quantity × price is the price × Σ quantity within one budget item.
 */
export const productionSql = (q: FigureQuery): SourceSql => {
  const totals = readsTotals(q);
  return {
    rows: totals ? productionTotalsRows : productionItemRows,
    keptFrom: PRODUCTION_KEPT_FROM,
    count: sql`sum(${sql.ref('r.items')})`,
    ...(!totals && (!q.groupBy || q.groupBy === 'item' || q.groupBy === 'category')
      ? { preGroup: { key: col('r.budget_item_id'), as: 'budget_item_id', sums: ['items', 'quantity_e3'], rejoin: withPrices } }
      : {}),
    joins: {
      ...projectJoins('r.project_id'),
      cr: (qb) => qb.innerJoin('crews as cr', 'cr.id', 'r.crew_id'),
      i: (qb) => qb.innerJoin('items as i', 'i.id', 'bi.item_id'),
      ic: (qb) => qb.leftJoin('item_categories as ic', 'ic.id', 'i.category_id'),
    },
    day,
    crew: col('r.crew_id'),
    dimensions: {
      project: projectDimension,
      crew: { key: col('r.crew_id'), label: col('cr.name'), needs: ['cr'] },
      item: { key: col('bi.item_id'), label: col('i.name'), needs: ['i'] },
      category: { key: col('i.category_id'), label: sql`coalesce(${sql.ref('ic.name')}, 'No category')`, needs: ['i', 'ic'] },
      client: clientDimension,
      status: statusDimension('r.status'),
      ...timeDimensions(day),
    },
    filters: {
      project: { column: col('r.project_id') },
      status: { column: col('r.status') },
      crew: { column: col('r.crew_id') },
      item: { column: col('bi.item_id') },
      category: { column: col('i.category_id'), needs: ['i'] },
      client: clientFilter,
      date: { column: day },
      quantity: { column: col('r.quantity_e3'), scale: 3 },
    },
    values: {
      quantity: { sum: exactSum('r.quantity_e3'), scale: 3 },
      amount: { sum: totals ? sumOfWeights([col('r.w0'), col('r.w1'), col('r.w2')]) : sumProduct('r.quantity_e3', 'bi.price_cents', 2), scale: 5 },
    },
  };
};
