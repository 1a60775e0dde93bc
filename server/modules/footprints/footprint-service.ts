import { FOOTPRINT_MESSAGES, type CreateFootprintInput, type UpdateFootprintInput } from '../../../resources/footprint.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { assertCatalogRow, projectFor } from '../damages/damage-checks.js';
import { footprintOf } from './footprint-access.js';
import { notifyFootprint } from './footprint-notify.js';
import { releaseFootprintPhotos } from './footprint-photos.js';
import { measure } from './footprint-shape.js';
import { moveRestoration } from './footprint-state.js';
import { footprintSnapshot, loadFootprint } from './footprint-view.js';

const audit = (db: Executor, actor: Actor, companyId: number, id: number, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  recordAudit(db, { userId: actor.user.id, companyId }, { entityType: 'footprint', entityId: id, action, before, after, companyId });

/** The references a footprint body names: a project the company works on, its own type and crew (400 otherwise). */
async function assertRefs(db: Executor, companyId: number, body: { projectId?: number; typeId?: number; crewId?: number | null }) {
  if (body.projectId !== undefined) await projectFor(db, companyId, body.projectId, FOOTPRINT_MESSAGES.project);
  await assertCatalogRow(db, 'footprint_types', companyId, body.typeId, 'typeId', FOOTPRINT_MESSAGES.type);
  await assertCatalogRow(db, 'crews', companyId, body.crewId, 'crewId', FOOTPRINT_MESSAGES.crew);
}

/** POST /footprints: a footprint drawn on a project, open; its measures computed here; the company's footprint people are told. */
export async function createFootprint(services: Services, actor: Actor, body: CreateFootprintInput) {
  const companyId = actor.membership!.companyId;
  return services.db.transaction().execute(async (trx) => {
    await assertRefs(trx, companyId, body);
    const now = nowIso();
    const { id } = await trx
      .insertInto('footprints')
      .values({
        company_id: companyId,
        project_id: body.projectId,
        type_id: body.typeId,
        crew_id: body.crewId,
        date: body.date,
        kind: body.kind,
        points: JSON.stringify(body.points),
        ...measure(body.kind, body.points),
        restoration_status: 'open',
        notes: body.notes,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const footprint = await loadFootprint(trx, id);
    await audit(trx, actor, companyId, id, 'created', null, footprintSnapshot(footprint));
    await notifyFootprint(services, trx, companyId, actor.user.id, footprint);
    return footprint;
  });
}

/** PATCH /footprints/{id}: the fields sent; a new shape is measured again; a restoration move goes through the state machine (409). */
export async function updateFootprint(services: Services, actor: Actor, id: number, body: UpdateFootprintInput) {
  const companyId = actor.membership!.companyId;
  return services.db.transaction().execute(async (trx) => {
    const row = await footprintOf(trx, actor, id, true);
    await assertRefs(trx, companyId, body);
    const before = await loadFootprint(trx, id);
    const moved = body.restorationStatus !== undefined && body.restorationStatus !== row.restoration_status ? body.restorationStatus : undefined;
    if (moved) await moveRestoration(trx, row, moved);
    const set = {
      ...(body.projectId !== undefined && { project_id: body.projectId }),
      ...(body.typeId !== undefined && { type_id: body.typeId }),
      ...(body.crewId !== undefined && { crew_id: body.crewId }),
      ...(body.date !== undefined && { date: body.date }),
      ...(body.notes !== undefined && { notes: body.notes }),
      ...(body.kind !== undefined && body.points !== undefined && { kind: body.kind, points: JSON.stringify(body.points), ...measure(body.kind, body.points) }),
    };
    if (Object.keys(set).length) await trx.updateTable('footprints').set({ ...set, updated_at: nowIso() }).where('id', '=', id).execute();
    const after = await loadFootprint(trx, id);
    if (JSON.stringify(footprintSnapshot(before)) !== JSON.stringify(footprintSnapshot(after)) || body.points !== undefined) {
      await audit(trx, actor, companyId, id, moved && !Object.keys(set).length ? 'restoration changed' : 'updated', footprintSnapshot(before), footprintSnapshot(after));
    }
    if (moved) await notifyFootprint(services, trx, companyId, actor.user.id, after, moved);
    return after;
  });
}

/** DELETE /footprints/{id}: an open footprint (drawn by mistake) with its photos; once restoration started it is kept for the record (409). */
export async function deleteFootprint(services: Services, actor: Actor, id: number) {
  const companyId = actor.membership!.companyId;
  await fileTransaction(services, async (trx, files) => {
    const row = await footprintOf(trx, actor, id, true);
    if (row.restoration_status !== 'open') throw conflict('Only an open footprint can be deleted: its restoration is kept for the record', 'NOT_DELETABLE');
    const before = await loadFootprint(trx, id);
    await releaseFootprintPhotos(trx, files, id);
    await trx.deleteFrom('footprints').where('id', '=', id).execute();
    await audit(trx, actor, companyId, id, 'deleted', footprintSnapshot(before), null);
  });
}
