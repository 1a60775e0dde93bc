import type { Generated } from 'kysely';

/** Table types: Productions and invoices (migration 0014). Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
/** Productions and invoices (migration 0014): quantities are integer thousandths (`quantity_e3`), money integer cents. */
export interface ProductionsTable {
  id: Generated<number>;
  project_id: number;
  company_id: number;
  crew_id: number;
  task_id: number | null;
  /** YYYY-MM-DD, the day in the project's zone. */
  date: string;
  status: string;
  /** JSON: { notes?, weather?, delays?, safety? } (resources/production.ts PRODUCTION_TEXTS). */
  texts: string;
  reject_reason: string | null;
  submitted_at: string | null;
  submitted_by: number | null;
  approved_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductionReviewsTable {
  id: Generated<number>;
  production_id: number;
  company_id: number;
  status: string;
  reason: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductionItemsTable {
  id: Generated<number>;
  production_id: number;
  budget_item_id: number;
  quantity_e3: number;
  photos_number: number;
  description: string | null;
  station_id: number | null;
  source: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductionStationsTable {
  production_id: number;
  station_id: number;
}

export interface ProductionTracesTable {
  id: Generated<number>;
  production_id: number;
  /** JSON: [[lat, lng], …]. */
  points: string;
  length_m: number;
  recorded_by: number | null;
  created_at: string;
}

export interface ProductionPhotosTable {
  id: Generated<number>;
  production_id: number;
  production_item_id: number | null;
  file_id: number;
  created_by: number | null;
  created_at: string;
}

export interface ProductionCommentsTable {
  id: Generated<number>;
  production_id: number;
  company_id: number;
  user_id: number | null;
  author_name: string;
  body: string;
  created_at: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  client_id: number | null;
  client_name: string | null;
  number: string;
  status: string;
  due_date: string | null;
  week_ending_date: string | null;
  retainage_e3: number;
  notes: string | null;
  subtotal_cents: number;
  retainage_cents: number;
  released_cents: number;
  paid_cents: number;
  single_part: number;
  reject_reason: string | null;
  cancel_reason: string | null;
  sent_at: string | null;
  sent_by: number | null;
  approved_at: string | null;
  approved_by: number | null;
  paid_at: string | null;
  /** The client contact it is mailed to (migration 0021); changeable until it is sent. */
  contact_email: string | null;
  contact_name: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  company_id: number;
  production_id: number;
  production_item_id: number;
  budget_item_id: number;
  quantity_e3: number;
  price_cents: number;
  amount_cents: number;
  active: number;
  created_at: string;
}

export interface InvoiceTransactionsTable {
  id: Generated<number>;
  invoice_id: number;
  kind: string;
  amount_cents: number;
  paid_on: string;
  reference: string | null;
  note: string | null;
  /** How it was paid (resources/invoice-client.ts PAYMENT_METHODS); null for rows before migration 0023. */
  method: string | null;
  /** The company that recorded it (the issuer, or the billed company marking it paid); null before 0024: the issuer. */
  company_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface InvoiceCommentsTable {
  id: Generated<number>;
  invoice_id: number;
  company_id: number;
  user_id: number | null;
  author_name: string;
  body: string;
  created_at: string;
}

/** The figures model's production rollup (migration 0025), kept by triggers: Σ quantity and item count per key and month. */
/** What the totals tables of migration 0026 sum: the amount as sumProduct's three weights. */
interface ProductionSums {
  items: number;
  quantity_e3: number;
  amount_w0: number;
  amount_w1: number;
  amount_w2: number;
}

/** Each production's figures (migration 0026), kept by triggers. */
export interface ProductionTotalsTable extends ProductionSums {
  production_id: number;
  company_id: number;
  project_id: number;
  crew_id: number;
  date: string;
  status: string;
}

/** production_totals summed per company, month (its 1st), crew, project and status (migration 0026). */
export interface ProductionMonthTotalsTable extends ProductionSums {
  company_id: number;
  month: string;
  crew_id: number;
  project_id: number;
  status: string;
}

/** production_figures without the crew (migration 0026). */
export interface ProductionItemMonthsTable {
  company_id: number;
  month: string;
  project_id: number;
  budget_item_id: number;
  status: string;
  quantity_e3: number;
  items: number;
}

export interface ProductionFiguresTable {
  company_id: number;
  project_id: number;
  crew_id: number;
  budget_item_id: number;
  /** The month's 1st, YYYY-MM-01. */
  month: string;
  status: string;
  quantity_e3: number;
  items: number;
}
