import type { Generated } from 'kysely';

/** Table types: dashboards, widgets and public links (migration 0024). Timestamps are ISO-8601 strings; JSON columns are text; booleans 0/1. */
export interface DashboardsTable {
  id: Generated<number>;
  company_id: number;
  owner_user_id: number | null;
  name: string;
  shared: Generated<number>;
  /** The role a company's default dashboard was made for (permissions/catalog.ts ROLE_NAMES), else null. */
  role: string | null;
  /** JSON: resources/dashboard.ts DashboardFilters. */
  filters: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface DashboardWidgetsTable {
  id: Generated<number>;
  dashboard_id: number;
  company_id: number;
  title: string;
  type: string;
  /** JSON: DashboardFilters narrowing this widget. */
  filters: Generated<string>;
  /** JSON: the type's configuration (resources/dashboard.ts WIDGET_CONFIGURATIONS). */
  configuration: Generated<string>;
  /** JSON: { x, y, w, h } on the 12-column grid. */
  layout: string;
  published: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DashboardPublicationsTable {
  id: Generated<number>;
  dashboard_id: number;
  company_id: number;
  public_url: string;
  /** JSON: which dashboard filters guests may change, and to which values. */
  public_filters: Generated<string>;
  published_by: number | null;
  published_at: string;
  revoked_by: number | null;
  revoked_at: string | null;
}
