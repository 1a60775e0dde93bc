import { sql } from 'kysely';
import type { Executor } from '../../../db/index.js';
import { clientDimension, clientFilter, col, dayOfStamp, exactSum, projectDimension, projectJoins, statusDimension, timeDimensions, type FilterSql, type SourceQuery, type SourceSql, type ValueSql } from '../source-sql.js';

/** An invoice's money as resources/invoice.ts InvoiceTotals reads it, in cents. */
const money = (sum: ReturnType<typeof sql>): ValueSql => ({ sum: sql`cast(sum(${sum}) as text)`, scale: 2 });
const VALUES: SourceSql['values'] = {
  amount: { sum: exactSum('inv.subtotal_cents'), scale: 2 },
  paid: { sum: exactSum('inv.paid_cents'), scale: 2 },
  outstanding: money(sql`${sql.ref('inv.subtotal_cents')} - ${sql.ref('inv.retainage_cents')} + ${sql.ref('inv.released_cents')} - ${sql.ref('inv.paid_cents')}`),
  retainage: money(sql`${sql.ref('inv.retainage_cents')} - ${sql.ref('inv.released_cents')}`),
};

/** Invoices on the day they were created, with their project and client, whichever way they went. */
function invoiceSource(rows: (db: Executor, companyId: number) => SourceQuery, filters: Record<string, FilterSql> = {}): SourceSql {
  const day = dayOfStamp('inv.created_at');
  return {
    rows,
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
      ...filters,
    },
    values: VALUES,
  };
}

/** Invoices the company issued; amount = the subtotal (the invoices grid's Amount). */
export const invoiceSql = (): SourceSql => invoiceSource((db, companyId) => db.selectFrom('invoices as inv').where('inv.company_id', '=', companyId));

/**
 * Invoices billed to the company (a subcontractor's on its projects, or an owner's on a project it is
 * the client of) once sent, as the invoices list shows them: a draft is its sender's alone;
 * `subcontractor` filters by the company that sent it (invoice-report.ts's sourceSubcontractor).
 */
export const invoiceReceivedSql = (): SourceSql =>
  invoiceSource((db, companyId) => db.selectFrom('invoices as inv').where('inv.client_id', '=', companyId).where('inv.company_id', '<>', companyId).where('inv.sent_at', 'is not', null), {
    subcontractor: { column: col('inv.company_id') },
  });
