import type { CreateCrewInput, UpdateCrewInput } from '../../../resources/crew.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import type { Trx } from '../../db/index.js';
import { conflict } from '../../http/errors.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { assertAssignable, assertCrewNameFree, crewNameTaken } from './crew-checks.js';
import { crewDetail, crewSnapshot } from './crew-view.js';

/** Who acts and in which company; the routes resolve it from the active company or the crew's own. */
export interface CrewScope {
  userId: number;
  companyId: number;
}

/** One transaction per change; a concurrent duplicate name still ends as a 409. */
async function inTransaction<T>(services: Services, name: string | undefined, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await services.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw crewNameTaken(name);
    throw err;
  }
}

async function replacePeople(trx: Trx, crewId: number, isLeader: 0 | 1, ids: number[]) {
  await trx.deleteFrom('crew_members').where('crew_id', '=', crewId).where('is_leader', '=', isLeader).execute();
  if (ids.length) {
    await trx
      .insertInto('crew_members')
      .values(ids.map((membership_id) => ({ crew_id: crewId, membership_id, is_leader: isLeader })))
      .execute();
  }
}

async function replaceCategories(trx: Trx, crewId: number, ids: number[]) {
  await trx.deleteFrom('crew_categories').where('crew_id', '=', crewId).execute();
  if (ids.length) await trx.insertInto('crew_categories').values(ids.map((category_id) => ({ crew_id: crewId, category_id }))).execute();
}

export async function createCrew(services: Services, scope: CrewScope, body: CreateCrewInput) {
  return inTransaction(services, body.name, async (trx) => {
    await assertCrewNameFree(trx, scope.companyId, body.name);
    await assertAssignable(trx, scope.companyId, body);
    const now = nowIso();
    const { id } = await trx
      .insertInto('crews')
      .values({ company_id: scope.companyId, name: body.name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replacePeople(trx, id, 0, body.members);
    await replacePeople(trx, id, 1, body.leaders);
    await replaceCategories(trx, id, body.categories);
    const crew = await crewDetail(trx, scope.companyId, id);
    await recordAudit(trx, scope, { entityType: 'crew', entityId: id, action: 'created', after: crewSnapshot(crew) });
    return crew;
  });
}

export async function updateCrew(services: Services, scope: CrewScope, id: number, body: UpdateCrewInput) {
  return inTransaction(services, body.name, async (trx) => {
    const before = await crewDetail(trx, scope.companyId, id);
    if (body.name !== undefined && body.name !== before.name) await assertCrewNameFree(trx, scope.companyId, body.name, id);
    await assertAssignable(trx, scope.companyId, body);
    if (body.members) await replacePeople(trx, id, 0, body.members);
    if (body.leaders) await replacePeople(trx, id, 1, body.leaders);
    if (body.categories) await replaceCategories(trx, id, body.categories);
    const renamed = body.name !== undefined && body.name !== before.name;
    if (renamed) await trx.updateTable('crews').set({ name: body.name! }).where('id', '=', id).execute();
    const changed = await crewDetail(trx, scope.companyId, id);
    if (!Object.keys(diff(crewSnapshot(before), crewSnapshot(changed))).length) return before;
    await trx.updateTable('crews').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    await recordAudit(trx, scope, { entityType: 'crew', entityId: id, action: 'updated', before: crewSnapshot(before), after: crewSnapshot(changed) });
    return crewDetail(trx, scope.companyId, id);
  });
}

export const CREW_HAS_PRODUCTION = 'This crew has recorded production: it is kept for the record and cannot be deleted';

/** The crew goes, and with it every member, leader and category assignment; a crew that recorded production stays (409). */
export async function deleteCrew(services: Services, scope: CrewScope, id: number): Promise<void> {
  await inTransaction(services, undefined, async (trx) => {
    const before = await crewDetail(trx, scope.companyId, id);
    const produced = await trx.selectFrom('productions').select('id').where('crew_id', '=', id).limit(1).executeTakeFirst();
    if (produced) throw conflict(CREW_HAS_PRODUCTION, 'IN_USE');
    await trx.deleteFrom('crew_members').where('crew_id', '=', id).execute();
    await trx.deleteFrom('crew_categories').where('crew_id', '=', id).execute();
    await trx.deleteFrom('crews').where('id', '=', id).execute();
    await recordAudit(trx, scope, { entityType: 'crew', entityId: id, action: 'deleted', before: crewSnapshot(before) });
  });
}
