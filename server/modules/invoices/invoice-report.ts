import type { FastifyReply } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { INVOICE_REPORT_DATE_FIELDS, INVOICE_REPORT_GROUPS, INVOICE_STATUSES, type InvoiceReportInput } from '../../../resources/invoice.js';
import { e3ToQuantity } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { sendXlsx } from '../../lib/xlsx-reply.js';
import type { Services } from '../../services.js';
import { actingCompany } from './invoice-scope.js';
import { writeInvoiceReport, type ReportGroup, type ReportSums } from './invoice-report-sheet.js';

const text = (v: unknown) => BigInt(String(v ?? '0'));
/** Σ of a cents column as text, exact on both databases (PostgreSQL's numeric, SQLite's 64-bit integers). */
const sum = (column: string) => sql<string>`cast(coalesce(sum(${sql.ref(column)}), 0) as text)`;

/** The day an invoice counts on for the report, as YYYY-MM-DD. */
function dayOf(dialect: Services['dialect'], field: string): RawBuilder<string> {
  if (field === 'dueDate') return sql<string>`i.due_date`;
  if (field === 'weekEndingDate') return sql<string>`i.week_ending_date`;
  return dialect === 'postgres' ? sql<string>`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(i.created_at, 1, 10)`;
}

/** The group an invoice falls in; weeks start on Monday. */
function groupOf(dialect: Services['dialect'], groupBy: string, day: RawBuilder<string>): RawBuilder<string> {
  switch (groupBy) {
    case 'client':
      return sql<string>`coalesce(i.client_name, '')`;
    case 'status':
      return sql<string>`i.status`;
    case 'month':
      return sql<string>`substr(${day}, 1, 7)`;
    case 'week':
      return dialect === 'postgres' ? sql<string>`to_char(date_trunc('week', cast(${day} as date)), 'YYYY-MM-DD')` : sql<string>`date(${day}, '-6 days', 'weekday 1')`;
    default:
      return sql<string>`p.code || ' · ' || p.project_name`;
  }
}

/**
 * The invoices of the report: those the company sent, or with sourceSubcontractor those that
 * subcontractor sent it; never drafts it never sent nor cancelled ones; whose report day is in range.
 */
function selected(db: Executor, dialect: Services['dialect'], companyId: number, body: InvoiceReportInput) {
  const day = dayOf(dialect, body.groupByField);
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .where('i.status', '!=', 'cancelled')
    .where(sql<boolean>`${day} >= ${body.range.from} and ${day} <= ${body.range.to}`);
  query = body.sourceSubcontractor
    ? query.where('i.company_id', '=', body.sourceSubcontractor).where('i.client_id', '=', companyId).where('i.sent_at', 'is not', null)
    : query.where('i.company_id', '=', companyId);
  return { query, day };
}

const sums = (r: { n: unknown; subtotal: unknown; retainage: unknown; released: unknown; paid: unknown }): ReportSums => {
  const subtotal = text(r.subtotal);
  const due = subtotal - text(r.retainage) + text(r.released);
  return { count: Number(r.n), subtotal, retainage: text(r.retainage), released: text(r.released), paid: text(r.paid), due, balance: due - text(r.paid) };
};

async function invoiceGroups(db: Executor, dialect: Services['dialect'], companyId: number, body: InvoiceReportInput): Promise<{ groups: ReportGroup[]; totals: ReportSums }> {
  const { query, day } = selected(db, dialect, companyId, body);
  const key = groupOf(dialect, body.groupBy, day);
  const totalsCols = [sql<number>`count(*)`.as('n'), sum('i.subtotal_cents').as('subtotal'), sum('i.retainage_cents').as('retainage'), sum('i.released_cents').as('released'), sum('i.paid_cents').as('paid')];
  const [rows, groupSums, total] = await Promise.all([
    query
      .select([key.as('group_key'), day.as('day'), 'i.number', 'p.code', 'i.client_name', 'i.status', 'i.due_date', 'i.subtotal_cents', 'i.retainage_cents', 'i.released_cents', 'i.paid_cents'])
      .orderBy(sql`1`)
      .orderBy(sql`2`)
      .orderBy('i.id')
      .execute(),
    query.select([key.as('group_key'), ...totalsCols]).groupBy(sql`1`).execute(),
    query.select(totalsCols).executeTakeFirstOrThrow(),
  ]);
  const byKey = new Map(groupSums.map((g) => [String(g.group_key ?? ''), sums(g)]));
  const groups: ReportGroup[] = [];
  for (const r of rows) {
    const k = String(r.group_key ?? '');
    let group = groups.at(-1);
    if (group?.key !== k) groups.push((group = { key: k, label: groupLabel(body.groupBy, k), rows: [], sums: byKey.get(k)! }));
    const subtotal = BigInt(r.subtotal_cents);
    const due = subtotal - BigInt(r.retainage_cents) + BigInt(r.released_cents);
    group.rows.push({
      cells: [r.number, r.code, r.client_name ?? '', INVOICE_STATUSES.find((s) => s.value === r.status)?.label ?? r.status, r.day ?? '', r.due_date ?? ''],
      money: [subtotal, BigInt(r.retainage_cents), BigInt(r.released_cents), due, BigInt(r.paid_cents), due - BigInt(r.paid_cents)],
    });
  }
  return { groups, totals: sums(total) };
}

/** Grouped by item: each billed item's quantity and amount over the report's invoices, summed in SQL. */
async function itemGroups(db: Executor, dialect: Services['dialect'], companyId: number, body: InvoiceReportInput) {
  const { query } = selected(db, dialect, companyId, body);
  const lines = query.innerJoin('invoice_lines as l', 'l.invoice_id', 'i.id').innerJoin('budget_items as bi', 'bi.id', 'l.budget_item_id').innerJoin('items as it', 'it.id', 'bi.item_id');
  const [rows, total] = await Promise.all([
    lines
      .select(['it.id', 'it.name', 'it.code', 'it.unit', sql<string>`cast(sum(l.quantity_e3) as text)`.as('quantity'), sum('l.amount_cents').as('amount')])
      .groupBy(['it.id', 'it.name', 'it.code', 'it.unit'])
      .orderBy('it.name')
      .orderBy('it.id')
      .execute(),
    query.select([sql<number>`count(*)`.as('n'), sum('i.subtotal_cents').as('subtotal'), sum('i.retainage_cents').as('retainage'), sum('i.released_cents').as('released'), sum('i.paid_cents').as('paid')]).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ name: r.name, code: r.code, unit: r.unit, quantity: e3ToQuantity(text(r.quantity)), amount: text(r.amount) })), totals: sums(total) };
}

function groupLabel(groupBy: string, key: string) {
  if (groupBy === 'status') return INVOICE_STATUSES.find((s) => s.value === key)?.label ?? key;
  if (groupBy === 'week') return `Week of ${key.slice(5, 7)}/${key.slice(8, 10)}/${key.slice(0, 4)}`;
  return key || '(none)';
}

/** A subcontractor working on one of the company's projects, or 400. */
async function subcontractorOf(db: Executor, companyId: number, subcontractorId: number) {
  const row = await db
    .selectFrom('project_crew_companies as pc')
    .innerJoin('projects as p', 'p.id', 'pc.project_id')
    .innerJoin('companies as c', 'c.id', 'pc.company_id')
    .select('c.name')
    .where('p.company_id', '=', companyId)
    .where('pc.company_id', '=', subcontractorId)
    .executeTakeFirst();
  if (!row) throw badRequest('sourceSubcontractor: Choose a subcontractor', [{ field: 'sourceSubcontractor', message: 'Choose a subcontractor' }]);
  return row;
}

const mmddyyyy = (d: string) => `${d.slice(5, 7)}${d.slice(8, 10)}${d.slice(0, 4)}`;
export const invoiceReportFilename = (from: string, to: string) => `Invoice_Report_${mmddyyyy(from)}_${mmddyyyy(to)}.xlsx`;

/**
 * POST /invoices/{companyId}/report: the company's invoices in the range (by the asked date field) as
 * an xlsx grouped as asked, with each group's and the grand totals summed in SQL. Read whole before
 * the first byte goes out, then streamed as exceljs writes it.
 */
export async function invoiceReport(services: Services, actor: Actor, reply: FastifyReply, companyId: number, body: InvoiceReportInput) {
  actingCompany(actor, companyId);
  const db = services.db;
  const company = await db.selectFrom('companies').select(['name', 'timezone']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const source = body.sourceSubcontractor ? await subcontractorOf(db, companyId, body.sourceSubcontractor) : null;
  const head = {
    companyName: company.name,
    timezone: company.timezone,
    source: source?.name ?? null,
    from: body.range.from,
    to: body.range.to,
    groupBy: INVOICE_REPORT_GROUPS.find((g) => g.value === body.groupBy)!.label,
    dateField: INVOICE_REPORT_DATE_FIELDS.find((g) => g.value === body.groupByField)!.label,
    generatedAt: new Date(),
  };
  const data =
    body.groupBy === 'item'
      ? { ...head, kind: 'items' as const, ...(await itemGroups(db, services.dialect, companyId, body)) }
      : { ...head, kind: 'invoices' as const, ...(await invoiceGroups(db, services.dialect, companyId, body)) };
  return sendXlsx(reply, invoiceReportFilename(body.range.from, body.range.to), (out) => writeInvoiceReport(out, data));
}
