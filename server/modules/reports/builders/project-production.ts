import type { ProjectProductionReportQuery, ReportDocument, ReportRow } from '../../../../resources/report.js';
import { formatReportValue, REPORT_TITLES } from '../../../../resources/report.js';
import type { Actor } from '../../../http/actor.js';
import type { Services } from '../../../services.js';
import { projectAccess } from '../../projects/project-access.js';
import { projectOverview } from '../../projects/project-overview.js';
import { reportRange } from '../../projects/project-production-report.js';
import { byKey, percentOf, reportFigures } from '../report-figures.js';

const QTY = { fn: 'sum', field: 'quantity' } as const;
const AMOUNT = { fn: 'sum', field: 'amount' } as const;

/**
 * The project production report: what approved production made of each budget item, per crew and per
 * day within the range (days in the project's time zone, both included), against what the budget
 * plans; every figure asked of the figures model (production: approved, this project; budget: this
 * project's items), the headline figures from the project's overview (GET /projects/{id}/report/overview).
 */
export async function projectProductionReport(services: Services, actor: Actor, q: ProjectProductionReportQuery): Promise<ReportDocument> {
  const { project } = await projectAccess(services.db, actor, q.projectId, 'view');
  const range = reportRange(project, q);
  const figures = await reportFigures(services, actor);
  const onProject = { field: 'project', operator: 'eq', value: q.projectId } as const;
  const approved = [onProject, { field: 'status', operator: 'eq', value: 'approved' } as const];
  const [overview, madeQty, madeAmount, byCrew, byDay, plannedQty, plannedAmount] = await Promise.all([
    projectOverview(services.db, actor, q.projectId),
    figures.ask('production', QTY, 'item', approved, range),
    figures.ask('production', AMOUNT, 'item', approved, range),
    figures.ask('production', AMOUNT, 'crew', approved, range),
    figures.ask('production', AMOUNT, 'day', approved, range),
    figures.ask('budget', QTY, 'item', [onProject]),
    figures.ask('budget', AMOUNT, 'item', [onProject]),
  ]);
  const itemIds = [...new Set([...plannedAmount.rows, ...madeAmount.rows].map((r) => Number(r.key)))];
  const units = itemIds.length
    ? new Map((await services.db.selectFrom('items').select(['id', 'unit']).where('id', 'in', itemIds).execute()).map((i) => [i.id, i.unit]))
    : new Map<number, string | null>();
  const [pq, pa, mq, ma] = [plannedQty, plannedAmount, madeQty, madeAmount].map(byKey);
  const labels = new Map([...plannedAmount.rows, ...madeAmount.rows].map((r) => [String(r.key), r.label]));
  const items: ReportRow[] = [...labels.entries()]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([key, label]) => {
      const planned = pa!.get(key)?.value ?? '0.00';
      const produced = ma!.get(key)?.value ?? '0.00';
      return {
        item: label,
        unit: units.get(Number(key)) ?? null,
        plannedQuantity: pq!.get(key)?.value ?? '0',
        plannedAmount: planned,
        producedQuantity: mq!.get(key)?.value ?? '0',
        producedAmount: produced,
        complete: percentOf(produced, planned, 2),
      };
    });
  const produced = madeAmount.total;
  return {
    report: 'project-production',
    title: `${REPORT_TITLES['project-production']} ${project.code}`,
    subtitle: `${project.project_name} (${project.code}), approved production from ${formatReportValue('day', range.from)} to ${formatReportValue('day', range.to)}`,
    range,
    timeZone: project.timezone,
    facts: [
      { label: 'Planned (budget with accepted change orders)', value: overview.plannedAmount, kind: 'money' },
      { label: 'Accepted change orders', value: overview.changeOrderAmount, kind: 'money' },
      { label: 'Produced in range', value: produced, kind: 'money' },
      { label: 'Of the plan, produced in range', value: percentOf(produced, plannedAmount.total, 2), kind: 'percent' },
      { label: 'Produced to date', value: overview.producedAmount, kind: 'money' },
      { label: 'Billed to date', value: overview.billedAmount, kind: 'money' },
      { label: 'Days elapsed', value: overview.daysElapsed === null ? null : `${overview.daysElapsed}${overview.daysTotal ? ` of ${overview.daysTotal}` : ''}`, kind: 'text' },
    ],
    charts: [
      {
        id: 'planned-produced',
        title: 'Planned against produced, per item',
        kind: 'bar',
        unit: 'money',
        categories: items.map((i) => String(i.item)),
        series: [
          { label: 'Planned', values: items.map((i) => String(i.plannedAmount)) },
          { label: 'Produced in range', values: items.map((i) => String(i.producedAmount)) },
        ],
      },
      { id: 'by-day', title: 'Produced per day', kind: 'line', unit: 'money', categories: byDay.rows.map((r) => String(r.key)), series: [{ label: 'Produced', values: byDay.rows.map((r) => r.value) }] },
      { id: 'by-crew', title: 'Produced per crew', kind: 'pie', unit: 'money', categories: byCrew.rows.map((r) => r.label), series: [{ label: 'Produced', values: byCrew.rows.map((r) => r.value) }] },
    ],
    tables: [
      {
        id: 'items',
        title: 'Per item',
        columns: [
          { key: 'item', label: 'Item', kind: 'text' },
          { key: 'unit', label: 'Unit', kind: 'text' },
          { key: 'plannedQuantity', label: 'Planned quantity', kind: 'quantity' },
          { key: 'plannedAmount', label: 'Planned amount', kind: 'money' },
          { key: 'producedQuantity', label: 'Produced quantity', kind: 'quantity' },
          { key: 'producedAmount', label: 'Produced amount', kind: 'money' },
          { key: 'complete', label: '% of plan', kind: 'percent' },
        ],
        rows: items,
        totals: { plannedAmount: plannedAmount.total, producedAmount: produced, complete: percentOf(produced, plannedAmount.total, 2) },
        empty: 'This project has no budget items and no approved production in these days.',
      },
      {
        id: 'crews',
        title: 'Per crew',
        columns: [
          { key: 'crew', label: 'Crew', kind: 'text' },
          { key: 'producedAmount', label: 'Produced amount', kind: 'money' },
          { key: 'share', label: 'Share', kind: 'percent' },
        ],
        rows: byCrew.rows.map((r) => ({ crew: r.label, producedAmount: r.value, share: percentOf(r.value, produced, 2) })),
        totals: { producedAmount: byCrew.total },
        empty: 'No crew has approved production on this project in these days.',
      },
      {
        id: 'days',
        title: 'Per day',
        columns: [
          { key: 'day', label: 'Day', kind: 'day' },
          { key: 'producedAmount', label: 'Produced amount', kind: 'money' },
        ],
        rows: byDay.rows.map((r) => ({ day: String(r.key), producedAmount: r.value })),
        totals: { producedAmount: byDay.total },
        empty: 'No approved production in these days.',
      },
    ],
    generatedAt: new Date().toISOString(),
  };
}
