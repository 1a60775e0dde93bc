import { sql } from 'kysely';
import { sumProduct } from '../../../lib/exact-sum.js';
import { clientDimension, clientFilter, col, dayOfStamp, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

/** Change orders on budgets of projects the company runs; amount = the item's quantity × price the change order sets. */
export const changeOrderSql = (): SourceSql => {
  const day = dayOfStamp('co.created_at');
  return {
    rows: (db, companyId) =>
      db
        .selectFrom('change_orders as co')
        .innerJoin('budgets as b', 'b.id', 'co.budget_id')
        .innerJoin('projects as pr', 'pr.id', 'b.project_id')
        .where('pr.company_id', '=', companyId),
    joins: projectJoins(null),
    day,
    dimensions: {
      project: projectDimension,
      client: clientDimension,
      status: statusDimension('co.status'),
      ...timeDimensions(day),
    },
    filters: {
      project: { column: col('b.project_id') },
      status: { column: col('co.status') },
      client: clientFilter,
      date: { column: day },
      amount: { column: sql`(cast(${sql.ref('co.quantity')} as bigint) * ${sql.ref('co.price_cents')})`, scale: 2 },
    },
    values: { amount: { sum: sumProduct('co.quantity', 'co.price_cents'), scale: 2 } },
  };
};
