import type { Log, LogStatus, LogWeather } from '../../../resources/log.js';
import type { Executor } from '../../db/index.js';
import { parseJson } from '../../lib/json.js';

/** A log with the names it shows (project, crew, author), aliased `l`. */
export const logRows = (db: Executor) =>
  db
    .selectFrom('logs as l')
    .leftJoin('projects as pr', 'pr.id', 'l.project_id')
    .leftJoin('crews as cr', 'cr.id', 'l.crew_id')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.company_id',
      'l.project_id',
      'pr.code as project_code',
      'pr.project_name',
      'l.crew_id',
      'cr.name as crew_name',
      'l.user_id',
      'u.name as user_name',
      'l.lat',
      'l.lng',
      'l.address',
      'l.date',
      'l.status',
      'l.description',
      'l.weather',
      'l.created_at',
      'l.updated_at',
    ]);

type LogRow = Awaited<ReturnType<ReturnType<typeof logRows>['executeTakeFirstOrThrow']>>;

const coordinate = (v: number | string | null) => (v === null ? null : Number(v));

export function toLog(r: LogRow): Log {
  return {
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectCode: r.project_code ?? null,
    projectName: r.project_name ?? null,
    crewId: r.crew_id,
    crewName: r.crew_name ?? null,
    userId: r.user_id,
    userName: r.user_name ?? null,
    lat: coordinate(r.lat),
    lng: coordinate(r.lng),
    address: r.address,
    date: r.date,
    status: r.status as LogStatus,
    description: r.description,
    weather: parseJson<LogWeather | null>(r.weather, null),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** What the audit trail keeps of a log. */
export const logSnapshot = (l: { project_id: number | null; crew_id: number | null; date: string; status: string; description: string | null; address: string | null; lat: number | null; lng: number | null }) => ({
  projectId: l.project_id,
  crewId: l.crew_id,
  date: l.date,
  status: l.status,
  description: l.description,
  address: l.address,
  lat: l.lat,
  lng: l.lng,
});
