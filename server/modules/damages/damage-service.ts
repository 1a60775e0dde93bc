import { queueWebhookEvent } from '../../lib/webhooks/deliveries.js';
import type { CreateDamageInput, UpdateDamageInput } from '../../../resources/damage.js';
import { DAMAGE_MESSAGES, moneyToCents } from '../../../resources/damage.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { Executor } from '../../db/index.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { damageOf } from './damage-access.js';
import { assertDamageRefs, projectFor } from './damage-checks.js';
import { releaseDamageFiles } from './damage-files.js';
import { notifyNewDamage } from './damage-notify.js';
import { moveDamage } from './damage-state.js';
import { damageSnapshot, loadDamage } from './damage-view.js';

const audit = (db: Executor, actor: Actor, companyId: number, id: number, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  recordAudit(db, { userId: actor.user.id, companyId }, { entityType: 'damage', entityId: id, action, before, after, companyId });

const amountCents = (v: string | null) => (v === null ? null : Number(moneyToCents(v)));

/** POST /damages: a damage reported by the caller on a project the company works on; the project's managers are told. */
export async function createDamage(services: Services, actor: Actor, body: CreateDamageInput) {
  const companyId = actor.membership!.companyId;
  return services.db.transaction().execute(async (trx) => {
    await assertDamageRefs(trx, companyId, body);
    const project = await projectFor(trx, companyId, body.projectId, DAMAGE_MESSAGES.project);
    const now = nowIso();
    const { id } = await trx
      .insertInto('damages')
      .values({
        company_id: companyId,
        project_id: body.projectId,
        damage_date: body.damageDate,
        safety_authority_id: body.safetyAuthorityId,
        damage_type_id: body.damageTypeId,
        description: body.description,
        address: body.address,
        city: body.city,
        state: body.state,
        lat: body.lat,
        lng: body.lng,
        amount_cents: amountCents(body.amount),
        status: 'reported',
        reported_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const damage = await loadDamage(trx, id);
    await audit(trx, actor, companyId, id, 'created', null, damageSnapshot(damage));
    await notifyNewDamage(services, trx, actor.user.id, project, damage);
    await queueWebhookEvent(services, trx, { event: 'damage.reported', companyIds: [companyId], ids: { damageId: id, projectId: body.projectId }, data: async () => damage });
    return damage;
  });
}

/** PATCH /damages/{id}: the fields sent; a status through the state machine (409 for an illegal move, nothing changed). */
export async function updateDamage(services: Services, actor: Actor, id: number, body: UpdateDamageInput) {
  const companyId = actor.membership!.companyId;
  return services.db.transaction().execute(async (trx) => {
    const row = await damageOf(trx, actor, id, true);
    await assertDamageRefs(trx, companyId, body);
    const before = await loadDamage(trx, id);
    if (body.status !== undefined && body.status !== row.status) await moveDamage(trx, row, body.status);
    const set = {
      ...(body.damageDate !== undefined && { damage_date: body.damageDate }),
      ...(body.projectId !== undefined && { project_id: body.projectId }),
      ...(body.safetyAuthorityId !== undefined && { safety_authority_id: body.safetyAuthorityId }),
      ...(body.damageTypeId !== undefined && { damage_type_id: body.damageTypeId }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.address !== undefined && { address: body.address }),
      ...(body.city !== undefined && { city: body.city }),
      ...(body.state !== undefined && { state: body.state }),
      ...(body.lat !== undefined && { lat: body.lat }),
      ...(body.lng !== undefined && { lng: body.lng }),
      ...(body.amount !== undefined && { amount_cents: amountCents(body.amount) }),
    };
    if (Object.keys(set).length) await trx.updateTable('damages').set({ ...set, updated_at: nowIso() }).where('id', '=', id).execute();
    const after = await loadDamage(trx, id);
    const action = body.status !== undefined && body.status !== row.status && Object.keys(set).length === 0 ? 'status changed' : 'updated';
    if (JSON.stringify(damageSnapshot(before)) !== JSON.stringify(damageSnapshot(after))) await audit(trx, actor, companyId, id, action, damageSnapshot(before), damageSnapshot(after));
    return after;
  });
}

/**
 * DELETE /damages/{id}: a damage still reported (entered by mistake) goes with its files; once a
 * claim or repair is under way it is kept for the record and closed instead (409).
 */
export async function deleteDamage(services: Services, actor: Actor, id: number) {
  const companyId = actor.membership!.companyId;
  await fileTransaction(services, async (trx, files) => {
    const row = await damageOf(trx, actor, id, true);
    if (row.status !== 'reported') throw conflict(DAMAGE_MESSAGES.notDeletable, 'NOT_DELETABLE');
    const before = await loadDamage(trx, id);
    await releaseDamageFiles(trx, files, id);
    await trx.deleteFrom('damages').where('id', '=', id).execute();
    await audit(trx, actor, companyId, id, 'deleted', damageSnapshot(before), null);
  });
}
