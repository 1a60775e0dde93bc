import { sql } from 'kysely';
import { col, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

const day = col('t.start_date');

/** The company's tasks, on the day they start (none without a start day falls in a range). */
export const taskSql = (): SourceSql => ({
  rows: (db, companyId) => db.selectFrom('tasks as t').where('t.company_id', '=', companyId),
  joins: {
    ...projectJoins('t.project_id'),
    cr: (q) => q.leftJoin('crews as cr', 'cr.id', 't.crew_id'),
    tt: (q) => q.leftJoin('task_types as tt', 'tt.id', 't.type_id'),
  },
  day,
  crew: col('t.crew_id'),
  dimensions: {
    project: projectDimension,
    crew: { key: col('t.crew_id'), label: sql`coalesce(${sql.ref('cr.name')}, 'No crew')`, needs: ['cr'] },
    status: statusDimension('t.status'),
    type: { key: col('t.type_id'), label: sql`coalesce(${sql.ref('tt.name')}, 'No type')`, needs: ['tt'] },
    ...timeDimensions(day),
  },
  filters: {
    project: { column: col('t.project_id') },
    status: { column: col('t.status') },
    crew: { column: col('t.crew_id') },
    type: { column: col('t.type_id') },
    date: { column: day },
  },
  values: {},
});
