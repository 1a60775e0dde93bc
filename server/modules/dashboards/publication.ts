import { randomBytes } from 'node:crypto';
import type { DashboardPublication } from '../../../resources/dashboard.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { membersWithPermission, notifyMembers, type NotifyServices } from '../../lib/notify.js';
import { visibleToCompany } from '../projects/project-access.js';
import type { DashboardRow, PublicationRow } from './dashboard-rows.js';

type PublicFilters = DashboardPublication['publicFilters'];

/** 128 random bits, base64url: the whole secret of a public dashboard. */
const newPublicURL = () => randomBytes(16).toString('base64url');

/**
 * The values a guest may be offered must be the company's own: projects it may see and its crews.
 * Anything else is a 400 naming the first foreign id, so no owner can expose what is not theirs.
 */
export async function checkPublicFilters(db: Executor, companyId: number, f: PublicFilters): Promise<PublicFilters> {
  const projectIds = [...new Set(f.projectIds ?? [])];
  const crewIds = [...new Set(f.crewIds ?? [])];
  if (projectIds.length) {
    const found = await db.selectFrom('projects as pr').select('pr.id').where('pr.id', 'in', projectIds).where(visibleToCompany('pr', companyId)).execute();
    const missing = projectIds.find((id) => !found.some((r) => r.id === id));
    if (missing) throw badRequest(`publicFilters.projectIds: project ${missing} is not one of this company's projects`, [{ field: 'publicFilters.projectIds', message: 'Not a project of this company' }]);
  }
  if (crewIds.length) {
    const found = await db.selectFrom('crews').select('id').where('id', 'in', crewIds).where('company_id', '=', companyId).execute();
    const missing = crewIds.find((id) => !found.some((r) => r.id === id));
    if (missing) throw badRequest(`publicFilters.crewIds: crew ${missing} is not one of this company's crews`, [{ field: 'publicFilters.crewIds', message: 'Not a crew of this company' }]);
  }
  return {
    ...(f.presets ? { presets: [...new Set(f.presets)] } : {}),
    ...(f.projectIds ? { projectIds } : {}),
    ...(f.crewIds ? { crewIds } : {}),
  };
}

async function tellManagers(services: NotifyServices, db: Executor, actor: Actor, dashboard: DashboardRow, description: string) {
  // The company's managers (company-wide projects:manage) answer for what the company shows outside.
  await notifyMembers(services, db, await membersWithPermission(db, [dashboard.company_id], 'projects', 'manage'), actor.user.id, { type: 'dashboard', description, entityId: dashboard.id });
}

/** Makes the dashboard public under a new URL; the trail and the managers hear who did it. */
export async function publish(services: NotifyServices, db: Executor, actor: Actor, dashboard: DashboardRow, publicFilters: PublicFilters) {
  const now = nowIso();
  const row = (await db
    .insertInto('dashboard_publications')
    .values({ dashboard_id: dashboard.id, company_id: dashboard.company_id, public_url: newPublicURL(), public_filters: JSON.stringify(publicFilters), published_by: actor.user.id, published_at: now, revoked_by: null, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow()) as PublicationRow;
  await recordAudit(db, { userId: actor.user.id, companyId: dashboard.company_id }, { entityType: 'dashboard', entityId: dashboard.id, action: 'published', before: { isPublic: false }, after: { isPublic: true } });
  await tellManagers(services, db, actor, dashboard, `${actor.user.name} made the dashboard "${dashboard.name}" public`);
  return row;
}

/** Ends a publication for good: its URL answers 404 from now on, and a new publication gets a new URL. */
export async function revoke(services: NotifyServices, db: Executor, actor: Actor, dashboard: DashboardRow, publication: PublicationRow) {
  await db.updateTable('dashboard_publications').set({ revoked_at: nowIso(), revoked_by: actor.user.id }).where('id', '=', publication.id).where('revoked_at', 'is', null).execute();
  await recordAudit(db, { userId: actor.user.id, companyId: dashboard.company_id }, { entityType: 'dashboard', entityId: dashboard.id, action: 'revoked', before: { isPublic: true }, after: { isPublic: false } });
  await tellManagers(services, db, actor, dashboard, `${actor.user.name} stopped sharing the dashboard "${dashboard.name}" publicly`);
}
