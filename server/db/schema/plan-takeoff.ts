import type { Generated } from 'kysely';

/** Table types of plan takeoff (migration 0028). Geometry is JSON text; quantities are integer thousandths. */
export interface PlanSheetsTable {
  id: Generated<number>;
  company_id: number;
  file_id: number;
  page_number: number;
  scale_points: string | null;
  scale_distance: string | null;
  scale_unit: string | null;
  calibrated_by: number | null;
  calibrated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlanLayerItemsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  file_id: number;
  page_number: number;
  budget_id: number;
  item_id: number;
  budget_item_id: number | null;
  kind: string;
  geometry: string;
  quantity_e3: number;
  quantity_typed: number;
  version: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}

export interface ProductionPlanMarksTable {
  id: Generated<number>;
  production_id: number;
  production_item_id: number;
  layer_item_id: number;
  geometry: string;
  quantity_e3: number;
  created_at: string;
}
