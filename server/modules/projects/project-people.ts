import { sql } from 'kysely';
import type { ProjectPerson } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { escapeLike } from '../../lib/list-query.js';
import { projectAccess, type ProjectRow } from './project-access.js';

/** The most people one answer lists: the pickers search as the user types. */
export const MAX_PEOPLE = 50;

/**
 * The companies whose people a project may draw on, for its roles and its budget's reviews: the
 * company that runs it, its client and, for a sub-project, the parent project's company.
 */
export async function projectPeopleCompanies(db: Executor, project: Pick<ProjectRow, 'company_id' | 'client_id' | 'parent_id'>): Promise<number[]> {
  const ids = [project.company_id];
  if (project.client_id !== null) ids.push(project.client_id);
  if (project.parent_id !== null) {
    const parent = await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
    if (parent) ids.push(parent.company_id);
  }
  return [...new Set(ids)];
}

/**
 * The accepted company members of those companies (names and e-mails from their accounts, else the
 * company's record), the running company's first, then the client's, then the parent's, each by name;
 * `search` narrows by name or e-mail. Names, e-mails and companies only: what a picker shows.
 */
export async function projectPeople(db: Executor, project: ProjectRow, search?: string): Promise<ProjectPerson[]> {
  const companies = await projectPeopleCompanies(db, project);
  const sideOrder = sql<number>`case when m.company_id = ${project.company_id} then 0 when m.company_id = ${project.client_id ?? 0} then 1 else 2 end`;
  let query = db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.company_id', 'c.name as company_name', 'm.name', 'm.email', 'u.name as user_name', 'u.email as user_email'])
    .where('m.company_id', 'in', companies)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('m.user_id', 'is not', null)
    .where('c.deleted_at', 'is', null);
  const needle = search?.trim().toLowerCase();
  if (needle) {
    const like = `%${escapeLike(needle)}%`;
    query = query.where(sql<boolean>`(lower(coalesce(u.name, m.name)) like ${like} escape '!' or lower(coalesce(u.email, m.email)) like ${like} escape '!')`);
  }
  const rows = await query
    .orderBy(sideOrder)
    .orderBy('c.name')
    .orderBy('m.company_id')
    .orderBy(sql`lower(coalesce(u.name, m.name))`)
    .orderBy('m.id')
    .limit(MAX_PEOPLE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    name: r.user_name ?? r.name,
    email: r.user_email ?? r.email,
    side: r.company_id === project.company_id ? 'owner' : r.company_id === project.client_id ? 'client' : 'parent',
  }));
}

/** GET /projects/{id}/people: for those who give the project's roles (the running company, projects:manage). */
export async function listProjectPeople(db: Executor, actor: Actor, projectId: number, search?: string) {
  const { project } = await projectAccess(db, actor, projectId, 'manage');
  return projectPeople(db, project, search);
}
