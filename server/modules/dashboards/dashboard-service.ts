import { z } from 'zod';
import { isRoleName } from '../../../permissions/index.js';
import { createDashboardBody, updateDashboardBody, type Dashboard } from '../../../resources/dashboard.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { dashboardScope, editableDashboard, managesDashboards, mayEdit } from './dashboard-access.js';
import { livePublications, toDashboards, type DashboardRow } from './dashboard-rows.js';
import { DEFAULT_DASHBOARDS, defaultWidgetsFor } from './default-dashboards.js';
import { checkFilters } from './dashboard-filters.js';
import { checkPublicFilters, publish, revoke } from './publication.js';

type CreateBody = z.output<typeof createDashboardBody>;
type UpdateBody = z.output<typeof updateDashboardBody>;

const audit = (db: Executor, actor: Actor, d: DashboardRow, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  recordAudit(db, { userId: actor.user.id, companyId: d.company_id }, { entityType: 'dashboard', entityId: d.id, action, before, after });

async function answer(db: Executor, actor: Actor, row: DashboardRow): Promise<Dashboard> {
  const [dashboard] = await toDashboards(db, [row], (r) => mayEdit(actor, r));
  return dashboard!;
}

const readRow = async (db: Executor, id: number) => (await db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as DashboardRow;

/**
 * The viewer's role's default dashboard, made the first time anyone of that role asks (issue 18).
 * Two first viewers at once both try the insert; the unique (company_id, role) index (migration
 * 0024) lets one win, and only the winner adds the widgets, in the same transaction.
 */
async function ensureRoleDashboard(services: Services, actor: Actor) {
  const role = actor.membership!.roleName;
  if (!isRoleName(role) || !DEFAULT_DASHBOARDS[role]) return;
  const companyId = actor.membership!.companyId;
  const exists = await services.db.selectFrom('dashboards').select('id').where('company_id', '=', companyId).where('role', '=', role).executeTakeFirst();
  if (exists) return;
  await services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const made = await trx
      .insertInto('dashboards')
      .values({ company_id: companyId, owner_user_id: null, name: DEFAULT_DASHBOARDS[role]!.name, shared: 0, role, filters: '{}', created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'role']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!made) return;
    const widgets = defaultWidgetsFor(role, actor.profile);
    if (!widgets.length) return;
    await trx
      .insertInto('dashboard_widgets')
      .values(
        widgets.map((w) => ({
          dashboard_id: made.id,
          company_id: companyId,
          title: w.title,
          type: w.type,
          filters: JSON.stringify(w.filters ?? {}),
          configuration: JSON.stringify(w.configuration),
          layout: JSON.stringify(w.layout),
          published: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
}

/** GET /dashboards: the viewer's own, the company's shared ones and their role's default, oldest first. */
export async function listDashboards(services: Services, actor: Actor): Promise<Dashboard[]> {
  await ensureRoleDashboard(services, actor);
  const role = actor.membership!.roleName;
  const rows = (await services.db
    .selectFrom('dashboards')
    .selectAll()
    .where('company_id', '=', actor.membership!.companyId)
    .where((eb) => eb.or([eb('owner_user_id', '=', actor.user.id), eb('shared', '=', 1), eb('role', '=', role)]))
    .orderBy('id')
    .execute()) as DashboardRow[];
  return toDashboards(services.db, rows, (r) => mayEdit(actor, r));
}

export async function createDashboard(services: Services, actor: Actor, body: CreateBody): Promise<Dashboard> {
  if (body.shared && !managesDashboards(actor)) throw forbidden('Sharing a dashboard with the company needs projects:manage');
  await checkFilters(services.db, actor.membership!.companyId, body.filters);
  return services.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = (await trx
      .insertInto('dashboards')
      .values({ company_id: actor.membership!.companyId, owner_user_id: actor.user.id, name: body.name, shared: body.shared ? 1 : 0, role: null, filters: JSON.stringify(body.filters ?? {}), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()) as DashboardRow;
    await audit(trx, actor, row, 'created', null, { name: row.name, shared: body.shared });
    return answer(trx, actor, row);
  });
}

export async function getDashboard(services: Services, actor: Actor, id: number): Promise<Dashboard> {
  return answer(services.db, actor, await dashboardScope(services.db, actor, id));
}

/**
 * PATCH /dashboard/{id}: every change sent, in one transaction. Sharing, publishing and the guest's
 * filters are the managers'; the layout names only this dashboard's widgets (400 otherwise).
 */
export async function updateDashboard(services: Services, actor: Actor, id: number, body: UpdateBody): Promise<Dashboard> {
  if ((body.shared !== undefined || body.isPublic !== undefined || body.publicFilters !== undefined) && !managesDashboards(actor)) {
    throw forbidden('Sharing or publishing a dashboard needs projects:manage');
  }
  return services.db.transaction().execute(async (trx) => {
    const before = await editableDashboard(trx, actor, id);
    await checkFilters(trx, before.company_id, body.filters);
    const now = nowIso();
    const set: Partial<Pick<DashboardRow, 'name' | 'shared' | 'filters'>> = {};
    if (body.name !== undefined && body.name !== before.name) set.name = body.name;
    if (body.shared !== undefined) set.shared = body.shared ? 1 : 0;
    if (body.filters !== undefined) set.filters = JSON.stringify(body.filters);
    // This write holds the dashboard row (PostgreSQL) until commit, so two PATCHes publishing at once
    // run one after the other and the second finds the first's publication: never two live URLs.
    await trx.updateTable('dashboards').set({ ...set, updated_at: now }).where('id', '=', id).execute();
    if (set.name !== undefined) await audit(trx, actor, before, 'renamed', { name: before.name }, { name: set.name });
    if (set.shared !== undefined || set.filters !== undefined) {
      await audit(trx, actor, before, 'updated', { shared: before.shared === 1, filters: parseJson(before.filters, {}) }, { shared: (set.shared ?? before.shared) === 1, filters: parseJson(set.filters ?? before.filters, {}) });
    }

    if (body.layout?.length) {
      const ids = [...new Set(body.layout.map((l) => l.widgetId))];
      if (ids.length !== body.layout.length) throw badRequest('layout: each widget once', [{ field: 'layout', message: 'Each widget once' }]);
      const mine = await trx.selectFrom('dashboard_widgets').select('id').where('dashboard_id', '=', id).where('id', 'in', ids).execute();
      const stranger = body.layout.findIndex((l) => !mine.some((w) => w.id === l.widgetId));
      if (stranger >= 0) throw badRequest(`layout.${stranger}.widgetId: not a widget of this dashboard`, [{ field: `layout.${stranger}.widgetId`, message: 'Not a widget of this dashboard' }]);
      for (const l of body.layout) {
        await trx.updateTable('dashboard_widgets').set({ layout: JSON.stringify(l.layout), updated_at: now }).where('id', '=', l.widgetId).execute();
      }
    }

    const live = (await livePublications(trx, [id])).get(id);
    const publicFilters = body.publicFilters ? await checkPublicFilters(trx, before.company_id, body.publicFilters) : undefined;
    const current = await readRow(trx, id);
    if (body.isPublic === false && live) await revoke(services, trx, actor, current, live);
    else if (body.isPublic === true && !live) await publish(services, trx, actor, current, publicFilters ?? {});
    else if (publicFilters) {
      if (!live || body.isPublic === false) throw conflict('Make the dashboard public before choosing what its guests may filter', 'NOT_PUBLIC');
      await trx.updateTable('dashboard_publications').set({ public_filters: JSON.stringify(publicFilters) }).where('id', '=', live.id).execute();
    }
    return answer(trx, actor, current);
  });
}

/** DELETE /dashboard/{id}: its widgets and publications go with it, so a public URL of it is dead. */
export async function deleteDashboard(services: Services, actor: Actor, id: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const row = await editableDashboard(trx, actor, id);
    await trx.deleteFrom('dashboard_widgets').where('dashboard_id', '=', id).execute();
    await trx.deleteFrom('dashboard_publications').where('dashboard_id', '=', id).execute();
    await trx.deleteFrom('dashboards').where('id', '=', id).execute();
    await audit(trx, actor, row, 'deleted', { name: row.name }, null);
  });
}

/** GET /dashboards/public: the company's live public dashboards, to copy or revoke in one place. */
export async function listPublicDashboards(services: Services, actor: Actor) {
  const rows = await services.db
    .selectFrom('dashboard_publications as p')
    .innerJoin('dashboards as d', 'd.id', 'p.dashboard_id')
    .leftJoin('users as u', 'u.id', 'p.published_by')
    .select(['d.id as dashboard_id', 'd.name', 'p.public_url', 'p.published_at', 'p.published_by', 'u.name as published_by_name', 'p.public_filters'])
    .where('p.company_id', '=', actor.membership!.companyId)
    .where('p.revoked_at', 'is', null)
    .orderBy('p.published_at', 'desc')
    .execute();
  return rows.map((r) => ({
    dashboardId: r.dashboard_id,
    name: r.name,
    publicURL: r.public_url,
    publishedAt: r.published_at,
    publishedBy: r.published_by === null ? null : { id: r.published_by, name: r.published_by_name ?? '' },
    publicFilters: parseJson(r.public_filters, {}),
  }));
}
