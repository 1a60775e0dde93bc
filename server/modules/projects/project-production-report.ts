import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { productionReportFilename } from '../../../resources/project-report.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import { sendXlsx } from '../../lib/xlsx-reply.js';
import { approvedItems, producedOf, thousandthsToCents } from '../budgets/budget-production.js';
import type { Services } from '../../services.js';
import { projectAccess, type ProjectRow } from './project-access.js';
import { todayIn } from '../../../resources/time-zone.js';
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
 * The approved production of the project's own budget items dated within the range (production days
 * are days in the project's time zone), at each item's current price: per item, and the total, summed
 * exactly in SQL like the budget figures (server/modules/budgets/budget-production.ts).
 */
export async function producedInRange(db: Executor, projectId: number, range: ReportRange): Promise<{ of: (budgetItemId: number) => Produced; totalCents: bigint }> {
  const base = approvedItems(db, [projectId])
    .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
    .innerJoin('budgets as b', 'b.id', 'bi.budget_id')
    .where('b.project_id', '=', projectId)
    .where('p.date', '>=', range.from)
    .where('p.date', '<=', range.to);
  const [rows, total] = await Promise.all([
    base
      .select(['bi.id', 'bi.price_cents', 'bi.quantity'])
      .select(sql<string>`cast(sum(pi.quantity_e3) as text)`.as('e3'))
      .groupBy(['bi.id', 'bi.price_cents', 'bi.quantity'])
      .execute(),
    base.select(sumProduct('pi.quantity_e3', 'bi.price_cents', 2).as('s')).executeTakeFirst(),
  ]);
  const made = new Map<number, Produced>(rows.map((r) => [r.id, producedOf(r.e3, r.price_cents, r.quantity)]));
  return { of: (budgetItemId) => made.get(budgetItemId) ?? NOTHING, totalCents: thousandthsToCents(readSum(total?.s)) };
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
 * is still an error answer; then the workbook streams out as exceljs writes it.
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
  return sendXlsx(reply, productionReportFilename(project.code, range.from, range.to), (out) =>
    writeProductionSheet(out, {
      project: { name: project.project_name, code: project.code, timezone: project.timezone },
      companyName: owner ?? '',
      clientName: client ?? project.client_name,
      ...range,
      generatedAt: new Date(),
      lines,
      totals: { plannedCents: planned, producedCents: produced.totalCents },
    }),
  );
}
