import type { UpdateProjectInput } from '../../../resources/project.js';
import type { ProjectsTable } from '../../db/schema.js';
import type { ProjectRow } from './project-access.js';

export type ProjectColumns = Partial<Omit<ProjectsTable, 'id' | 'company_id' | 'created_by' | 'created_at' | 'folder_id'>>;

const FIELD_COLUMNS = {
  projectName: 'project_name',
  code: 'code',
  projectNumber: 'project_number',
  address: 'address',
  country: 'country',
  state: 'state',
  city: 'city',
  startDate: 'start_date',
  endDate: 'end_date',
  clientId: 'client_id',
  clientName: 'client_name',
  clientEmail: 'client_email',
  projectId: 'parent_id',
  powoNumber: 'powo_number',
  timezone: 'timezone',
  marketId: 'market_id',
  pdfScaleFactor: 'pdf_scale_factor',
  status: 'status',
  suspendStart: 'suspend_start',
  suspendEnd: 'suspend_end',
  suspendReason: 'suspend_reason',
  suspendedShutdownReason: 'suspended_shutdown_reason',
  lat: 'lat',
  lng: 'lng',
} as const satisfies Partial<Record<keyof UpdateProjectInput, keyof ProjectColumns>>;

const FLAG_COLUMNS = {
  isSinglePart: 'is_single_part',
  requireQuantityOnPDFDraw: 'require_quantity_on_pdf_draw',
  taskBasedProduction: 'task_based_production',
} as const;

const SETTINGS_COLUMNS = { boundariesSettings: 'boundaries_settings', mapSettings: 'map_settings', scheduleSettings: 'schedule_settings' } as const;

/** The sent fields as columns; a field left out stays as it is. */
export function projectColumns(body: UpdateProjectInput): ProjectColumns {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    const value = body[field as keyof UpdateProjectInput];
    if (value !== undefined) out[column] = value;
  }
  for (const [field, column] of Object.entries(FLAG_COLUMNS)) {
    const value = body[field as keyof typeof FLAG_COLUMNS];
    if (value !== undefined) out[column] = value ? 1 : 0;
  }
  for (const [field, column] of Object.entries(SETTINGS_COLUMNS)) {
    const value = body[field as keyof typeof SETTINGS_COLUMNS];
    if (value !== undefined) out[column] = JSON.stringify(value);
  }
  return out as ProjectColumns;
}

/** The stored project as the audit trail keeps it (columns, settings as text). */
export const projectSnapshot = (row: ProjectRow | Record<string, unknown>) => {
  const { updated_at: _u, created_at: _c, ...rest } = row as Record<string, unknown>;
  return rest;
};
