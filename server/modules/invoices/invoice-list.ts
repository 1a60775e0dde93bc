import { sql } from 'kysely';
import { DEFAULT_INVOICE_LIST_STATUSES, type InvoiceListRow } from '../../../resources/invoice.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { invoiceRows, listRowView } from './invoice-view.js';

/** Days (due, week ending) are YYYY-MM-DD text: compared as text, so `dueDate_gte=2026-03-01` means that day on. */
export const INVOICE_LIST: ListSpec = {
  fields: {
    number: { column: 'i.number', type: 'text', filter: true, sort: true },
    status: { column: 'i.status', type: 'text', filter: true, sort: true },
    projectId: { column: 'i.project_id', type: 'number', filter: true },
    companyId: { column: 'i.company_id', type: 'number', filter: true },
    clientId: { column: 'i.client_id', type: 'number', filter: true },
    projectCode: { column: 'p.code', type: 'text', filter: true, sort: true },
    clientName: { column: 'i.client_name', type: 'text', filter: true, sort: true, nullable: true },
    companyName: { column: 'co.name', type: 'text', filter: true, sort: true },
    subtotal: { column: 'i.subtotal_cents', type: 'number', sort: true },
    dueDate: { column: 'i.due_date', type: 'day', filter: true, sort: true, nullable: true },
    weekEndingDate: { column: 'i.week_ending_date', type: 'day', filter: true, sort: true, nullable: true },
    createdAt: { column: 'i.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'desc' }],
  tiebreaker: 'i.id',
};

/** Whether the query filters on status in any way; without, the list shows the default statuses. */
const filtersStatus = (query: RawListQuery) => Object.keys(query).some((k) => (k === 'status' || k.startsWith('status_')) && query[k] !== undefined);

/**
 * GET /invoices: the acting company's invoices (any status) and those billed to it once sent, newest
 * first, with `direction`; paged, sorted and filtered in SQL (invoices_company_created_idx and
 * invoices_client_status_idx serve the two halves). Without a status filter: submit, draft, unpaid,
 * partially_paid and rejected.
 */
export async function listInvoices(services: Services, actor: Actor, query: RawListQuery): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const list = parseListQuery(INVOICE_LIST, query);
  const companyId = actor.membership?.companyId;
  if (!companyId) throw notFound('Company');
  const visible = sql<boolean>`(i.company_id = ${companyId} or (i.client_id = ${companyId} and i.sent_at is not null))`;
  const statuses = filtersStatus(query) ? null : [...DEFAULT_INVOICE_LIST_STATUSES];
  let base = invoiceRows(services.db).where(visible);
  let lean = services.db.selectFrom('invoices as i').select('i.id').where(visible);
  if (statuses) {
    base = base.where('i.status', 'in', statuses);
    lean = lean.where('i.status', 'in', statuses);
  }
  const page = await runList(base, list, { base: lean, aliases: ['i'] });
  return { total: page.total, rows: page.rows.map((r) => listRowView(r as never, companyId)) };
}
