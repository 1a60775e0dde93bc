import { todayIn } from '../../resources/time-zone.js';
import { shiftDay } from '../../server/modules/figures/source-sql.js';
import type { TestServer } from './harness.js';

/** Rows the reports read, written straight into the tables with every money column given (the reports only read them). */

let numbers = 0;

export interface InvoiceSeed {
  companyId: number;
  projectId: number;
  clientId?: number | null;
  status: string;
  /** Dollars in cents. */
  subtotal: number;
  retainage?: number;
  released?: number;
  paid?: number;
  createdAt: string;
  due?: string | null;
  /** Sent (to its client): received invoices count only once sent. */
  sent?: boolean;
}

export async function insertInvoice(s: TestServer, inv: InvoiceSeed) {
  const row = await s.services.db
    .insertInto('invoices')
    .values({
      company_id: inv.companyId,
      project_id: inv.projectId,
      client_id: inv.clientId ?? null,
      number: `R-${++numbers}`,
      status: inv.status,
      due_date: inv.due ?? null,
      retainage_e3: 0,
      subtotal_cents: inv.subtotal,
      retainage_cents: inv.retainage ?? 0,
      released_cents: inv.released ?? 0,
      paid_cents: inv.paid ?? 0,
      single_part: 0,
      sent_at: inv.sent === false || inv.status === 'draft' ? null : inv.createdAt,
      created_at: inv.createdAt,
      updated_at: inv.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The company's today (its time zone) and a day `days` from it. */
export async function companyToday(s: TestServer, companyId: number) {
  const { timezone } = await s.services.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  const today = todayIn(timezone);
  return { today, day: (days: number) => shiftDay(today, days) };
}
