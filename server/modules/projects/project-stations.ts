import type { Station, StationsInput } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';

async function stations(db: Executor, projectId: number): Promise<Station[]> {
  const rows = await db
    .selectFrom('project_stations')
    .select(['id', 'position', 'name', 'chainage', 'description'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  return rows;
}

/** GET /projects/{id}/stations: in order along the job. */
export async function listStations(db: Executor, actor: Actor, projectId: number) {
  await projectAccess(db, actor, projectId, 'view');
  return stations(db, projectId);
}

const described = (list: Array<Pick<Station, 'name' | 'chainage'>>) => list.map((s) => (s.chainage === null ? s.name : `${s.name} @ ${s.chainage}`));

/** PATCH /projects/{id}/stations: the sent list, in its order (positions 1..n), replaces the project's stations. */
export async function replaceStations(services: Services, actor: Actor, projectId: number, body: StationsInput): Promise<Station[]> {
  return services.db.transaction().execute(async (trx) => {
    const { project } = await projectAccess(trx, actor, projectId, 'manage');
    const before = await stations(trx, projectId);
    await trx.deleteFrom('project_stations').where('project_id', '=', projectId).execute();
    const now = nowIso();
    const rows = body.stations.map((s, i) => ({ project_id: projectId, position: i + 1, name: s.name, chainage: s.chainage, description: s.description, created_at: now }));
    // Chunks stay under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('project_stations').values(rows.slice(i, i + 500)).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
      entityType: 'project',
      entityId: projectId,
      action: 'stations updated',
      before: { stations: described(before) },
      after: { stations: described(body.stations) },
    });
    return stations(trx, projectId);
  });
}
