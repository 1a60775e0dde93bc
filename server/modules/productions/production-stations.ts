import type { ProductionTrace } from '../../../resources/production.js';
import type { Actor } from '../../http/actor.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { editableProduction, productionScope } from './production-access.js';
import { auditProduction } from './production-audit.js';
import { assertStations } from './production-checks.js';
import { loadProduction } from './production-view.js';

/** PATCH production/{id}/stations: the project stations the day's work covered, replaced as a set; answers the production. */
export async function replaceStations(services: Services, actor: Actor, id: number, stationIds: number[]) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, id, true);
    const wanted = [...new Set(stationIds)].sort((a, b) => a - b);
    await assertStations(trx, scope.project.id, wanted, (i) => `stationIds.${stationIds.indexOf(wanted[i]!)}`);
    const before = (await trx.selectFrom('production_stations').select('station_id').where('production_id', '=', id).orderBy('station_id').execute()).map((r) => r.station_id);
    if (before.join() !== wanted.join()) {
      await trx.deleteFrom('production_stations').where('production_id', '=', id).execute();
      for (let i = 0; i < wanted.length; i += 500) {
        await trx.insertInto('production_stations').values(wanted.slice(i, i + 500).map((s) => ({ production_id: id, station_id: s }))).execute();
      }
      await auditProduction(trx, scope, 'stations updated', { stationIds: before }, { stationIds: wanted });
    }
    return loadProduction(trx, scope, id);
  });
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** A line's length in metres along the great circles between its points (haversine, the mean Earth radius). */
export function lineLengthMeters(points: Array<[number, number]>): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const [lat1, lng1] = points[i - 1]!;
    const [lat2, lng2] = points[i]!;
    const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
    total += 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return Math.round(total);
}

async function traceViews(services: Services, id: number, traceId?: number): Promise<ProductionTrace[]> {
  let q = services.db
    .selectFrom('production_traces as t')
    .leftJoin('users as u', 'u.id', 't.recorded_by')
    .select(['t.id', 't.points', 't.length_m', 'u.name as recorded_by', 't.created_at'])
    .where('t.production_id', '=', id);
  if (traceId) q = q.where('t.id', '=', traceId);
  const rows = await q.orderBy('t.id').execute();
  return rows.map((r) => ({ id: r.id, points: parseJson<Array<[number, number]>>(r.points, []), lengthMeters: r.length_m, recordedBy: r.recorded_by, createdAt: r.created_at }));
}

/** GET /production/{id}/traces: where the work ran, oldest first. */
export async function listTraces(services: Services, actor: Actor, id: number) {
  await productionScope(services.db, actor, id);
  return traceViews(services, id);
}

/** POST /production/{id}/traces: a line of [lat, lng] points of a draft, kept with its length in metres. */
export async function addTrace(services: Services, actor: Actor, id: number, points: Array<[number, number]>): Promise<ProductionTrace> {
  const traceId = await services.db.transaction().execute(async (trx) => {
    const scope = await editableProduction(trx, actor, id, true);
    const length = lineLengthMeters(points);
    const row = await trx
      .insertInto('production_traces')
      .values({ production_id: id, points: JSON.stringify(points), length_m: length, recorded_by: actor.user.id, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditProduction(trx, scope, 'trace added', null, { traceId: row.id, points: points.length, lengthMeters: length });
    return row.id;
  });
  return (await traceViews(services, id, traceId))[0]!;
}
