import { sql } from 'kysely';
import { col, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

const day = col('l.date');

/** The company's daily logs and check-ins, on their day. */
export const logSql = (): SourceSql => ({
  rows: (db, companyId) => db.selectFrom('logs as l').where('l.company_id', '=', companyId),
  joins: {
    ...projectJoins('l.project_id'),
    cr: (q) => q.leftJoin('crews as cr', 'cr.id', 'l.crew_id'),
  },
  day,
  crew: col('l.crew_id'),
  dimensions: {
    project: projectDimension,
    crew: { key: col('l.crew_id'), label: sql`coalesce(${sql.ref('cr.name')}, 'No crew')`, needs: ['cr'] },
    status: statusDimension('l.status'),
    ...timeDimensions(day),
  },
  filters: {
    project: { column: col('l.project_id') },
    status: { column: col('l.status') },
    crew: { column: col('l.crew_id') },
    date: { column: day },
  },
  values: {},
});
