import { z } from 'zod';
import { createWidgetBody, updateWidgetBody, type Widget, type WidgetType } from '../../../resources/dashboard.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { dashboardScope, editableDashboard, widgetScope } from './dashboard-access.js';
import { livePublications, toWidget, type DashboardRow, type WidgetRow } from './dashboard-rows.js';
import { checkFilters } from './dashboard-filters.js';
import { checkConfiguration } from './widget-checks.js';
import { WIDGET_SIZES } from './widget-editor.js';

type CreateBody = z.output<typeof createWidgetBody>;
type UpdateBody = z.output<typeof updateWidgetBody>;

const audit = (db: Executor, actor: Actor, d: DashboardRow, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  recordAudit(db, { userId: actor.user.id, companyId: d.company_id }, { entityType: 'dashboard', entityId: d.id, action, before, after });

/** Below every widget there is: the first free row of the grid. */
async function nextRow(db: Executor, dashboardId: number): Promise<number> {
  const rows = await db.selectFrom('dashboard_widgets').select('layout').where('dashboard_id', '=', dashboardId).execute();
  return rows.reduce((bottom, r) => {
    const l = parseJson<{ y?: number; h?: number }>(r.layout, {});
    return Math.max(bottom, (l.y ?? 0) + (l.h ?? 0));
  }, 0);
}

/**
 * POST /dashboard/{id}/widget. On a dashboard that is public, the new widget waits for the owner's
 * PATCH published: true before guests see it (issue 18).
 */
export async function createWidget(services: Services, actor: Actor, dashboardId: number, body: CreateBody): Promise<Widget> {
  return services.db.transaction().execute(async (trx) => {
    const dashboard = await editableDashboard(trx, actor, dashboardId);
    const configuration = checkConfiguration(actor.profile, body.type, body.configuration);
    await checkFilters(trx, dashboard.company_id, body.filters);
    const now = nowIso();
    // Writing the dashboard row first holds it (PostgreSQL) until commit: a publication made meanwhile waits, so the new widget's published flag is right.
    await trx.updateTable('dashboards').set({ updated_at: now }).where('id', '=', dashboardId).execute();
    const isPublic = (await livePublications(trx, [dashboardId])).has(dashboardId);
    const layout = body.layout ?? { x: 0, y: Math.min(await nextRow(trx, dashboardId), 10_000), ...WIDGET_SIZES[body.type] };
    const row = (await trx
      .insertInto('dashboard_widgets')
      .values({
        dashboard_id: dashboardId,
        company_id: dashboard.company_id,
        title: body.title,
        type: body.type,
        filters: JSON.stringify(body.filters),
        configuration: JSON.stringify(configuration),
        layout: JSON.stringify(layout),
        published: isPublic ? 0 : 1,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as WidgetRow;
    await audit(trx, actor, dashboard, 'widget added', null, { widget: body.title, type: body.type });
    return toWidget(row);
  });
}

export async function getWidget(services: Services, actor: Actor, dashboardId: number, widgetId: number): Promise<Widget> {
  const dashboard = await dashboardScope(services.db, actor, dashboardId);
  return toWidget(await widgetScope(services.db, dashboard, widgetId));
}

export async function updateWidget(services: Services, actor: Actor, dashboardId: number, widgetId: number, body: UpdateBody): Promise<Widget> {
  return services.db.transaction().execute(async (trx) => {
    const dashboard = await editableDashboard(trx, actor, dashboardId);
    const before = await widgetScope(trx, dashboard, widgetId);
    await checkFilters(trx, dashboard.company_id, body.filters);
    const now = nowIso();
    const set: Partial<WidgetRow> = { updated_at: now };
    if (body.title !== undefined) set.title = body.title;
    if (body.filters !== undefined) set.filters = JSON.stringify(body.filters);
    if (body.configuration !== undefined) set.configuration = JSON.stringify(checkConfiguration(actor.profile, before.type as WidgetType, body.configuration));
    if (body.layout !== undefined) set.layout = JSON.stringify(body.layout);
    if (body.published !== undefined) set.published = body.published ? 1 : 0;
    const row = (await trx.updateTable('dashboard_widgets').set(set).where('id', '=', widgetId).returningAll().executeTakeFirstOrThrow()) as WidgetRow;
    await trx.updateTable('dashboards').set({ updated_at: now }).where('id', '=', dashboardId).execute();
    if (body.published !== undefined && body.published !== (before.published === 1)) {
      await audit(trx, actor, dashboard, body.published ? 'widget published' : 'widget unpublished', null, { widget: row.title });
    } else if (body.title !== undefined || body.configuration !== undefined || body.filters !== undefined) {
      await audit(trx, actor, dashboard, 'widget updated', { widget: before.title }, { widget: row.title });
    }
    return toWidget(row);
  });
}

export async function deleteWidget(services: Services, actor: Actor, dashboardId: number, widgetId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const dashboard = await editableDashboard(trx, actor, dashboardId);
    const widget = await widgetScope(trx, dashboard, widgetId);
    await trx.deleteFrom('dashboard_widgets').where('id', '=', widgetId).execute();
    await trx.updateTable('dashboards').set({ updated_at: nowIso() }).where('id', '=', dashboardId).execute();
    await audit(trx, actor, dashboard, 'widget removed', { widget: widget.title }, null);
  });
}
