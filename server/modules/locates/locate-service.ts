import { LOCATE_MESSAGES, locateExpiry, locateMove, type CreateLocateInput, type LocateDetail, type LocateResponseInput, type LocateStatus, type UpdateLocateInput } from '../../../resources/locate.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { relationOf, type ProjectRow } from '../projects/project-access.js';
import { clientCompany } from '../projects/project-checks.js';
import { locateScope, responseScope, type LocateRow } from './locate-access.js';
import { locateDetail, locateSnapshot } from './locate-view.js';

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);
const duplicate = () => conflict(LOCATE_MESSAGES.duplicate, 'DUPLICATE');
const today = () => nowIso().slice(0, 10);

/** A project the acting company sees; else a 400 naming the field. */
async function projectFor(db: Executor, companyId: number, projectId: number): Promise<ProjectRow> {
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst()) as ProjectRow | undefined;
  if (!project || !(await relationOf(db, project, companyId))) throw fieldError('projectId', LOCATE_MESSAGES.project);
  return project;
}

/** The project's own client, or a client company of an active partnership of the acting company; else 400. */
async function assertClient(db: Executor, companyId: number, project: ProjectRow, clientId: number) {
  if (clientId === project.client_id) return;
  await clientCompany(db, companyId, clientId).catch(() => Promise.reject(fieldError('clientId', LOCATE_MESSAGES.client)));
}

const audit = (trx: Trx, actor: Actor, companyId: number, id: number, action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
  recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'locate', entityId: id, action, before, after });

/** POST /locates: a ticket of the acting company; its number once per company (409). */
export async function createLocate(services: Services, actor: Actor, body: CreateLocateInput): Promise<LocateDetail> {
  const companyId = actor.membership!.companyId;
  return services.db.transaction().execute(async (trx) => {
    const project = await projectFor(trx, companyId, body.projectId);
    const clientId = body.clientId ?? project.client_id;
    if (body.clientId !== null) await assertClient(trx, companyId, project, body.clientId);
    if (body.status === 'ready' && locateExpiry({ expiresOn: body.expiresOn, status: 'ready' }, today()).expired) throw conflict(LOCATE_MESSAGES.expired, 'EXPIRED');
    const taken = await trx.selectFrom('locates').select('id').where('company_id', '=', companyId).where('ticket_number', '=', body.ticketNumber).executeTakeFirst();
    if (taken) throw duplicate();
    const now = nowIso();
    const values = {
      company_id: companyId,
      project_id: project.id,
      client_id: clientId,
      ticket_number: body.ticketNumber,
      address: body.address,
      city: body.city,
      state: body.state,
      lat: body.lat,
      lng: body.lng,
      dig_start_date: body.digStartDate,
      expires_on: body.expiresOn,
      status: body.status,
      description: body.description,
      created_by: actor.user.id,
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx
      .insertInto('locates')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? duplicate() : err));
    await audit(trx, actor, companyId, id, 'created', null, locateSnapshot(values));
    return locateDetail(trx, companyId, id, true);
  });
}

export async function getLocate(services: Services, actor: Actor, id: number): Promise<LocateDetail> {
  const scope = await locateScope(services.db, actor, id);
  return locateDetail(services.db, scope.companyId, id, scope.canManage);
}

/** The stored row after the change, checked as a whole (expiry after dig start, both coordinates or neither). */
function changed(locate: LocateRow, body: UpdateLocateInput): LocateRow {
  const next: LocateRow = {
    ...locate,
    ...(body.ticketNumber !== undefined && { ticket_number: body.ticketNumber }),
    ...(body.projectId !== undefined && { project_id: body.projectId }),
    ...(body.clientId !== undefined && { client_id: body.clientId }),
    ...(body.address !== undefined && { address: body.address }),
    ...(body.city !== undefined && { city: body.city }),
    ...(body.state !== undefined && { state: body.state }),
    ...(body.lat !== undefined && { lat: body.lat }),
    ...(body.lng !== undefined && { lng: body.lng }),
    ...(body.digStartDate !== undefined && { dig_start_date: body.digStartDate }),
    ...(body.expiresOn !== undefined && { expires_on: body.expiresOn }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.description !== undefined && { description: body.description }),
  };
  if (next.expires_on <= next.dig_start_date) throw fieldError('expiresOn', LOCATE_MESSAGES.expiresAfterStart);
  if ((next.lat === null) !== (next.lng === null)) throw fieldError(next.lat === null ? 'lat' : 'lng', LOCATE_MESSAGES.position);
  return next;
}

/**
 * PATCH /locates/{id}: the keys sent change; a status change moves through the state machine
 * (resources/locate.ts: 409 for an illegal move, or ready on an expired ticket); a closed ticket
 * changes only by reopening it.
 */
export async function updateLocate(services: Services, actor: Actor, id: number, body: UpdateLocateInput): Promise<LocateDetail> {
  return services.db.transaction().execute(async (trx) => {
    const { locate, companyId } = await locateScope(trx, actor, id, true);
    const next = changed(locate, body);
    const from = locate.status as LocateStatus;
    const to = next.status as LocateStatus;
    const move = to === from ? null : locateMove(from, to);
    if (to !== from && !move) throw conflict(LOCATE_MESSAGES.illegal, 'ILLEGAL_TRANSITION');
    if (from === 'closed' && move !== 'reopen') throw conflict(LOCATE_MESSAGES.closed, 'CLOSED');
    if (to === 'ready' && locateExpiry({ expiresOn: next.expires_on, status: to }, today()).expired) throw conflict(LOCATE_MESSAGES.expired, 'EXPIRED');
    if (next.project_id !== locate.project_id || next.client_id !== locate.client_id) {
      const project = await projectFor(trx, companyId, next.project_id);
      if (next.client_id !== null) await assertClient(trx, companyId, project, next.client_id);
    }
    if (next.ticket_number !== locate.ticket_number) {
      const taken = await trx.selectFrom('locates').select('id').where('company_id', '=', companyId).where('ticket_number', '=', next.ticket_number).where('id', '<>', id).executeTakeFirst();
      if (taken) throw duplicate();
    }
    const before = locateSnapshot(locate);
    const after = locateSnapshot(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      const { id: _id, company_id: _c, created_by: _b, created_at: _a, ...fields } = next;
      await trx
        .updateTable('locates')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', id)
        .execute()
        .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? duplicate() : err));
      await audit(trx, actor, companyId, id, move ?? 'updated', before, after);
    }
    return locateDetail(trx, companyId, id, true);
  });
}

/** DELETE /locates/{id}: the ticket and its responses; the trail keeps what it was. */
export async function deleteLocate(services: Services, actor: Actor, id: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const { locate, companyId } = await locateScope(trx, actor, id, true);
    await trx.deleteFrom('locates').where('id', '=', id).execute();
    await audit(trx, actor, companyId, id, 'deleted', locateSnapshot(locate), null);
  });
}

const responseSnapshot = (r: { utility_name: string; status: string; note: string | null; responded_at: string | null }) => ({
  utilityName: r.utility_name,
  responseStatus: r.status,
  note: r.note,
  respondedAt: r.responded_at,
});

/** An open or ready ticket: a closed one's responses do not change (409). */
function assertOpen(locate: LocateRow) {
  if (locate.status === 'closed') throw conflict(LOCATE_MESSAGES.closed, 'CLOSED');
}

/** POST /locates/{id}/responses: a utility's answer, recorded on the ticket's trail. */
export async function addResponse(services: Services, actor: Actor, id: number, body: Required<LocateResponseInput>): Promise<LocateDetail> {
  return services.db.transaction().execute(async (trx) => {
    const { locate, companyId } = await locateScope(trx, actor, id, true);
    assertOpen(locate);
    const now = nowIso();
    const values = { locate_id: id, utility_name: body.utilityName, status: body.status, note: body.note, responded_at: body.respondedAt, created_by: actor.user.id, created_at: now, updated_at: now };
    await trx.insertInto('locate_responses').values(values).execute();
    await trx.updateTable('locates').set({ updated_at: now }).where('id', '=', id).execute();
    await audit(trx, actor, companyId, id, 'response_added', null, responseSnapshot(values));
    return locateDetail(trx, companyId, id, true);
  });
}

/** PATCH /locates/{id}/responses/{responseId}: the keys sent change. */
export async function updateResponse(services: Services, actor: Actor, id: number, responseId: number, body: LocateResponseInput): Promise<LocateDetail> {
  return services.db.transaction().execute(async (trx) => {
    const { locate, response, companyId } = await responseScope(trx, actor, id, responseId, true);
    assertOpen(locate);
    const next = {
      utility_name: body.utilityName ?? response.utility_name,
      status: body.status ?? response.status,
      note: body.note === undefined ? response.note : body.note,
      responded_at: body.respondedAt === undefined ? response.responded_at : body.respondedAt,
    };
    const before = responseSnapshot(response);
    const after = responseSnapshot(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      const now = nowIso();
      await trx.updateTable('locate_responses').set({ ...next, updated_at: now }).where('id', '=', responseId).execute();
      await trx.updateTable('locates').set({ updated_at: now }).where('id', '=', id).execute();
      await audit(trx, actor, companyId, id, 'response_updated', before, after);
    }
    return locateDetail(trx, companyId, id, true);
  });
}

export async function deleteResponse(services: Services, actor: Actor, id: number, responseId: number): Promise<LocateDetail> {
  return services.db.transaction().execute(async (trx) => {
    const { locate, response, companyId } = await responseScope(trx, actor, id, responseId, true);
    assertOpen(locate);
    await trx.deleteFrom('locate_responses').where('id', '=', responseId).execute();
    await trx.updateTable('locates').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    await audit(trx, actor, companyId, id, 'response_deleted', responseSnapshot(response), null);
    return locateDetail(trx, companyId, id, true);
  });
}
