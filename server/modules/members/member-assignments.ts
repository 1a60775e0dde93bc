import type { Executor, Trx } from '../../db/index.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { assertCrewNameFree, checkMemberIds, checkOwnIds } from './member-checks.js';

/** The crew and category fields of the member dialogs; a list given replaces the member's list. */
export interface Assignments {
  assignedToCrewsAsMember?: number[];
  assignedToCrewsAsLeader?: number[];
  categories?: number[];
  newCrewName?: string | null;
  newCrewMembers?: number[];
}

/** Every id must be the company's own: another tenant's crew, category or member is a 400, like an unknown one. */
export async function checkAssignments(db: Executor, companyId: number, a: Assignments) {
  await checkOwnIds(db, 'crews', companyId, a.assignedToCrewsAsMember ?? [], 'assignedToCrewsAsMember');
  await checkOwnIds(db, 'crews', companyId, a.assignedToCrewsAsLeader ?? [], 'assignedToCrewsAsLeader');
  await checkOwnIds(db, 'item_categories', companyId, a.categories ?? [], 'categories');
  await checkMemberIds(db, companyId, a.newCrewMembers ?? [], 'newCrewMembers');
  if (a.newCrewName) await assertCrewNameFree(db, companyId, a.newCrewName);
}

async function replaceCrews(trx: Trx, membershipId: number, crewIds: number[], leader: boolean) {
  const isLeader = leader ? 1 : 0;
  await trx.deleteFrom('crew_members').where('membership_id', '=', membershipId).where('is_leader', '=', isLeader).execute();
  if (crewIds.length) {
    await trx
      .insertInto('crew_members')
      .values(crewIds.map((crewId) => ({ crew_id: crewId, membership_id: membershipId, is_leader: isLeader })))
      .execute();
  }
}

/** Writes the assignments inside the member's transaction; the new crew holds the member and the people picked for it. */
export async function writeAssignments(trx: Trx, actor: AuditActor & { companyId: number }, membershipId: number, a: Assignments, now: string) {
  if (a.assignedToCrewsAsMember) await replaceCrews(trx, membershipId, a.assignedToCrewsAsMember, false);
  if (a.assignedToCrewsAsLeader) await replaceCrews(trx, membershipId, a.assignedToCrewsAsLeader, true);
  if (a.categories) {
    await trx.deleteFrom('member_categories').where('membership_id', '=', membershipId).execute();
    if (a.categories.length) {
      await trx
        .insertInto('member_categories')
        .values(a.categories.map((categoryId) => ({ membership_id: membershipId, category_id: categoryId })))
        .execute();
    }
  }
  if (!a.newCrewName) return;
  const crew = await trx
    .insertInto('crews')
    .values({ company_id: actor.companyId, name: a.newCrewName, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const people = [...new Set([membershipId, ...(a.newCrewMembers ?? [])])];
  await trx
    .insertInto('crew_members')
    .values(people.map((id) => ({ crew_id: crew.id, membership_id: id, is_leader: 0 })))
    .execute();
  await recordAudit(trx, actor, { entityType: 'crew', entityId: crew.id, action: 'created', after: { name: a.newCrewName, members: people } });
}
