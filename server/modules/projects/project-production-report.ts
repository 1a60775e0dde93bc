import type { FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import { productionReportFilename } from '../../../resources/project-report.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import type { Services } from '../../services.js';
import { projectAccess, type ProjectRow } from './project-access.js';
import { todayIn } from './project-overview.js';
import { writeProductionSheet, type ReportLine } from './production-report-sheet.js';

/** The days a report covers, YYYY-MM-DD, both included, in the project's time zone. */
export interface ReportRange {
  from: string;
  to: string;
}

/**
 * The range asked for, with the defaults of the contract (resources/project-report.ts): `to` is today
 * where the project is (or `from`, when later), `from` the project's start date, or the first of
 * `to`'s month when the project has none or starts after `to`.
 */
export function reportRange(project: Pick<ProjectRow, 'start_date' | 'timezone'>, asked: { from?: string; to?: string }, now = new Date()): ReportRange {
  const today = todayIn(project.timezone, now);
  const to = asked.to ?? (asked.from && asked.from > today ? asked.from : today);
  const from = asked.from ?? (project.start_date && project.start_date <= to ? project.start_date : `${to.slice(0, 8)}01`);
  return { from, to };
}

/** What was produced of one budget item within a range. */
export interface Produced {
  /** A decimal written out: production quantities keep their decimals. */
  quantity: string;
  cents: bigint;
}

const NOTHING: Produced = { quantity: '0', cents: 0n };

/**
 * The production of the project's budget items within the range: per item, and the total (summed in
 * SQL, exactly, like the planned total). Productions do not exist yet: issue 9 fills this from
 * approved production (quantities of productions dated within the range, in the project's time
 * zone, times the budget item's price). Until then every item produced nothing, as the budget
 * figures answer produced "0.00" (server/modules/budgets/budget-figures.ts).
 */
export async function producedInRange(
  _db: Executor,
  _projectId: number,
  _range: ReportRange,
): Promise<{ of: (budgetItemId: number) => Produced; totalCents: bigint }> {
  return { of: () => NOTHING, totalCents: 0n };
}

/** The project's own budget items (sub-projects have reports of their own), by item name. */
async function budgetLines(db: Executor, projectId: number) {
  return db
    .selectFrom('budgets as b')
    .innerJoin('budget_items as bi', 'bi.budget_id', 'b.id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .leftJoin('item_categories as c', 'c.id', 'i.category_id')
    .select(['bi.id', 'i.name', 'i.code', 'i.unit', 'c.name as category_name', 'bi.quantity', 'bi.price_cents'])
    .where('b.project_id', '=', projectId)
    .orderBy('i.name')
    .orderBy('bi.id')
    .execute();
}

async function plannedTotal(db: Executor, projectId: number) {
  const row = await db
    .selectFrom('budgets as b')
    .innerJoin('budget_items as bi', 'bi.budget_id', 'b.id')
    .select(sumProduct('bi.quantity', 'bi.price_cents').as('planned'))
    .where('b.project_id', '=', projectId)
    .executeTakeFirst();
  return readSum(row?.planned);
}

const companyName = async (db: Executor, id: number | null) =>
  id === null ? undefined : (await db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst())?.name;

/**
 * POST /projects/{id}/report/production: every company related to the project (owner, client, parent
 * owner, crew company) downloads it. Everything is read before the first byte goes out, so a failure
 * is still an error answer; then the workbook streams out as exceljs writes it (Fastify pipes the
 * stream into reply.raw, its headers and logging kept).
 */
export async function productionReport(services: Services, actor: Actor, reply: FastifyReply, projectId: number, asked: { from?: string; to?: string }) {
  const db = services.db;
  const { project } = await projectAccess(db, actor, projectId, 'view');
  const range = reportRange(project, asked);
  const [rows, planned, produced, owner, client] = await Promise.all([
    budgetLines(db, projectId),
    plannedTotal(db, projectId),
    producedInRange(db, projectId, range),
    companyName(db, project.company_id),
    companyName(db, project.client_id),
  ]);
  const lines: ReportLine[] = rows.map((r) => {
    const made = produced.of(r.id);
    return {
      item: r.name,
      code: r.code,
      unit: r.unit,
      category: r.category_name,
      quantity: Number(r.quantity),
      priceCents: BigInt(r.price_cents),
      plannedCents: BigInt(r.quantity) * BigInt(r.price_cents),
      producedQuantity: made.quantity,
      producedCents: made.cents,
    };
  });
  const out = new PassThrough();
  writeProductionSheet(out, {
    project: { name: project.project_name, code: project.code, timezone: project.timezone },
    companyName: owner ?? '',
    clientName: client ?? project.client_name,
    ...range,
    generatedAt: new Date(),
    lines,
    totals: { plannedCents: planned, producedCents: produced.totalCents },
  }).catch((err: Error) => out.destroy(err));
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${productionReportFilename(project.code, range.from, range.to)}"`)
    .header('cache-control', 'private, no-store')
    .send(out);
}
