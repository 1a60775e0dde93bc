import { sql } from 'kysely';
import { sumProduct } from '../../../lib/exact-sum.js';
import { clientDimension, clientFilter, col, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

const day = col('p.date');

/** Production items of the company's productions; amount = quantity (thousandths) × the budget item's price, exact. */
export const productionSql = (): SourceSql => ({
  rows: (db, companyId) =>
    db
      .selectFrom('productions as p')
      .innerJoin('production_items as pi', 'pi.production_id', 'p.id')
      .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
      .where('p.company_id', '=', companyId),
  joins: {
    ...projectJoins('p.project_id'),
    cr: (q) => q.innerJoin('crews as cr', 'cr.id', 'p.crew_id'),
    i: (q) => q.innerJoin('items as i', 'i.id', 'bi.item_id'),
    ic: (q) => q.leftJoin('item_categories as ic', 'ic.id', 'i.category_id'),
  },
  day,
  crew: col('p.crew_id'),
  dimensions: {
    project: projectDimension,
    crew: { key: col('p.crew_id'), label: col('cr.name'), needs: ['cr'] },
    item: { key: col('bi.item_id'), label: col('i.name'), needs: ['i'] },
    category: { key: col('i.category_id'), label: sql`coalesce(${sql.ref('ic.name')}, 'No category')`, needs: ['i', 'ic'] },
    client: clientDimension,
    status: statusDimension('p.status'),
    ...timeDimensions(day),
  },
  filters: {
    project: { column: col('p.project_id') },
    status: { column: col('p.status') },
    crew: { column: col('p.crew_id') },
    item: { column: col('bi.item_id') },
    category: { column: col('i.category_id'), needs: ['i'] },
    client: clientFilter,
    date: { column: day },
    quantity: { column: col('pi.quantity_e3'), scale: 3 },
  },
  values: {
    quantity: { sum: exactSum('pi.quantity_e3'), scale: 3 },
    amount: { sum: sumProduct('pi.quantity_e3', 'bi.price_cents', 2), scale: 5 },
  },
});
