import type { PlanEvidence } from '../../../resources/plan-takeoff.js';
import type { Invoice, InvoiceLine, InvoiceListRow, InvoiceStatus, InvoiceTotals, InvoiceTransaction, InvoiceTransactionKind, PaymentMethod } from '../../../resources/invoice.js';
import { centsToMoney, e3ToPercent, e3ToQuantity } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Services } from '../../services.js';
import { invoiceSettingsView } from '../companies/invoice-settings.js';
import { clientParts } from './invoice-moves.js';
import type { InvoiceRow, InvoiceScope } from './invoice-scope.js';

/** Invoices (`i`) with the issuer's name and the project's code and name, as the list and every answer read them. */
export const invoiceRows = (db: Executor) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('companies as co', 'co.id', 'i.company_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .selectAll('i')
    .select(['co.name as company_name', 'p.code as project_code', 'p.project_name as project_name']);

type ListRow = InvoiceRow & { company_name: string; project_code: string; project_name: string };

/** The amounts of an invoice in cents: due = subtotal − retainage + released; balance = due − paid. */
export function amounts(row: Pick<InvoiceRow, 'subtotal_cents' | 'retainage_cents' | 'released_cents' | 'paid_cents'>) {
  const subtotal = BigInt(row.subtotal_cents);
  const retainage = BigInt(row.retainage_cents);
  const released = BigInt(row.released_cents);
  const paid = BigInt(row.paid_cents);
  const due = subtotal - retainage + released;
  return { subtotal, retainage, released, paid, due, balance: due - paid };
}

export function totalsView(row: InvoiceRow): InvoiceTotals {
  const a = amounts(row);
  return {
    subtotal: centsToMoney(a.subtotal),
    retainagePercent: e3ToPercent(row.retainage_e3),
    retainage: centsToMoney(a.retainage),
    released: centsToMoney(a.released),
    due: centsToMoney(a.due),
    paid: centsToMoney(a.paid),
    balance: centsToMoney(a.balance),
  };
}

export function listRowView(row: ListRow, companyId: number): InvoiceListRow {
  return {
    id: row.id,
    number: row.number,
    companyId: row.company_id,
    companyName: row.company_name,
    projectId: row.project_id,
    projectCode: row.project_code,
    projectName: row.project_name,
    clientId: row.client_id,
    clientName: row.client_name,
    status: row.status as InvoiceStatus,
    dueDate: row.due_date,
    weekEndingDate: row.week_ending_date,
    direction: row.company_id === companyId ? 'sent' : 'received',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...totalsView(row),
  };
}

/** Every line of an invoice (a cancelled one's too), by production day; the first `limit` of them when given. */
export async function invoiceLines(db: Executor, invoiceId: number, limit?: number): Promise<InvoiceLine[]> {
  const rows = await db
    .selectFrom('invoice_lines as l')
    .innerJoin('productions as pr', 'pr.id', 'l.production_id')
    .innerJoin('crews as c', 'c.id', 'pr.crew_id')
    .innerJoin('budget_items as bi', 'bi.id', 'l.budget_item_id')
    .innerJoin('items as it', 'it.id', 'bi.item_id')
    .select(['l.id', 'l.production_id', 'pr.date', 'c.name as crew_name', 'l.production_item_id', 'l.budget_item_id', 'it.name', 'it.code', 'it.unit', 'l.quantity_e3', 'l.price_cents', 'l.amount_cents'])
    .where('l.invoice_id', '=', invoiceId)
    .orderBy('pr.date')
    .orderBy('l.id')
    .$if(limit !== undefined, (q) => q.limit(limit!))
    .execute();
  const evidence = await planEvidence(db, [...new Set(rows.map((r) => r.production_item_id))]);
  return rows.map((r) => ({
    id: r.id,
    productionId: r.production_id,
    productionDate: r.date,
    crewName: r.crew_name,
    productionItemId: r.production_item_id,
    budgetItemId: r.budget_item_id,
    itemName: r.name,
    itemCode: r.code,
    unit: r.unit,
    quantity: e3ToQuantity(r.quantity_e3),
    price: centsToMoney(r.price_cents),
    amount: centsToMoney(r.amount_cents),
    planEvidence: evidence.get(r.production_item_id) ?? [],
  }));
}

/** The plan drawings production items were marked on (issue 20): each line's evidence, by production item. */
async function planEvidence(db: Executor, productionItemIds: number[]): Promise<Map<number, PlanEvidence[]>> {
  const byItem = new Map<number, PlanEvidence[]>();
  for (let i = 0; i < productionItemIds.length; i += 500) {
    const rows = await db
      .selectFrom('production_plan_marks as m')
      .innerJoin('plan_layer_items as li', 'li.id', 'm.layer_item_id')
      .select(['m.production_item_id', 'li.file_id', 'li.page_number', 'li.id'])
      .where('m.production_item_id', 'in', productionItemIds.slice(i, i + 500))
      .orderBy('m.id')
      .execute();
    for (const r of rows) {
      const list = byItem.get(r.production_item_id) ?? [];
      if (!list.some((e) => e.layerItemId === r.id)) list.push({ fileId: r.file_id, pageNumber: r.page_number, layerItemId: r.id });
      byItem.set(r.production_item_id, list);
    }
  }
  return byItem;
}

async function transactions(db: Executor, invoiceId: number): Promise<InvoiceTransaction[]> {
  const rows = await db
    .selectFrom('invoice_transactions as t')
    .innerJoin('invoices as i', 'i.id', 't.invoice_id')
    .leftJoin('users as u', 'u.id', 't.created_by')
    // Rows from before the recording company was kept are the issuer's.
    .leftJoin('companies as c', (join) => join.on((eb) => eb('c.id', '=', eb.fn.coalesce('t.company_id', 'i.company_id'))))
    .select(['t.id', 't.kind', 't.amount_cents', 't.paid_on', 't.method', 't.reference', 't.note', 't.created_at', 'u.name as created_by_name', 'c.name as company_name'])
    .where('t.invoice_id', '=', invoiceId)
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as InvoiceTransactionKind,
    amount: centsToMoney(r.amount_cents),
    paidOn: r.paid_on,
    method: r.method as PaymentMethod | null,
    reference: r.reference,
    note: r.note,
    createdBy: r.created_by_name,
    recordedByCompany: r.company_name,
    createdAt: r.created_at,
  }));
}

/** The issuing company as its invoices print it: address, logo and its invoice settings. */
export async function issuerBlock(db: Executor, companyId: number): Promise<Invoice['issuer']> {
  const c = await db
    .selectFrom('companies')
    .select(['name', 'address', 'city', 'state', 'zip', 'logo_url', 'invoice_settings'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const settings = invoiceSettingsView(c.invoice_settings);
  return { name: c.name, address: addressLine(c), logoUrl: c.logo_url, remitTo: settings.remitTo, footerNotes: settings.footerNotes, paymentTermsDays: settings.paymentTermsDays };
}

/** A company's postal address on one line: street, city, state and zip. */
function addressLine(c: { address: string | null; city: string | null; state: string | null; zip: string | null }): string | null {
  const place = [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [c.address, place].filter(Boolean).join(', ') || null;
}

/**
 * Who the invoice bills, as printed, and the project facts it carries: the client company's address
 * and contact e-mail; for a client off the platform, the project's typed client name and e-mail.
 */
async function billedBlock(db: Executor, row: Pick<InvoiceRow, 'project_id' | 'client_id' | 'client_name'>) {
  const project = await db
    .selectFrom('projects')
    .select(['timezone', 'powo_number', 'client_name', 'client_email'])
    .where('id', '=', row.project_id)
    .executeTakeFirstOrThrow();
  const client = row.client_id
    ? await db.selectFrom('companies').select(['name', 'address', 'city', 'state', 'zip', 'contact_email']).where('id', '=', row.client_id).executeTakeFirst()
    : undefined;
  const billTo = client
    ? { name: row.client_name ?? client.name, address: addressLine(client), email: client.contact_email }
    : { name: row.client_name ?? project.client_name, address: null, email: project.client_email };
  return { billTo, powoNumber: project.powo_number, projectTimezone: project.timezone };
}

/** GET /invoices/{id}: the invoice, its lines and transactions, the issuer, its client's part and what the caller may do now. */
export async function loadInvoice(services: Services, db: Executor, scope: Pick<InvoiceScope, 'companyId' | 'side' | 'canManage'>, id: number): Promise<Invoice> {
  const row = (await invoiceRows(db).select('p.is_single_part').where('i.id', '=', id).executeTakeFirstOrThrow()) as ListRow & { is_single_part: number };
  const full: InvoiceScope = { ...scope, invoice: row, userId: 0 };
  const [lines, txs, issuer, billed] = await Promise.all([invoiceLines(db, id), transactions(db, id), issuerBlock(db, row.company_id), billedBlock(db, row)]);
  const client = await clientParts(services, db, full, row);
  return {
    ...listRowView(row, scope.companyId),
    notes: row.notes,
    singlePart: !!row.single_part,
    rejectReason: row.reject_reason,
    cancelReason: row.cancel_reason,
    sentAt: row.sent_at,
    approvedAt: row.approved_at,
    paidAt: row.paid_at,
    lines,
    transactions: txs,
    ...billed,
    issuer,
    ...client,
  };
}

/** What the audit trail keeps of an invoice: readable values, money as decimal text (never its lines one by one). */
export const invoiceSnapshot = (row: InvoiceRow, lineCount: number) => ({
  number: row.number,
  status: row.status,
  client: row.client_name,
  dueDate: row.due_date,
  weekEndingDate: row.week_ending_date,
  notes: row.notes,
  lines: lineCount,
  ...totalsView(row),
  rejectReason: row.reject_reason,
  cancelReason: row.cancel_reason,
  contact: row.contact_email ? (row.contact_name ? `${row.contact_name} <${row.contact_email}>` : row.contact_email) : null,
});
