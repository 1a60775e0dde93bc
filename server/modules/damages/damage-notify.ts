import type { Executor } from '../../db/index.js';
import { parseJson } from '../../lib/json.js';
import { notifyMembers, type NotifyServices } from '../../lib/notify.js';
import type { ProjectRow } from '../projects/project-access.js';

type Perm = { resourceType: string; action: string; resourceId?: string | null };

const managesProjects = (perms: Perm[], projectId: number) =>
  perms.some(
    (p) =>
      (p.resourceType === '_any' || p.resourceType === 'projects') &&
      (p.action === '_any' || p.action === 'manage') &&
      (!p.resourceId || p.resourceId === '_any' || p.resourceId === String(projectId)),
  );

/**
 * The project's managers: the people of the company that runs it whose role, company-wide or on
 * this project, holds projects:manage. They hear of a new damage on their job whoever recorded it.
 */
async function projectManagers(db: Executor, project: Pick<ProjectRow, 'id' | 'company_id'>) {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.user_id', 'm.company_id', 'm.type', 'm.project_id', 'r.permissions'])
    .where('m.company_id', '=', project.company_id)
    .where('m.status', '=', 'accepted')
    .where((eb) => eb.or([eb('m.type', '=', 'company'), eb.and([eb('m.type', '=', 'project'), eb('m.project_id', '=', project.id)])]))
    .execute();
  const company = new Map<number, number>(
    rows.filter((r) => r.type === 'company').map((r) => [r.user_id ?? 0, r.id]),
  );
  return rows
    .filter((r) => managesProjects(parseJson<Perm[]>(r.permissions, []), project.id))
    // A project role is read in the person's company membership: that is where notifications are listed.
    .map((r) => ({ membershipId: r.type === 'company' ? r.id : company.get(r.user_id ?? 0) ?? 0, companyId: r.company_id, userId: r.user_id }))
    .filter((r) => r.membershipId > 0);
}

/** A new damage: one notification row per manager of its project (the reporter left out), linking to the damage. */
export async function notifyNewDamage(services: NotifyServices, db: Executor, actorUserId: number, project: Pick<ProjectRow, 'id' | 'company_id' | 'code'>, damage: { id: number; damageDate: string }) {
  await notifyMembers(services, db, await projectManagers(db, project), actorUserId, {
    type: 'damage',
    description: `A damage of ${damage.damageDate} was reported on ${project.code}`,
    entityId: damage.id,
    options: { projectId: project.id },
  });
}
