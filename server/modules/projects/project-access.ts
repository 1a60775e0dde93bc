import { sql } from 'kysely';
import { holds, type RolePermission } from '../../../permissions/index.js';
import type { ProjectRelation } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { ProjectsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import { noteProject } from '../../realtime/live-events.js';

export type ProjectRow = Omit<ProjectsTable, 'id'> & { id: number };

/**
 * Who the acting company is to a project, and what the acting person may do there. Every project,
 * budget, review and change-order call starts here: a project the active company neither runs, nor
 * is the client of (directly, or as the owner of its parent project), nor works on as a crew company
 * is the same 404 as one that does not exist.
 */
export interface ProjectAccess {
  project: ProjectRow;
  relation: ProjectRelation;
  /** The acting company (the tab's active company). */
  companyId: number;
  userId: number;
  /** The caller's company membership id in the acting company. */
  membershipId: number;
  /** Runs the project with projects:manage (company role, or a project role of theirs on it). */
  canManage: boolean;
  /** Decides for the reviewing side: the client (or parent owner) with projects:manage. */
  canReview: boolean;
}

/**
 * A project role's permissions, for a person who holds a project membership on this project as a
 * person of the acting company (someone in two related companies holds each one's role in its own tab).
 */
async function projectRolePermissions(db: Executor, projectId: number, userId: number, companyId: number): Promise<RolePermission[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select('r.permissions')
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'project')
    .where('m.status', '=', 'accepted')
    .execute();
  return rows.flatMap((r) => parseJson<RolePermission[]>(r.permissions, []));
}

/** True when the permissions grant `resourceType:action` on this one project (all projects, or this id). */
/**
 * Whether the caller's project roles may grant them projects:manage: always in a session; for an API
 * token only when the token itself holds it, since a project role of its creator's widens where, never what.
 */
export function projectRolesCount(actor: Pick<Actor, 'apiToken'>, profile: Actor['profile']) {
  return !actor.apiToken || holds(profile, 'projects:manage');
}

export function grantsOn(perms: RolePermission[], resourceType: string, action: 'view' | 'manage', projectId: number) {
  return perms.some(
    (p) =>
      (p.resourceType === '_any' || p.resourceType === resourceType) &&
      (p.action === '_any' || p.action === 'manage' || p.action === action) &&
      (!p.resourceId || p.resourceId === '_any' || p.resourceId === String(projectId)),
  );
}

/** The relation of company `companyId` to the project, or null when it has none. */
export async function relationOf(db: Executor, project: ProjectRow, companyId: number): Promise<ProjectRelation | null> {
  if (project.company_id === companyId) return 'owner';
  if (project.client_id === companyId) return 'client';
  if (project.parent_id !== null) {
    const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
    if (parent?.company_id === companyId) return 'client';
  }
  const crew = await db
    .selectFrom('project_crew_companies')
    .select('company_id')
    .where('project_id', '=', project.id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return crew ? 'subcontractor' : null;
}

/**
 * The caller's access to a project in their active company. `need` 'manage' is a 403 unless they may
 * change it (see canManage); 'view' only needs a relation.
 */
export async function projectAccess(db: Executor, actor: Actor, projectId: number, need: 'view' | 'manage' = 'view'): Promise<ProjectAccess> {
  const active = actor.membership;
  if (!active) throw notFound('Project');
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst()) as ProjectRow | undefined;
  if (!project) throw notFound('Project');
  const relation = await relationOf(db, project, active.companyId);
  if (!relation) throw notFound('Project');
  noteProject(project.id);
  const projectPerms = await projectRolePermissions(db, projectId, actor.user.id, active.companyId);
  const companyManages = holds(actor.profile, 'projects:manage') && grantsOn(active.permissions, 'projects', 'manage', projectId);
  const manages = companyManages || (projectRolesCount(actor, actor.profile) && grantsOn(projectPerms, 'projects', 'manage', projectId));
  const access: ProjectAccess = {
    project,
    relation,
    companyId: active.companyId,
    userId: actor.user.id,
    membershipId: active.id,
    canManage: relation === 'owner' && manages,
    canReview: relation === 'client' && manages,
  };
  if (need === 'manage' && !access.canManage) throw forbidden();
  return access;
}

/** The projects the company may see, as a predicate on `alias`.id: those it runs, is the client of, or works on. */
export function visibleToCompany(alias: string, companyId: number) {
  const id = sql.ref(`${alias}.id`);
  return sql<boolean>`(${sql.ref(`${alias}.company_id`)} = ${companyId}
    or ${sql.ref(`${alias}.client_id`)} = ${companyId}
    or exists (select 1 from projects pp where pp.id = ${sql.ref(`${alias}.parent_id`)} and pp.company_id = ${companyId})
    or exists (select 1 from project_crew_companies pcc where pcc.project_id = ${id} and pcc.company_id = ${companyId}))`;
}
