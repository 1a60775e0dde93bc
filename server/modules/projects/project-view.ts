import { sql } from 'kysely';
import { holds, type RolePermission } from '../../../permissions/index.js';
import type { Project, ProjectRelation, ProjectStatus } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import { grantsOn, projectRolesCount } from './project-access.js';

/**
 * The company a project answer is made for, and what its person may do: relation and canManage are
 * that company's and that person's (the active company, or the company a company route names).
 */
export interface ProjectViewer {
  companyId: number;
  userId: number;
  /** The person's role in that company. */
  permissions: RolePermission[];
  /** projects:manage through that role (no project id in particular). */
  manages: boolean;
  /** Whether project roles may grant projects:manage (projectRolesCount). */
  projectRolesCount: boolean;
}

export function activeViewer(actor: Actor): ProjectViewer {
  const m = actor.membership!;
  return { companyId: m.companyId, userId: actor.user.id, permissions: m.permissions, manages: holds(actor.profile, 'projects:manage'), projectRolesCount: projectRolesCount(actor, actor.profile) };
}

export function companyViewer(actor: Actor, company: CompanyMembership): ProjectViewer {
  return { companyId: company.companyId, userId: actor.user.id, permissions: company.permissions, manages: holds(company.profile, 'projects:manage'), projectRolesCount: projectRolesCount(actor, company.profile) };
}

/** The viewer's company's standing to the project row `p`, in SQL (the same order as project-access.ts relationOf). */
export function relationSql(companyId: number) {
  return sql<ProjectRelation | null>`case
    when p.company_id = ${companyId} then 'owner'
    when p.client_id = ${companyId} then 'client'
    when exists (select 1 from projects rp where rp.id = p.parent_id and rp.company_id = ${companyId}) then 'client'
    when exists (select 1 from project_crew_companies rc where rc.project_id = p.id and rc.company_id = ${companyId}) then 'subcontractor'
    end`;
}

/** Projects (`p`) with the names the answer shows, its budget, sub-project count and the viewer's relation. */
export function projectRows(db: Executor, companyId: number) {
  return db
    .selectFrom('projects as p')
    .innerJoin('companies as co', 'co.id', 'p.company_id')
    .leftJoin('markets as mk', 'mk.id', 'p.market_id')
    .leftJoin('projects as pa', 'pa.id', 'p.parent_id')
    .leftJoin('budgets as bu', 'bu.project_id', 'p.id')
    .selectAll('p')
    .select(['co.name as company_name', 'mk.name as market_name', 'pa.project_name as parent_name', 'bu.id as budget_id'])
    .select(sql<number>`(select count(*) from projects sp where sp.parent_id = p.id)`.as('sub_project_count'))
    .select(relationSql(companyId).as('relation'));
}

export type ProjectListRow = Awaited<ReturnType<ReturnType<typeof projectRows>['executeTakeFirstOrThrow']>>;

/**
 * The ids among `projectIds` on which the viewer holds projects:manage: through the company role
 * (for every project, or one naming the project), or through a project role they hold there as a
 * person of the viewer's company.
 */
export async function managedAmong(db: Executor, viewer: ProjectViewer, projectIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (!projectIds.length) return out;
  if (viewer.manages) for (const id of projectIds) if (grantsOn(viewer.permissions, 'projects', 'manage', id)) out.add(id);
  if (!viewer.projectRolesCount) return out;
  const projectRoles = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.project_id', 'r.permissions'])
    .where('m.type', '=', 'project')
    .where('m.status', '=', 'accepted')
    .where('m.user_id', '=', viewer.userId)
    .where('m.company_id', '=', viewer.companyId)
    .where('m.project_id', 'in', projectIds)
    .execute();
  for (const r of projectRoles) {
    if (grantsOn(parseJson<RolePermission[]>(r.permissions, []), 'projects', 'manage', r.project_id!)) out.add(r.project_id!);
  }
  return out;
}

const flag = (v: unknown) => v === 1 || v === true || v === '1';

/** One row as the Project every call answers; only the company that runs it may ever manage it. */
export function projectView(row: ProjectListRow, managed: Set<number>): Project {
  const relation = row.relation as ProjectRelation;
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    projectName: row.project_name,
    code: row.code,
    projectNumber: row.project_number,
    address: row.address,
    country: row.country,
    state: row.state,
    city: row.city,
    startDate: row.start_date,
    endDate: row.end_date,
    clientId: row.client_id,
    clientName: row.client_name,
    clientEmail: row.client_email,
    projectId: row.parent_id,
    parentName: row.parent_name,
    powoNumber: row.powo_number,
    timezone: row.timezone,
    marketId: row.market_id,
    marketName: row.market_name,
    isSinglePart: flag(row.is_single_part),
    requireQuantityOnPDFDraw: flag(row.require_quantity_on_pdf_draw),
    taskBasedProduction: flag(row.task_based_production),
    pdfScaleFactor: row.pdf_scale_factor,
    boundariesSettings: parseJson(row.boundaries_settings, {}),
    mapSettings: parseJson(row.map_settings, {}),
    scheduleSettings: parseJson(row.schedule_settings, {}),
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    status: row.status as ProjectStatus,
    suspendedShutdownReason: row.suspended_shutdown_reason,
    suspendStart: row.suspend_start,
    suspendEnd: row.suspend_end,
    suspendReason: row.suspend_reason,
    folderId: row.folder_id,
    budgetId: row.budget_id,
    subProjectCount: Number(row.sub_project_count),
    relation,
    canManage: relation === 'owner' && managed.has(row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A page of rows as Projects, with canManage read in one query for the page. */
export async function projectViews(db: Executor, viewer: ProjectViewer, rows: ProjectListRow[]): Promise<Project[]> {
  const managed = await managedAmong(
    db,
    viewer,
    rows.filter((r) => r.relation === 'owner').map((r) => r.id),
  );
  return rows.map((r) => projectView(r, managed));
}

/** One project as the viewer's company sees it; 404 when it has no relation to it. */
export async function loadProject(db: Executor, viewer: ProjectViewer, id: number): Promise<Project> {
  const row = await projectRows(db, viewer.companyId).where('p.id', '=', id).executeTakeFirst();
  if (!row || row.relation === null) throw notFound('Project');
  return (await projectViews(db, viewer, [row]))[0]!;
}
