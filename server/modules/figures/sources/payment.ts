import { clientDimension, clientFilter, col, exactSum, projectDimension, projectJoins, timeDimensions, type SourceSql } from '../source-sql.js';

const day = col('tx.paid_on');

/** Payments recorded on invoices the company issued (not retainage releases), on the day paid. */
export const paymentSql = (): SourceSql => ({
  rows: (db, companyId) =>
    db
      .selectFrom('invoice_transactions as tx')
      .innerJoin('invoices as inv', 'inv.id', 'tx.invoice_id')
      .where('inv.company_id', '=', companyId)
      .where('tx.kind', '=', 'payment'),
  joins: projectJoins('inv.project_id'),
  day,
  dimensions: { project: projectDimension, client: clientDimension, ...timeDimensions(day) },
  filters: {
    project: { column: col('inv.project_id') },
    client: clientFilter,
    date: { column: day },
    amount: { column: col('tx.amount_cents'), scale: 2 },
  },
  values: { amount: { sum: exactSum('tx.amount_cents'), scale: 2 } },
});
