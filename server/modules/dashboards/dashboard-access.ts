import { holds } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { DashboardRow, WidgetRow } from './dashboard-rows.js';

/** Sharing, publishing and changing what the company sees are the managers' (spec 02 §6: projects:manage gates the dashboard). */
export const managesDashboards = (actor: Actor) => holds(actor.profile, 'projects:manage');

/** Whom a dashboard shows to: its owner, the company when shared, and the members of the role it was made for. */
const mayView = (actor: Actor, d: DashboardRow) =>
  d.owner_user_id === actor.user.id || d.shared === 1 || (d.role !== null && d.role === actor.membership?.roleName);

/** A private dashboard is its owner's to change; a shared or role one is the managers'. */
export const mayEdit = (actor: Actor, d: DashboardRow) =>
  d.shared === 0 && d.role === null ? d.owner_user_id === actor.user.id : managesDashboards(actor);

/** The dashboard the path names, as the caller may see it: another member's private one and another company's are the same 404. */
export async function dashboardScope(db: Executor, actor: Actor, id: number): Promise<DashboardRow> {
  const row = (await db
    .selectFrom('dashboards')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', actor.membership!.companyId)
    .executeTakeFirst()) as DashboardRow | undefined;
  if (!row || !mayView(actor, row)) throw notFound('Dashboard');
  return row;
}

export async function editableDashboard(db: Executor, actor: Actor, id: number): Promise<DashboardRow> {
  const row = await dashboardScope(db, actor, id);
  if (!mayEdit(actor, row)) throw forbidden('Only its owner, or for a shared dashboard a manager, may change this dashboard');
  return row;
}

/** One widget of that dashboard: a widget of another dashboard is a 404. */
export async function widgetScope(db: Executor, dashboard: DashboardRow, widgetId: number): Promise<WidgetRow> {
  const row = (await db
    .selectFrom('dashboard_widgets')
    .selectAll()
    .where('id', '=', widgetId)
    .where('dashboard_id', '=', dashboard.id)
    .executeTakeFirst()) as WidgetRow | undefined;
  if (!row) throw notFound('Widget');
  return row;
}
