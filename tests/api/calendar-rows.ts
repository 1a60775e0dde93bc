import type { TestServer } from './harness.js';

/**
 * Rows of the field-operations areas written straight into the database: the calendar and the map
 * only read them, and their own tests cover how the API makes them.
 */
const now = () => new Date().toISOString();

export async function insertTask(s: TestServer, row: { companyId: number; projectId: number; crewId?: number | null; summary?: string; start: string | null; end: string | null; status?: string }) {
  const { id } = await s.services.db
    .insertInto('tasks')
    .values({
      company_id: row.companyId,
      project_id: row.projectId,
      crew_id: row.crewId ?? null,
      summary: row.summary ?? 'Trench the crossing',
      start_date: row.start,
      end_date: row.end,
      status: row.status ?? 'open',
      priority: 'normal',
      position: 0,
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface LogRow {
  companyId: number;
  projectId?: number | null;
  crewId?: number | null;
  userId?: number | null;
  date: string;
  lat?: number | null;
  lng?: number | null;
}

const logValues = (r: LogRow) => ({
  company_id: r.companyId,
  project_id: r.projectId ?? null,
  crew_id: r.crewId ?? null,
  user_id: r.userId ?? null,
  lat: r.lat ?? null,
  lng: r.lng ?? null,
  date: r.date,
  status: 'open',
  created_at: now(),
  updated_at: now(),
});

export async function insertLog(s: TestServer, row: LogRow) {
  return (await s.services.db.insertInto('logs').values(logValues(row)).returning('id').executeTakeFirstOrThrow()).id;
}

/** Many logs in batches of 500 rows (a bench-sized project in a second or two). */
export async function insertLogs(s: TestServer, rows: LogRow[]) {
  for (let i = 0; i < rows.length; i += 500) await s.services.db.insertInto('logs').values(rows.slice(i, i + 500).map(logValues)).execute();
}

export async function insertLocate(s: TestServer, row: { companyId: number; projectId: number; ticket: string; expires: string }) {
  const { id } = await s.services.db
    .insertInto('locates')
    .values({ company_id: row.companyId, project_id: row.projectId, ticket_number: row.ticket, dig_start_date: '2026-04-01', expires_on: row.expires, status: 'open', created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertDamage(s: TestServer, row: { companyId: number; projectId: number; date: string; lat: number | null; lng: number | null }) {
  const { id } = await s.services.db
    .insertInto('damages')
    .values({ company_id: row.companyId, project_id: row.projectId, damage_date: row.date, lat: row.lat, lng: row.lng, status: 'reported', created_at: now(), updated_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertFootprint(s: TestServer, row: { companyId: number; projectId: number; points: Array<[number, number]> }) {
  const db = s.services.db;
  const type =
    (await db.selectFrom('footprint_types').select('id').where('company_id', '=', row.companyId).executeTakeFirst()) ??
    (await db.insertInto('footprint_types').values({ company_id: row.companyId, name: 'Trench', description: null, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow());
  const lat = row.points.reduce((a, p) => a + p[0], 0) / row.points.length;
  const lng = row.points.reduce((a, p) => a + p[1], 0) / row.points.length;
  const { id } = await db
    .insertInto('footprints')
    .values({
      company_id: row.companyId,
      project_id: row.projectId,
      type_id: type.id,
      date: '2026-05-03',
      kind: 'polygon',
      points: JSON.stringify(row.points),
      area_m2: 100,
      length_m: 40,
      center_lat: lat,
      center_lng: lng,
      restoration_status: 'open',
      created_at: now(),
      updated_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
