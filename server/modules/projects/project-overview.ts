import { sql } from 'kysely';
import { centsToMoney } from '../../../resources/money.js';
import { todayIn } from '../../../resources/time-zone.js';
import type { ProjectOverview, ProjectStatus } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { projectAccess } from './project-access.js';
import { readSum, sumProduct } from '../../lib/exact-sum.js';
import { readCents, thousandthsToCents } from '../budgets/budget-production.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);


/** Days from the start to today counted inclusively, within 0 and the planned length; null without a start date. */
export function daysOf(start: string | null, end: string | null, today: string) {
  const total = start && end ? dayNumber(end) - dayNumber(start) + 1 : null;
  if (!start) return { daysElapsed: null, daysTotal: total };
  const elapsed = Math.max(0, dayNumber(today) - dayNumber(start) + 1);
  return { daysElapsed: total === null ? elapsed : Math.min(elapsed, total), daysTotal: total };
}

/**
 * GET /projects/{id}/report/overview: the project's figures, each computed by the database. Planned
 * is the budget's items as they stand (an accepted change order has moved its item to the new
 * quantity and price); the change-order amount is what accepted change orders added to it. Produced
 * is approved production of the budget's items at their current prices; billed, the owner's
 * invoices of the project the client holds (server/modules/budgets/budget-production.ts).
 */
export async function projectOverview(db: Executor, actor: Actor, id: number): Promise<ProjectOverview> {
  const { project } = await projectAccess(db, actor, id, 'view');
  const row = await db
    .selectFrom('projects as p')
    .leftJoin('budgets as b', 'b.project_id', 'p.id')
    .select((eb) => [
      'b.status as budget_status',
      eb.selectFrom('budget_items as bi').select(eb.fn.countAll<number>().as('n')).whereRef('bi.budget_id', '=', 'b.id').as('item_count'),
      eb
        .selectFrom('budget_items as bi')
        .select(sumProduct('bi.quantity', 'bi.price_cents').as('s'))
        .whereRef('bi.budget_id', '=', 'b.id')
        .as('planned'),
      eb
        .selectFrom('change_orders as co')
        .select(sumProduct('co.quantity', 'co.price_cents').as('s'))
        .whereRef('co.budget_id', '=', 'b.id')
        .where('co.status', '=', 'accepted')
        .as('change_orders_to'),
      eb
        .selectFrom('change_orders as co')
        .select(sumProduct('co.previous_quantity', 'co.previous_price_cents').as('s'))
        .whereRef('co.budget_id', '=', 'b.id')
        .where('co.status', '=', 'accepted')
        .as('change_orders_from'),
      eb.selectFrom('change_orders as co').select(eb.fn.countAll<number>().as('n')).whereRef('co.budget_id', '=', 'b.id').where('co.status', '=', 'sent').as('pending'),
      // The budget items' running sums (server/modules/budgets/budget-running-sums.ts).
      eb.selectFrom('budget_items as bi').select(sumProduct('bi.produced_e3', 'bi.price_cents', 2).as('s')).whereRef('bi.budget_id', '=', 'b.id').as('produced'),
      eb.selectFrom('budget_items as bi').select(sql<string | null>`cast(sum(bi.billed_cents) as text)`.as('s')).whereRef('bi.budget_id', '=', 'b.id').as('billed'),
      eb
        .selectFrom('memberships as pm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('pm.project_id', '=', 'p.id')
        .where('pm.type', '=', 'project')
        .where('pm.status', '=', 'accepted')
        // Counted as GET /projects/{id}/memberships lists them: people still in their company.
        .where(sql<boolean>`exists (select 1 from memberships cm where cm.company_id = pm.company_id and cm.user_id = pm.user_id and cm.type = 'company' and cm.status = 'accepted')`)
        .as('members'),
      eb
        .selectFrom('files as f')
        .select(eb.fn.countAll<number>().as('n'))
        .where('f.entity_type', '=', 'project')
        .where('f.entity_id', '=', String(id))
        .whereRef('f.company_id', '=', 'p.company_id')
        .where('f.version_of', 'is', null)
        .as('files'),
      eb.selectFrom('projects as sp').select(eb.fn.countAll<number>().as('n')).whereRef('sp.parent_id', '=', 'p.id').as('sub_projects'),
      eb.selectFrom('project_crew_companies as pc').select(eb.fn.countAll<number>().as('n')).whereRef('pc.project_id', '=', 'p.id').as('crew_companies'),
      eb.selectFrom('project_stations as st').select(eb.fn.countAll<number>().as('n')).whereRef('st.project_id', '=', 'p.id').as('stations'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    projectId: id,
    status: project.status as ProjectStatus,
    budgetStatus: row.budget_status,
    budgetItemCount: Number(row.item_count ?? 0),
    plannedAmount: centsToMoney(readSum(row.planned)),
    changeOrderAmount: centsToMoney(readSum(row.change_orders_to) - readSum(row.change_orders_from)),
    pendingChangeOrders: Number(row.pending ?? 0),
    producedAmount: centsToMoney(thousandthsToCents(readSum(row.produced))),
    billedAmount: centsToMoney(readCents(row.billed)),
    memberCount: Number(row.members ?? 0),
    fileCount: Number(row.files ?? 0),
    subProjectCount: Number(row.sub_projects ?? 0),
    crewCompanyCount: Number(row.crew_companies ?? 0),
    stationCount: Number(row.stations ?? 0),
    ...daysOf(project.start_date, project.end_date, todayIn(project.timezone)),
  };
}
