import { col, dayOfStamp, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

/** The company's locate tickets, on the day they were requested (entered); `expires` filters by their expiry day. */
export const locateSql = (): SourceSql => {
  const day = dayOfStamp('lt.created_at');
  return {
    rows: (db, companyId) => db.selectFrom('locates as lt').where('lt.company_id', '=', companyId),
    joins: projectJoins('lt.project_id'),
    day,
    dimensions: { project: projectDimension, status: statusDimension('lt.status'), ...timeDimensions(day) },
    filters: {
      project: { column: col('lt.project_id') },
      status: { column: col('lt.status') },
      date: { column: day },
      expires: { column: col('lt.expires_on') },
    },
    values: {},
  };
};
