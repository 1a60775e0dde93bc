import type { Generated } from 'kysely';

/** Table types: Field operations: damages, footprints, daily logs, locates and tasks (migrations 0015 to 0017). Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
/** Damages and footprints (migration 0016): days YYYY-MM-DD text, money integer cents, positions lat/lng doubles. */
export interface DamagesTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  damage_date: string;
  safety_authority_id: number | null;
  damage_type_id: number | null;
  description: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  amount_cents: number | null;
  /** reported | claimed | in_repair | closed (resources/damage.ts). */
  status: string;
  reported_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface FootprintsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  type_id: number;
  crew_id: number | null;
  date: string;
  /** polygon | line */
  kind: string;
  /** JSON [[lat, lng], …] */
  points: string;
  area_m2: number | null;
  length_m: number;
  center_lat: number;
  center_lng: number;
  /** open | temporary | restored | inspected (resources/footprint.ts). */
  restoration_status: string;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Daily logs and locates (migration 0017): days are YYYY-MM-DD text, positions lat/lng doubles or null. */
export interface LogsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number | null;
  crew_id: number | null;
  user_id: number | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  date: string;
  /** open | submitted | reviewed (resources/log.ts). */
  status: string;
  description: string | null;
  /** JSON (resources/log.ts LogWeather), or null. */
  weather: string | null;
  created_at: string;
  updated_at: string;
}

export interface LocatesTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  client_id: number | null;
  ticket_number: string;
  address: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  dig_start_date: string;
  expires_on: string;
  /** The expires_on a `locate.expiring` webhook event went out for (server/modules/locates/locate-expiring.ts). */
  expiring_announced_for: string | null;
  /** open | ready | closed; expired is derived from expires_on (resources/locate.ts). */
  status: string;
  description: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface LocateResponsesTable {
  id: Generated<number>;
  locate_id: number;
  utility_name: string;
  status: string;
  note: string | null;
  responded_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Tasks (migration 0015): days 'YYYY-MM-DD' text, item quantities integer thousandths. */
export interface TasksTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  type_id: number | null;
  crew_id: number | null;
  summary: string;
  description: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  start_date: string | null;
  end_date: string | null;
  /** resources/task.ts TASK_STATUSES. */
  status: string;
  priority: string;
  reject_reason: string | null;
  /** Order within a board column. */
  position: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface TaskItemsTable {
  id: Generated<number>;
  task_id: number;
  budget_item_id: number;
  quantity_e3: number;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface TaskCommentsTable {
  id: Generated<number>;
  task_id: number;
  company_id: number;
  user_id: number | null;
  author_name: string;
  body: string;
  created_at: string;
}

export interface TaskFilesTable {
  id: Generated<number>;
  task_id: number;
  file_id: number;
  category: string;
  created_by: number | null;
  created_at: string;
}
