import { sql } from 'kysely';
import { sumProduct } from '../../../lib/exact-sum.js';
import { clientDimension, clientFilter, col, dayOfStamp, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

/** Budget items of the budgets of projects the company runs; the budget's status and the day it was created. */
export const budgetSql = (): SourceSql => {
  const day = dayOfStamp('b.created_at');
  return {
    rows: (db, companyId) =>
      db
        .selectFrom('budget_items as bi')
        .innerJoin('budgets as b', 'b.id', 'bi.budget_id')
        .innerJoin('projects as pr', 'pr.id', 'b.project_id')
        .where('pr.company_id', '=', companyId),
    joins: {
      ...projectJoins(null),
      i: (q) => q.innerJoin('items as i', 'i.id', 'bi.item_id'),
      ic: (q) => q.leftJoin('item_categories as ic', 'ic.id', 'i.category_id'),
    },
    day,
    dimensions: {
      project: projectDimension,
      item: { key: col('bi.item_id'), label: col('i.name'), needs: ['i'] },
      category: { key: col('i.category_id'), label: sql`coalesce(${sql.ref('ic.name')}, 'No category')`, needs: ['i', 'ic'] },
      client: clientDimension,
      status: statusDimension('b.status'),
      month: timeDimensions(day).month,
    },
    filters: {
      project: { column: col('b.project_id') },
      status: { column: col('b.status') },
      item: { column: col('bi.item_id') },
      category: { column: col('i.category_id'), needs: ['i'] },
      client: clientFilter,
      date: { column: day },
    },
    values: {
      quantity: { sum: exactSum('bi.quantity'), scale: 0 },
      amount: { sum: sumProduct('bi.quantity', 'bi.price_cents'), scale: 2 },
    },
  };
};
