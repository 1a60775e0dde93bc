import { clientDimension, clientFilter, col, dayOfStamp, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type SourceSql } from '../source-sql.js';

/** Invoices the company issued; amount = the subtotal (the invoices grid's Amount). */
export const invoiceSql = (): SourceSql => {
  const day = dayOfStamp('inv.created_at');
  return {
    rows: (db, companyId) => db.selectFrom('invoices as inv').where('inv.company_id', '=', companyId),
    joins: projectJoins('inv.project_id'),
    day,
    dimensions: {
      project: projectDimension,
      client: clientDimension,
      status: statusDimension('inv.status'),
      ...timeDimensions(day),
    },
    filters: {
      project: { column: col('inv.project_id') },
      status: { column: col('inv.status') },
      client: clientFilter,
      date: { column: day },
      due: { column: col('inv.due_date') },
      amount: { column: col('inv.subtotal_cents'), scale: 2 },
    },
    values: { amount: { sum: exactSum('inv.subtotal_cents'), scale: 2 } },
  };
};
