import { sql } from 'kysely';
import { col, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

const day = col('d.damage_date');

/** The company's damages on the day they happened; amount = the claimed amount, averaged over damages that have one. */
export const damageSql = (): SourceSql => ({
  rows: (db, companyId) => db.selectFrom('damages as d').where('d.company_id', '=', companyId),
  joins: {
    ...projectJoins('d.project_id'),
    dt: (q) => q.leftJoin('damage_types as dt', 'dt.id', 'd.damage_type_id'),
  },
  day,
  dimensions: {
    project: projectDimension,
    status: statusDimension('d.status'),
    type: { key: col('d.damage_type_id'), label: sql`coalesce(${sql.ref('dt.name')}, 'No type')`, needs: ['dt'] },
    ...timeDimensions(day),
  },
  filters: {
    project: { column: col('d.project_id') },
    status: { column: col('d.status') },
    type: { column: col('d.damage_type_id') },
    date: { column: day },
  },
  values: { amount: { sum: exactSum('d.amount_cents'), scale: 2, count: sql`count(${sql.ref('d.amount_cents')})` } },
});
