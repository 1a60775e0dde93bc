import { locateExpiry, type Locate, type LocateDetail, type LocateResponse, type LocateStatus, type ResponseStatus } from '../../../resources/locate.js';
import type { Executor } from '../../db/index.js';
import type { LocateResponsesTable } from '../../db/schema.js';
import { nowIso } from '../../lib/json.js';

/** A ticket with the names it shows and its response count, aliased `lo`. */
export const locateRows = (db: Executor) =>
  db
    .selectFrom('locates as lo')
    .innerJoin('projects as pr', 'pr.id', 'lo.project_id')
    .leftJoin('companies as cl', 'cl.id', 'lo.client_id')
    .select((eb) => [
      'lo.id',
      'lo.company_id',
      'lo.ticket_number',
      'lo.project_id',
      'pr.code as project_code',
      'pr.project_name',
      'lo.client_id',
      'cl.name as client_name',
      'lo.address',
      'lo.city',
      'lo.state',
      'lo.lat',
      'lo.lng',
      'lo.dig_start_date',
      'lo.expires_on',
      'lo.status',
      'lo.description',
      'lo.created_at',
      'lo.updated_at',
      eb.selectFrom('locate_responses as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.locate_id', '=', 'lo.id').as('response_count'),
    ]);

type LocateRow = Awaited<ReturnType<ReturnType<typeof locateRows>['executeTakeFirstOrThrow']>>;

const coordinate = (v: number | null) => (v === null ? null : Number(v));

export function toLocate(r: LocateRow, today = nowIso().slice(0, 10)): Locate {
  const status = r.status as LocateStatus;
  return {
    id: r.id,
    companyId: r.company_id,
    ticketNumber: r.ticket_number,
    projectId: r.project_id,
    projectCode: r.project_code,
    projectName: r.project_name,
    clientId: r.client_id,
    clientName: r.client_name ?? null,
    address: r.address,
    city: r.city,
    state: r.state,
    lat: coordinate(r.lat),
    lng: coordinate(r.lng),
    digStartDate: r.dig_start_date,
    expiresOn: r.expires_on,
    status,
    expired: locateExpiry({ expiresOn: r.expires_on, status }, today).expired,
    description: r.description,
    responseCount: Number(r.response_count ?? 0),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toResponse(r: Omit<LocateResponsesTable, 'id'> & { id: number }): LocateResponse {
  return {
    id: r.id,
    locateId: r.locate_id,
    utilityName: r.utility_name,
    status: r.status as ResponseStatus,
    note: r.note,
    respondedAt: r.responded_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** What the audit trail keeps of a ticket. */
export const locateSnapshot = (l: {
  ticket_number: string;
  project_id: number;
  client_id: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  dig_start_date: string;
  expires_on: string;
  status: string;
  description: string | null;
}) => ({
  ticketNumber: l.ticket_number,
  projectId: l.project_id,
  clientId: l.client_id,
  address: l.address,
  city: l.city,
  state: l.state,
  lat: l.lat,
  lng: l.lng,
  digStartDate: l.dig_start_date,
  expiresOn: l.expires_on,
  status: l.status,
  description: l.description,
});

/** A ticket as GET /locates/{id} answers it, with its responses. */
export async function locateDetail(db: Executor, companyId: number, id: number, canManage: boolean): Promise<LocateDetail> {
  const row = await locateRows(db).where('lo.id', '=', id).where('lo.company_id', '=', companyId).executeTakeFirstOrThrow();
  const responses = await db.selectFrom('locate_responses').selectAll().where('locate_id', '=', id).orderBy('id').execute();
  return { ...toLocate(row), responses: responses.map(toResponse), canManage };
}
