import type { CreateMemberInput, MemberView, UpdateMemberInput } from '../../../resources/member.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { conflict, forbidden } from '../../http/errors.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { checkAssignments, writeAssignments } from './member-assignments.js';
import { assertEmailFree, assignableRole } from './member-checks.js';
import { insertInvitation, queueInvitationMail, renewInvitation } from './member-invite.js';
import { auditedMember, loadMember } from './member-view.js';
import { dropGrantsOf } from '../files/file-access.js';

const auditActor = (actor: Actor, company: CompanyMembership) => ({ userId: actor.user.id, companyId: company.companyId });

/** Invites a person: membership, crews, new crew, categories and the invitation mail in one transaction. */
export async function createMember(services: Services, actor: Actor, company: CompanyMembership, body: CreateMemberInput): Promise<MemberView> {
  const { companyId } = company;
  const { id } = await services.db.transaction().execute(async (trx) => {
    await assignableRole(trx, companyId, body.roleId);
    await assertEmailFree(trx, companyId, body.email);
    await checkAssignments(trx, companyId, body);
    const now = nowIso();
    const invited = await insertInvitation(trx, companyId, actor.user.id, body, now);
    await writeAssignments(trx, auditActor(actor, company), invited.id, body, now);
    await recordAudit(trx, auditActor(actor, company), { entityType: 'membership', entityId: invited.id, action: 'invited', after: auditedMember(await loadMember(trx, invited.id)) });
    await queueInvitationMail(trx, services, { companyId, name: body.name, email: body.email }, invited.token, actor.user.name);
    return invited;
  });
  return loadMember(services.db, id);
}

async function ownerCount(db: Executor, companyId: number) {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('r.name', '=', 'Owner')
    .where('r.is_default', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Only an Owner may change or remove an Owner (ownership is never handed out through memberships:manage),
 * and the company always keeps one.
 */
async function guardOwner(trx: Trx, company: CompanyMembership, member: MemberView, losesOwnership: boolean) {
  if (member.role !== 'Owner') return;
  if (company.roleName !== 'Owner') throw forbidden('Only an Owner can change or remove an Owner.');
  if (losesOwnership && member.status === 'accepted' && (await ownerCount(trx, company.companyId)) <= 1) {
    throw conflict('The last Owner of a company cannot be removed or given another role.', 'LAST_OWNER');
  }
}

export async function updateMember(services: Services, actor: Actor, company: CompanyMembership, id: number, body: UpdateMemberInput): Promise<MemberView> {
  const { companyId } = company;
  await services.db.transaction().execute(async (trx) => {
    const before = await loadMember(trx, id);
    const roleChanges = body.roleId !== undefined && body.roleId !== before.roleId;
    await guardOwner(trx, company, before, roleChanges);
    if (roleChanges) await assignableRole(trx, companyId, body.roleId!);
    const emailChanges = body.email !== undefined && body.email !== before.email.toLowerCase();
    if (emailChanges) await assertEmailFree(trx, companyId, body.email!, id);
    await checkAssignments(trx, companyId, body);

    const now = nowIso();
    const { assignedToCrewsAsMember, assignedToCrewsAsLeader, categories, newCrewName, newCrewMembers, roleId, ...contact } = body;
    const columns = { ...contact, ...(roleId !== undefined ? { role_id: roleId } : {}) };
    if (Object.keys(columns).length) await trx.updateTable('memberships').set({ ...columns, updated_at: now }).where('id', '=', id).execute();
    await writeAssignments(trx, auditActor(actor, company), id, { assignedToCrewsAsMember, assignedToCrewsAsLeader, categories, newCrewName, newCrewMembers }, now);
    // A pending invitation follows its address: the old link stops working and the new address gets one.
    const renewed = emailChanges && before.status === 'invited' ? await renewInvitation(trx, id) : null;
    const after = await loadMember(trx, id);
    if (Object.keys(diff(auditedMember(before), auditedMember(after))).length) {
      await recordAudit(trx, auditActor(actor, company), { entityType: 'membership', entityId: id, action: 'updated', before: auditedMember(before), after: auditedMember(after) });
    }
    if (renewed) await queueInvitationMail(trx, services, after, renewed, actor.user.name);
  });
  return loadMember(services.db, id);
}

/**
 * The person's project roles held as a person of this company (project memberships carry the
 * person's company, whoever runs the project): they go with the company membership, or they would
 * come back if the person were invited again.
 */
async function removeProjectRoles(trx: Trx, companyId: number, userId: number | null): Promise<string[]> {
  if (userId === null) return [];
  const held = await trx
    .selectFrom('memberships as pm')
    .innerJoin('projects as p', 'p.id', 'pm.project_id')
    .innerJoin('roles as r', 'r.id', 'pm.role_id')
    .select(['pm.id', 'p.code', 'p.project_name', 'r.name as role_name'])
    .where('pm.type', '=', 'project')
    .where('pm.company_id', '=', companyId)
    .where('pm.user_id', '=', userId)
    .orderBy('p.code')
    .execute();
  await trx.deleteFrom('memberships').where('type', '=', 'project').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  return held.map((h) => `${h.code} – ${h.project_name}: ${h.role_name}`);
}

/** Removes the membership with its crew assignments, categories, file grants and project roles. */
export async function removeMember(services: Services, actor: Actor, company: CompanyMembership, id: number): Promise<void> {
  try {
    await services.db.transaction().execute(async (trx) => {
      const before = await loadMember(trx, id);
      await guardOwner(trx, company, before, true);
      await trx.deleteFrom('crew_members').where('membership_id', '=', id).execute();
      await trx.deleteFrom('member_categories').where('membership_id', '=', id).execute();
      await dropGrantsOf(trx, 'member', [id]);
      const projectRoles = await removeProjectRoles(trx, company.companyId, before.userId);
      await trx.deleteFrom('memberships').where('id', '=', id).execute();
      if (before.userId) services.realtime.leaveCompany(company.companyId, [before.userId]);
      await recordAudit(trx, auditActor(actor, company), {
        entityType: 'membership',
        entityId: id,
        action: 'removed',
        before: { ...auditedMember(before), ...(projectRoles.length ? { projectRoles } : {}) },
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict('This member is still referenced elsewhere and cannot be removed', 'IN_USE');
    throw err;
  }
}
