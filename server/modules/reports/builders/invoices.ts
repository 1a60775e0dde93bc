import type { FigureAnswer, FigureFilter, FigureSource } from '../../../../resources/figures.js';
import { figureStatusLabel } from '../../../../resources/figures.js';
import { centsToMoney, parseScaled } from '../../../../resources/money.js';
import type { InvoicesReportQuery, ReportDocument, ReportRow } from '../../../../resources/report.js';
import { AGEING_BUCKETS, BILLED_INVOICE_STATUSES, formatReportValue, INVOICE_REPORT_DATES, INVOICE_REPORT_GROUPINGS, REPORT_TITLES } from '../../../../resources/report.js';
import { todayIn } from '../../../../resources/time-zone.js';
import type { Actor } from '../../../http/actor.js';
import { notFound } from '../../../http/errors.js';
import type { Services } from '../../../services.js';
import { shiftDay } from '../../figures/source-sql.js';
import { percentOf, reportFigures } from '../report-figures.js';

const cents = (v: string | undefined) => parseScaled(v ?? '0', 2) ?? 0n;
const keyOf = (key: string | number | null) => String(key);
const sum = (field: 'amount' | 'paid' | 'outstanding' | 'retainage') => ({ fn: 'sum', field }) as const;
const COUNT = { fn: 'count' } as const;

/** The days asked for, both included: left out, this year so far in the company's days (`to` no earlier than `from`). */
export function invoicesRange(today: string, asked: { from?: string; to?: string }) {
  const to = asked.to ?? (asked.from && asked.from > today ? asked.from : today);
  return { from: asked.from ?? `${to.slice(0, 4)}-01-01`, to };
}

/** The due-day filters of an ageing bucket as of `today`: due from `today − last` to `today − first` days. */
function pastDueFilters(today: string, [first, last]: readonly [number, number | null]): FigureFilter[] {
  return [
    { field: 'due', operator: 'lte', value: shiftDay(today, -first) },
    ...(last === null ? [] : [{ field: 'due', operator: 'gte', value: shiftDay(today, -last) } as const]),
  ];
}

/** The subcontractor whose invoices are asked for: a company that is (or was) the company's subcontractor, else 404. */
async function subcontractorName(services: Services, companyId: number, subcontractorId: number) {
  const row = await services.db
    .selectFrom('partnerships as ps')
    .innerJoin('companies as c', 'c.id', 'ps.subcontractor_id')
    .select('c.name')
    .where('ps.client_id', '=', companyId)
    .where('ps.subcontractor_id', '=', subcontractorId)
    .executeTakeFirst();
  if (!row) throw notFound('Subcontractor');
  return row.name;
}

/**
 * The invoices report: billed, paid, outstanding and retainage held per client or project over the
 * invoices whose day (created, or due) is in the range, and the ageing of what is outstanding as of
 * today in the company's days (current: not yet due or without a due day; then 1–30, 31–60, 61–90 and
 * over 90 days past due). Every figure is a question to the figures model (the invoice source, or
 * invoice_received for what a subcontractor billed the company), so a widget asking the same agrees.
 */
export async function invoicesReport(services: Services, actor: Actor, q: InvoicesReportQuery): Promise<ReportDocument> {
  const companyId = actor.membership!.companyId;
  const company = await services.db.selectFrom('companies').select(['name', 'timezone']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const subcontractor = q.subcontractorId ? await subcontractorName(services, companyId, q.subcontractorId) : null;
  const today = todayIn(company.timezone);
  const range = invoicesRange(today, q);
  const groupBy = q.groupBy ?? 'project';
  const dates = q.dates ?? 'created';
  const source: FigureSource = q.subcontractorId ? 'invoice_received' : 'invoice';
  const figures = await reportFigures(services, actor);

  // The range is the figures' date range on the created day, or two due-day filters.
  const inRange = dates === 'created' ? range : undefined;
  const selection: FigureFilter[] = [
    ...(q.subcontractorId ? [{ field: 'subcontractor', operator: 'eq', value: q.subcontractorId } as const] : []),
    ...(dates === 'due' ? ([{ field: 'due', operator: 'gte', value: range.from }, { field: 'due', operator: 'lte', value: range.to }] as const) : []),
  ];
  const billed: FigureFilter[] = [...selection, { field: 'status', operator: 'in', value: [...BILLED_INVOICE_STATUSES] }];
  const pastDue = AGEING_BUCKETS.flatMap((b) => (b.pastDue ? [{ key: b.key, filters: pastDueFilters(today, b.pastDue) }] : []));

  const [count, amount, paid, outstanding, retainage, byStatusCount, byStatusAmount, ...aged] = await Promise.all([
    figures.ask(source, COUNT, groupBy, billed, inRange),
    figures.ask(source, sum('amount'), groupBy, billed, inRange),
    figures.ask(source, sum('paid'), groupBy, billed, inRange),
    figures.ask(source, sum('outstanding'), groupBy, billed, inRange),
    figures.ask(source, sum('retainage'), groupBy, billed, inRange),
    figures.ask(source, COUNT, 'status', selection, inRange),
    figures.ask(source, sum('amount'), 'status', selection, inRange),
    ...pastDue.map((b) => figures.ask(source, sum('outstanding'), groupBy, [...billed, ...b.filters], inRange)),
  ]);
  const agedBy = new Map(pastDue.map((b, i) => [b.key, aged[i]!] as const));
  const value = (a: FigureAnswer, key: string) => a.rows.find((r) => keyOf(r.key) === key)?.value ?? '0.00';

  // Every group with billed invoices: the count answers each (a group of invoices worth 0.00 still counts).
  const groups = count.rows.map((r) => ({ key: keyOf(r.key), label: r.label })).sort((a, b) => a.label.localeCompare(b.label));
  const overdueOf = (key: string | null) =>
    pastDue.reduce((s, b) => s + cents(key === null ? agedBy.get(b.key)!.total : value(agedBy.get(b.key)!, key)), 0n);
  const ageingOf = (key: string | null): ReportRow => {
    const pick = (a: FigureAnswer) => (key === null ? a.total : value(a, key));
    const late = Object.fromEntries(pastDue.map((b) => [b.key, pick(agedBy.get(b.key)!)]));
    return { current: centsToMoney(cents(pick(outstanding)) - overdueOf(key)), ...late, outstanding: pick(outstanding) };
  };
  const groupLabel = INVOICE_REPORT_GROUPINGS.find((g) => g.value === groupBy)!.label;
  const rows: ReportRow[] = groups.map((g) => ({
    group: g.label,
    invoices: Number(value(count, g.key)),
    billed: value(amount, g.key),
    paid: value(paid, g.key),
    retainage: value(retainage, g.key),
    outstanding: value(outstanding, g.key),
    overdue: centsToMoney(overdueOf(g.key)),
  }));
  const ageingRows: ReportRow[] = groups.map((g) => ({ group: g.label, ...ageingOf(g.key) }));
  const ageingTotals = ageingOf(null);
  const overdue = centsToMoney(overdueOf(null));
  const statusRows: ReportRow[] = byStatusAmount.rows.map((r) => ({
    status: figureStatusLabel('invoice', String(r.key)),
    billed: (BILLED_INVOICE_STATUSES as readonly string[]).includes(String(r.key)) ? 'Yes' : 'No',
    invoices: Number(value(byStatusCount, keyOf(r.key))),
    amount: r.value,
  }));

  const whose = subcontractor ? `received from ${subcontractor}` : `issued by ${company.name}`;
  const datesLabel = INVOICE_REPORT_DATES.find((d) => d.value === dates)!.label.toLowerCase();
  return {
    report: 'invoices',
    title: subcontractor ? `${REPORT_TITLES.invoices} from ${subcontractor}` : REPORT_TITLES.invoices,
    subtitle: `Invoices ${whose}, ${datesLabel} from ${formatReportValue('day', range.from)} to ${formatReportValue('day', range.to)}, per ${groupLabel.toLowerCase()}; ageing as of ${formatReportValue('day', today)}`,
    range,
    timeZone: company.timezone,
    facts: [
      { label: 'Billed', value: amount.total, kind: 'money' },
      { label: 'Paid', value: paid.total, kind: 'money' },
      { label: 'Outstanding', value: outstanding.total, kind: 'money' },
      { label: 'Retainage held', value: retainage.total, kind: 'money' },
      { label: 'Overdue', value: overdue, kind: 'money' },
      { label: 'Paid of billed', value: percentOf(paid.total, amount.total, 2), kind: 'percent' },
      { label: 'Invoices', value: Number(count.total), kind: 'count' },
    ],
    charts: [
      {
        id: 'per-group',
        title: `Billed, paid and outstanding per ${groupLabel.toLowerCase()}`,
        kind: 'bar',
        unit: 'money',
        categories: rows.map((r) => String(r.group)),
        series: [
          { label: 'Billed', values: rows.map((r) => String(r.billed)) },
          { label: 'Paid', values: rows.map((r) => String(r.paid)) },
          { label: 'Outstanding', values: rows.map((r) => String(r.outstanding)) },
        ],
      },
      {
        id: 'ageing',
        title: `Outstanding by days past due, as of ${formatReportValue('day', today)}`,
        kind: 'bar',
        unit: 'money',
        categories: AGEING_BUCKETS.map((b) => b.short),
        series: [{ label: 'Outstanding', values: AGEING_BUCKETS.map((b) => String(ageingTotals[b.key])) }],
      },
    ],
    tables: [
      {
        id: 'groups',
        title: `Per ${groupLabel.toLowerCase()}`,
        columns: [
          { key: 'group', label: groupLabel, kind: 'text' },
          { key: 'invoices', label: 'Invoices', kind: 'count' },
          { key: 'billed', label: 'Billed', kind: 'money' },
          { key: 'paid', label: 'Paid', kind: 'money' },
          { key: 'retainage', label: 'Retainage held', kind: 'money' },
          { key: 'outstanding', label: 'Outstanding', kind: 'money' },
          { key: 'overdue', label: 'Overdue', kind: 'money' },
        ],
        rows,
        totals: { invoices: Number(count.total), billed: amount.total, paid: paid.total, retainage: retainage.total, outstanding: outstanding.total, overdue },
        empty: 'No invoice was sent in these days.',
      },
      {
        id: 'ageing',
        title: `Ageing of what is outstanding, as of ${formatReportValue('day', today)}`,
        columns: [
          { key: 'group', label: groupLabel, kind: 'text' },
          ...AGEING_BUCKETS.map((b) => ({ key: b.key, label: b.label, kind: 'money' as const })),
          { key: 'outstanding', label: 'Outstanding', kind: 'money' },
        ],
        rows: ageingRows,
        totals: ageingTotals,
        empty: 'Nothing is outstanding on the invoices of these days.',
      },
      {
        id: 'statuses',
        title: 'Every invoice of these days by status',
        columns: [
          { key: 'status', label: 'Status', kind: 'text' },
          { key: 'billed', label: 'Counted as billed', kind: 'text' },
          { key: 'invoices', label: 'Invoices', kind: 'count' },
          { key: 'amount', label: 'Amount', kind: 'money' },
        ],
        rows: statusRows,
        totals: { invoices: Number(byStatusCount.total), amount: byStatusAmount.total },
        empty: 'No invoice in these days.',
      },
    ],
    generatedAt: new Date().toISOString(),
  };
}
