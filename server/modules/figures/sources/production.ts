import { sql } from 'kysely';
import { sumProduct } from '../../../lib/exact-sum.js';
import { clientDimension, clientFilter, col, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';
import { productionRows } from './production-rows.js';

const day = col('r.day');

/**
 * Production items of the company's productions (pre-summed by month where the question allows:
 * production-rows.ts); amount = quantity (thousandths) × the budget item's price, exact.
 */
export const productionSql = (): SourceSql => ({
  rows: productionRows,
  count: sql`sum(${sql.ref('r.items')})`,
  joins: {
    ...projectJoins('r.project_id'),
    cr: (q) => q.innerJoin('crews as cr', 'cr.id', 'r.crew_id'),
    i: (q) => q.innerJoin('items as i', 'i.id', 'bi.item_id'),
    ic: (q) => q.leftJoin('item_categories as ic', 'ic.id', 'i.category_id'),
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
    amount: { sum: sumProduct('r.quantity_e3', 'bi.price_cents', 2), scale: 5 },
  },
});
