import type { Generated } from 'kysely';

/** Table types: Projects, budgets, reviews, change orders and notifications (migration 0013). Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
/** Money is integer cents, percents integer thousandths of a percent (migration 0013). */
export interface ProjectsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  client_id: number | null;
  client_name: string | null;
  client_email: string | null;
  project_name: string;
  code: string;
  project_number: string | null;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  /** UTC dates without time, YYYY-MM-DD. */
  start_date: string | null;
  end_date: string | null;
  powo_number: string | null;
  timezone: string;
  market_id: number | null;
  is_single_part: number;
  require_quantity_on_pdf_draw: number;
  task_based_production: number;
  /** A decimal kept as written ('0.5'), never a binary float. */
  pdf_scale_factor: string | null;
  boundaries_settings: string;
  map_settings: string;
  schedule_settings: string;
  /** Where the project is, for the map (migration 0018); both set or both null. */
  lat: number | null;
  lng: number | null;
  status: string;
  suspended_shutdown_reason: string | null;
  suspend_start: string | null;
  suspend_end: string | null;
  suspend_reason: string | null;
  folder_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectCrewCompaniesTable {
  project_id: number;
  company_id: number;
  added_by: number | null;
  created_at: string;
}

export interface ProjectStationsTable {
  id: Generated<number>;
  project_id: number;
  position: number;
  name: string;
  chainage: string | null;
  description: string | null;
  created_at: string;
}

export interface BudgetsTable {
  id: Generated<number>;
  project_id: number;
  company_id: number;
  status: string;
  single_part: number;
  retainage_e3: number;
  profitability_e3: number;
  public_hash: string;
  submitted_at: string | null;
  submitted_by: number | null;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BudgetItemsTable {
  id: Generated<number>;
  budget_id: number;
  item_id: number;
  report_weight: number;
  quantity: number;
  price_cents: number;
  description: string | null;
  /** Σ quantity_e3 of approved production of the item (migration 0014). */
  produced_e3: Generated<number>;
  /** Σ amount_cents of the item's lines on the budget company's sent invoices (migration 0014). */
  billed_cents: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface BudgetReviewsTable {
  id: Generated<number>;
  budget_id: number;
  membership_id: number | null;
  reviewer_company_id: number;
  reviewer_name: string;
  reviewer_email: string;
  status: string;
  status_reason: string | null;
  /** sha256 of the review half of the external link; null once used or revoked. */
  token_hash: string | null;
  token_expires_at: string | null;
  signature_file_id: number | null;
  signature_sha256: string | null;
  signed_at: string | null;
  signer_name: string | null;
  signer_ip: string | null;
  signer_user_agent: string | null;
  requested_by: number | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BudgetCommentsTable {
  id: Generated<number>;
  budget_id: number;
  budget_item_id: number | null;
  company_id: number;
  user_id: number | null;
  author_name: string;
  body: string;
  created_at: string;
}

export interface ChangeOrdersTable {
  id: Generated<number>;
  budget_id: number;
  budget_item_id: number;
  company_id: number;
  number: number;
  status: string;
  /** The item's quantity and unit price once the change order is accepted. */
  quantity: number;
  price_cents: number;
  report_weight: number;
  description: string | null;
  request_from_parent: number;
  message: string | null;
  /** The item's values just before acceptance, so its history stays readable. */
  previous_quantity: number | null;
  previous_price_cents: number | null;
  sent_at: string | null;
  sent_by: number | null;
  decided_at: string | null;
  decided_by: number | null;
  /** The client contact it is mailed to (migration 0021); changeable until it is sent. */
  contact_email: string | null;
  contact_name: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  membership_id: number;
  type: string;
  description: string;
  entity_id: string | null;
  /** JSON: { projectId?, eventId? }. */
  options: string;
  read: number;
  created_at: string;
}
