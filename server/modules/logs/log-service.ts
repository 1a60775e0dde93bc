import { LOG_EDITABLE, LOG_MESSAGES, LOG_TRANSITIONS, logMove, type CreateLogInput, type Log, type LogStatus, type UpdateLogInput } from '../../../resources/log.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { weatherAt } from '../../lib/weather.js';
import type { Services } from '../../services.js';
import { recordableCrews } from '../productions/production-checks.js';
import { relationOf, type ProjectRow } from '../projects/project-access.js';
import { logScope, type LogScope } from './log-access.js';
import { logRows, logSnapshot, toLog } from './log-view.js';

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);
/** A field as the caller sent it: inside logData or flat. */
const sent = (body: Pick<CreateLogInput, 'wrapped'>, field: string) => (body.wrapped ? `logData.${field}` : field);

/** A project the acting company runs, is the client of or works on; any other (or none such) is a 400 naming the field. */
async function assertProject(db: Executor, companyId: number, body: CreateLogInput) {
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', body.projectId).executeTakeFirst()) as ProjectRow | undefined;
  if (!project || !(await relationOf(db, project, companyId))) throw fieldError(sent(body, 'projectId'), LOG_MESSAGES.project);
}

/** A log as answered to the caller, with what they may do now. */
async function answer(db: Executor, scope: Pick<LogScope, 'canEdit' | 'canReview'>, id: number): Promise<Log> {
  const row = await logRows(db).where('l.id', '=', id).executeTakeFirstOrThrow();
  return { ...toLog(row), canEdit: scope.canEdit && LOG_EDITABLE.includes(row.status as LogStatus), canReview: scope.canReview };
}

/** The crew must be one the caller may check in with (a crew leader: a crew of theirs): a 400 naming the field otherwise. */
async function assertCrew(db: Executor, actor: Actor, body: CreateLogInput) {
  if (!(await recordableCrews(db, actor).where('c.id', '=', body.crewId).executeTakeFirst())) throw fieldError(sent(body, 'crewId'), LOG_MESSAGES.crew);
}

/**
 * POST /logs: a check-in by the caller in the acting company. The project must be one the company
 * sees and the crew one the caller may check in with; anything else is a 400 and nothing is
 * written. The weather is asked for before the transaction, so a slow service never holds it open;
 * it is at most the configured timeout and never fails the check-in.
 */
export async function createLog(services: Services, actor: Actor, body: CreateLogInput): Promise<Log> {
  const companyId = actor.membership!.companyId;
  await assertProject(services.db, companyId, body);
  await assertCrew(services.db, actor, body);
  const weather = body.lat !== null && body.lng !== null ? await weatherAt(services.config.weather, services.log, body.lat, body.lng) : null;
  const date = body.date ?? body.dateString ?? nowIso().slice(0, 10);
  return services.db.transaction().execute(async (trx) => {
    // Checked again inside: a project or crew removed meanwhile is still a 400, not a broken row.
    await assertProject(trx, companyId, body);
    await assertCrew(trx, actor, body);
    const now = nowIso();
    const values = {
      company_id: companyId,
      project_id: body.projectId,
      crew_id: body.crewId,
      user_id: actor.user.id,
      lat: body.lat,
      lng: body.lng,
      address: body.address,
      date,
      status: body.status,
      description: body.description,
      weather: weather ? JSON.stringify(weather) : null,
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto('logs').values(values).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'log', entityId: id, action: 'created', after: { ...logSnapshot(values), weather: weather?.summary ?? null } });
    const scope = await logScope(trx, actor, id);
    return answer(trx, scope, id);
  });
}

/** GET /logs/{id}. */
export async function getLog(services: Services, actor: Actor, id: number): Promise<Log> {
  const scope = await logScope(services.db, actor, id);
  return answer(services.db, scope, id);
}

/**
 * PATCH /logs/{id}: the author or a reviewer changes the description (not once reviewed) and moves
 * the status through the state machine (resources/log.ts); an illegal move is a 409 and nothing
 * changes. The same status again is no move.
 */
export async function updateLog(services: Services, actor: Actor, id: number, body: UpdateLogInput): Promise<Log> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await logScope(trx, actor, id, true);
    if (!scope.canEdit) throw forbidden(LOG_MESSAGES.notYours);
    const { log } = scope;
    const from = log.status as LogStatus;
    const to = body.status ?? from;
    if (to !== from) {
      const move = logMove(from, to);
      if (!move) throw conflict(LOG_MESSAGES.illegal, 'ILLEGAL_TRANSITION');
      if (LOG_TRANSITIONS[move].reviewerOnly && !scope.canReview) throw forbidden(LOG_MESSAGES.reviewerOnly);
    }
    const description = body.description === undefined ? log.description : body.description;
    if (description !== log.description && !LOG_EDITABLE.includes(from)) throw conflict(LOG_MESSAGES.notEditable, 'NOT_EDITABLE');
    if (to !== from || description !== log.description) {
      await trx.updateTable('logs').set({ status: to, description, updated_at: nowIso() }).where('id', '=', id).execute();
      const action = to === from ? 'updated' : logMove(from, to)!;
      await recordAudit(trx, { userId: actor.user.id, companyId: scope.companyId }, { entityType: 'log', entityId: id, action, before: logSnapshot(log), after: logSnapshot({ ...log, status: to, description }) });
    }
    return answer(trx, scope, id);
  });
}
