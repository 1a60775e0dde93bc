import { sql } from 'kysely';
import type { ProjectMembership, ProjectMembershipsInput } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';
import { projectPeopleCompanies } from './project-people.js';

const MESSAGES = {
  person: "Choose a member of the company that runs the project, of its client or of the parent project's company",
  twice: 'This person is listed twice',
  role: 'Choose a role of this project',
} as const;

/**
 * Project memberships with the company membership each was made from (the person's membership in
 * their company, which they must still hold to appear) and their project role. The person is named as
 * the people picker names them (GET /projects/{id}/people): their account's name and e-mail, else
 * their company's record, as they are now rather than when they were added.
 */
function membershipRows(db: Executor) {
  return db
    .selectFrom('memberships as pm')
    .innerJoin('memberships as cm', (j) =>
      j.onRef('cm.company_id', '=', 'pm.company_id').onRef('cm.user_id', '=', 'pm.user_id').on('cm.type', '=', 'company').on('cm.status', '=', 'accepted'),
    )
    .innerJoin('companies as c', 'c.id', 'pm.company_id')
    .innerJoin('roles as r', 'r.id', 'pm.role_id')
    .leftJoin('users as u', 'u.id', 'pm.user_id')
    .select(['pm.id', 'pm.project_id', 'cm.id as company_membership_id', 'pm.company_id', 'c.name as company_name', 'pm.user_id', 'pm.role_id', 'r.name as role_name', 'pm.created_at'])
    .select(sql<string>`coalesce(u.name, cm.name)`.as('name'))
    .select(sql<string>`coalesce(u.email, cm.email)`.as('email'))
    .where('pm.type', '=', 'project')
    .where('pm.status', '=', 'accepted');
}

type Row = Awaited<ReturnType<ReturnType<typeof membershipRows>['executeTakeFirstOrThrow']>>;

const view = (r: Row): ProjectMembership => ({
  id: r.id,
  projectId: r.project_id!,
  companyMembershipId: r.company_membership_id,
  companyId: r.company_id,
  companyName: r.company_name,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  roleId: r.role_id,
  roleName: r.role_name,
  createdAt: r.created_at,
});

async function projectMemberships(db: Executor, projectId: number) {
  const rows = await membershipRows(db).where('pm.project_id', '=', projectId).orderBy('pm.name').orderBy('pm.id').execute();
  return rows.map(view);
}

/** GET /projects/{id}/memberships. */
export async function listProjectMemberships(db: Executor, actor: Actor, projectId: number) {
  await projectAccess(db, actor, projectId, 'view');
  return projectMemberships(db, projectId);
}

/** GET /projects/memberships: the caller's own project memberships as a person of the active company. */
export async function myProjectMemberships(db: Executor, actor: Actor) {
  const rows = await membershipRows(db)
    .where('pm.user_id', '=', actor.user.id)
    .where('pm.company_id', '=', actor.membership!.companyId)
    .orderBy('pm.project_id')
    .orderBy('pm.id')
    .execute();
  return rows.map(view);
}

const described = (list: ProjectMembership[]) => list.map((m) => `${m.name} (${m.companyName}): ${m.roleName}`).sort();

/**
 * POST /projects/{id}/memberships: the sent people (accepted members of the company that runs the
 * project, of its client company or of a parent project's company: `projectPeopleCompanies`) with
 * their project roles replace the list. People who stay keep
 * their project membership (its id), with the role sent.
 */
export async function replaceProjectMemberships(services: Services, actor: Actor, projectId: number, body: ProjectMembershipsInput): Promise<ProjectMembership[]> {
  return services.db.transaction().execute(async (trx) => {
    const { project } = await projectAccess(trx, actor, projectId, 'manage');
    const companies = await projectPeopleCompanies(trx, project);
    const ids = body.memberships.map((m) => m.id);
    const people = ids.length
      ? await trx
          .selectFrom('memberships')
          .select(['id', 'company_id', 'user_id', 'name', 'email', 'phone'])
          .where('id', 'in', ids)
          .where('type', '=', 'company')
          .where('status', '=', 'accepted')
          .where('user_id', 'is not', null)
          .where('company_id', 'in', companies)
          .execute()
      : [];
    const roleIds = body.memberships.map((m) => m.roleId);
    const roles = roleIds.length
      ? await trx.selectFrom('roles').select('id').where('id', 'in', roleIds).where('scope_type', '=', 'project').where('scope_id', '=', projectId).execute()
      : [];
    const problems: Array<{ field: string; message: string }> = [];
    const seen = new Set<number>();
    body.memberships.forEach((m, i) => {
      if (!people.some((p) => p.id === m.id)) problems.push({ field: `memberships.${i}.id`, message: MESSAGES.person });
      else if (seen.has(m.id)) problems.push({ field: `memberships.${i}.id`, message: MESSAGES.twice });
      seen.add(m.id);
      if (!roles.some((r) => r.id === m.roleId)) problems.push({ field: `memberships.${i}.roleId`, message: MESSAGES.role });
    });
    if (problems.length) throw badRequest(`${problems[0]!.field}: ${problems[0]!.message}`, problems);

    const before = await projectMemberships(trx, projectId);
    const current = await trx
      .selectFrom('memberships')
      .select(['id', 'company_id', 'user_id', 'role_id', 'name', 'email'])
      .where('project_id', '=', projectId)
      .where('type', '=', 'project')
      .execute();
    const now = nowIso();
    const kept = new Set<number>();
    for (const m of body.memberships) {
      const person = people.find((p) => p.id === m.id)!;
      const existing = current.find((c) => c.company_id === person.company_id && c.user_id === person.user_id);
      if (existing) {
        kept.add(existing.id);
        if (existing.role_id !== m.roleId || existing.name !== person.name || existing.email !== person.email) {
          await trx.updateTable('memberships').set({ role_id: m.roleId, name: person.name, email: person.email, updated_at: now }).where('id', '=', existing.id).execute();
        }
        continue;
      }
      await trx
        .insertInto('memberships')
        .values({
          user_id: person.user_id,
          company_id: person.company_id,
          project_id: projectId,
          type: 'project',
          role_id: m.roleId,
          status: 'accepted',
          name: person.name,
          email: person.email,
          phone: person.phone,
          notification_settings: '{}',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const gone = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
    if (gone.length) await trx.deleteFrom('memberships').where('id', 'in', gone).execute();
    const after = await projectMemberships(trx, projectId);
    const [was, is] = [described(before), described(after)];
    if (JSON.stringify(was) !== JSON.stringify(is) || gone.length) {
      await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
        entityType: 'project',
        entityId: projectId,
        action: 'memberships updated',
        before: { memberships: was },
        after: { memberships: is },
      });
    }
    return after;
  });
}
