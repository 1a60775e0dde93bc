import type { FigureAnswer, FigureFilter, FigureQuery, FigureSource } from '../../../../resources/figures.js';
import { centsToMoney, parseScaled } from '../../../../resources/money.js';
import type { ReportDocument, ReportRow } from '../../../../resources/report.js';
import { BEHIND_SCHEDULE_POINTS, BILLED_INVOICE_STATUSES, formatReportValue, LOCATE_EXPIRY_WARNING_DAYS, REPORT_TITLES } from '../../../../resources/report.js';
import { todayIn } from '../../../../resources/time-zone.js';
import type { Actor } from '../../../http/actor.js';
import type { Services } from '../../../services.js';
import { shiftDay } from '../../figures/source-sql.js';
import { daysOf } from '../../projects/project-overview.js';
import { percentOf, reportFigures } from '../report-figures.js';

const AMOUNT = { fn: 'sum', field: 'amount' } as const;
const OUTSTANDING = { fn: 'sum', field: 'outstanding' } as const;
const COUNT = { fn: 'count' } as const;
const status = (...values: string[]): FigureFilter => ({ field: 'status', operator: 'in', value: values });

/** The Monday of a YYYY-MM-DD day. */
export const mondayOf = (day: string) => shiftDay(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * Where a project stands against its schedule: behind when its percent complete trails the percent
 * of its days elapsed by BEHIND_SCHEDULE_POINTS or more; null without both (no dates, or no plan).
 */
export function scheduleOf(complete: number | null, elapsed: number | null): 'Behind' | 'On track' | null {
  if (complete === null || elapsed === null) return null;
  return elapsed - complete >= BEHIND_SCHEDULE_POINTS ? 'Behind' : 'On track';
}

/**
 * The flight board: every active project of the company on one screen, each figure one question to
 * the figures model grouped by project (not one per project): planned (the budget as it stands, change
 * orders accepted), approved production to date, production (submitted or approved) this week and last
 * (Monday to Sunday, the company's days), open tasks and damages, open locate tickets expiring within
 * LOCATE_EXPIRY_WARNING_DAYS days and those already expired, money billed (sent and standing), outstanding
 * and overdue. The schedule (days elapsed of its length) is the project's own, in its days, as its overview.
 */
export async function flightBoard(services: Services, actor: Actor): Promise<ReportDocument> {
  const companyId = actor.membership!.companyId;
  const company = await services.db.selectFrom('companies').select(['name', 'timezone']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const projects = await services.db
    .selectFrom('projects as p')
    .select(['p.id', 'p.code', 'p.project_name', 'p.client_name', 'p.start_date', 'p.end_date', 'p.timezone'])
    .leftJoin('companies as cl', 'cl.id', 'p.client_id')
    .select('cl.name as client_company')
    .where('p.company_id', '=', companyId)
    .where('p.status', '=', 'active')
    .orderBy('p.project_name')
    .orderBy('p.id')
    .execute();
  const today = todayIn(company.timezone);
  const thisWeek = { from: mondayOf(today), to: shiftDay(mondayOf(today), 6) };
  const lastWeek = { from: shiftDay(thisWeek.from, -7), to: shiftDay(thisWeek.from, -1) };
  const onProjects: FigureFilter[] = projects.length ? [{ field: 'project', operator: 'in', value: projects.map((p) => p.id) }] : [];
  const figures = await reportFigures(services, actor);
  // Each figure once, grouped by project and narrowed to the active ones (none: nothing to ask).
  const ask = (source: FigureSource, measure: FigureQuery['measure'], filters: FigureFilter[], range?: { from: string; to: string }): Promise<FigureAnswer> =>
    projects.length ? figures.ask(source, measure, 'project', [...onProjects, ...filters], range) : Promise.resolve({ unit: 'count', rows: [], total: '0' });
  const openLocate = status('open', 'ready');
  const billed = status(...BILLED_INVOICE_STATUSES);
  const [planned, produced, weekNow, weekBefore, tasks, damages, expiring, expired, billedAmount, outstanding, overdue] = await Promise.all([
    ask('budget', AMOUNT, []),
    ask('production', AMOUNT, [status('approved')]),
    ask('production', AMOUNT, [status('submitted', 'approved')], thisWeek),
    ask('production', AMOUNT, [status('submitted', 'approved')], lastWeek),
    ask('task', COUNT, [status('open', 'progress')]),
    ask('damage', COUNT, [status('reported', 'claimed', 'in_repair')]),
    ask('locate', COUNT, [openLocate, { field: 'expires', operator: 'gte', value: today }, { field: 'expires', operator: 'lte', value: shiftDay(today, LOCATE_EXPIRY_WARNING_DAYS - 1) }]),
    ask('locate', COUNT, [openLocate, { field: 'expires', operator: 'lt', value: today }]),
    ask('invoice', AMOUNT, [billed]),
    ask('invoice', OUTSTANDING, [billed]),
    ask('invoice', OUTSTANDING, [billed, { field: 'due', operator: 'lt', value: today }]),
  ]);
  const of = (a: FigureAnswer, id: number, none: string) => a.rows.find((r) => r.key === id)?.value ?? none;

  const rows: ReportRow[] = projects.map((p) => {
    const { daysElapsed, daysTotal } = daysOf(p.start_date, p.end_date, todayIn(p.timezone));
    const plan = of(planned, p.id, '0.00');
    const made = of(produced, p.id, '0.00');
    const complete = percentOf(made, plan, 2);
    const elapsed = daysElapsed !== null && daysTotal ? Math.round((daysElapsed / daysTotal) * 10_000) / 100 : null;
    const week = of(weekNow, p.id, '0.00');
    const before = of(weekBefore, p.id, '0.00');
    const change = (parseScaled(week, 2) ?? 0n) - (parseScaled(before, 2) ?? 0n);
    return {
      projectId: p.id,
      project: p.project_name,
      code: p.code,
      client: p.client_company ?? p.client_name,
      start: p.start_date,
      end: p.end_date,
      daysElapsed,
      daysTotal,
      elapsed,
      planned: plan,
      produced: made,
      complete,
      schedule: scheduleOf(complete, elapsed),
      thisWeek: week,
      lastWeek: before,
      weekChange: centsToMoney(change),
      openTasks: Number(of(tasks, p.id, '0')),
      openDamages: Number(of(damages, p.id, '0')),
      locatesExpiring: Number(of(expiring, p.id, '0')),
      locatesExpired: Number(of(expired, p.id, '0')),
      billed: of(billedAmount, p.id, '0.00'),
      outstanding: of(outstanding, p.id, '0.00'),
      overdue: of(overdue, p.id, '0.00'),
    };
  });
  const behind = rows.filter((r) => r.schedule === 'Behind').length;
  const empty = 'The company has no active project.';
  return {
    report: 'flight-board',
    title: REPORT_TITLES['flight-board'],
    subtitle: `${company.name}: every active project as of ${formatReportValue('day', today)}; this week from ${formatReportValue('day', thisWeek.from)}`,
    timeZone: company.timezone,
    facts: [
      { label: 'Active projects', value: rows.length, kind: 'count' },
      { label: 'Behind schedule', value: behind, kind: 'count' },
      { label: 'Produced this week', value: weekNow.total, kind: 'money' },
      { label: 'Produced last week', value: weekBefore.total, kind: 'money' },
      { label: 'Open tasks', value: Number(tasks.total), kind: 'count' },
      { label: 'Open damages', value: Number(damages.total), kind: 'count' },
      { label: `Locates expiring within ${LOCATE_EXPIRY_WARNING_DAYS} days`, value: Number(expiring.total), kind: 'count' },
      { label: 'Locates expired, still open', value: Number(expired.total), kind: 'count' },
      { label: 'Billed', value: billedAmount.total, kind: 'money' },
      { label: 'Outstanding', value: outstanding.total, kind: 'money' },
      { label: 'Overdue', value: overdue.total, kind: 'money' },
    ],
    charts: [
      {
        id: 'weeks',
        title: 'Produced this week against last week',
        kind: 'bar',
        unit: 'money',
        categories: rows.map((r) => String(r.project)),
        series: [
          { label: 'Last week', values: rows.map((r) => String(r.lastWeek)) },
          { label: 'This week', values: rows.map((r) => String(r.thisWeek)) },
        ],
      },
    ],
    tables: [
      {
        id: 'schedule',
        title: 'Schedule and progress',
        columns: [
          { key: 'project', label: 'Project', kind: 'text' },
          { key: 'code', label: 'Code', kind: 'text' },
          { key: 'start', label: 'Start', kind: 'day' },
          { key: 'end', label: 'End', kind: 'day' },
          { key: 'elapsed', label: 'Days elapsed', kind: 'percent' },
          { key: 'complete', label: 'Complete', kind: 'percent' },
          { key: 'schedule', label: 'Schedule', kind: 'text' },
          { key: 'thisWeek', label: 'This week', kind: 'money' },
          { key: 'lastWeek', label: 'Last week', kind: 'money' },
        ],
        rows,
        totals: { thisWeek: weekNow.total, lastWeek: weekBefore.total },
        empty,
      },
      {
        id: 'open',
        title: 'Open work and money',
        columns: [
          { key: 'project', label: 'Project', kind: 'text' },
          { key: 'openTasks', label: 'Open tasks', kind: 'count' },
          { key: 'openDamages', label: 'Open damages', kind: 'count' },
          { key: 'locatesExpiring', label: 'Locates expiring', kind: 'count' },
          { key: 'locatesExpired', label: 'Locates expired', kind: 'count' },
          { key: 'billed', label: 'Billed', kind: 'money' },
          { key: 'outstanding', label: 'Outstanding', kind: 'money' },
          { key: 'overdue', label: 'Overdue', kind: 'money' },
        ],
        rows,
        totals: {
          openTasks: Number(tasks.total),
          openDamages: Number(damages.total),
          locatesExpiring: Number(expiring.total),
          locatesExpired: Number(expired.total),
          billed: billedAmount.total,
          outstanding: outstanding.total,
          overdue: overdue.total,
        },
        empty,
      },
    ],
    generatedAt: new Date().toISOString(),
  };
}
