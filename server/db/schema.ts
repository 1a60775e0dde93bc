import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  birthday: string | null;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  /** Encrypted (server/lib/field-cipher.ts); read through users/sensitive-fields.ts. */
  ssn: string | null;
  drivers_license: string | null;
  cdl: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  avatar_id: number | null;
  avatar_url: string | null;
  settings: string;
  shortcuts: string;
  permissions: string;
  /** The presence the user chose in the chat (migration 0020): null is online. */
  chat_status: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A requested e-mail change, waiting for its link (sent to the new address) to be opened. */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface UserViewsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  name: string;
  filters: string;
  created_at: string;
  updated_at: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  parent_id: number | null;
  ein: string | null;
  name: string;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  logo_url: string | null;
  plan: string;
  settings: string;
  invoice_settings: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface RolesTable {
  id: Generated<number>;
  scope_type: string;
  scope_id: number;
  name: string;
  is_default: number;
  assignable: number;
  permissions: string;
  created_at: string;
  updated_at: string;
}

export interface MembershipsTable {
  id: Generated<number>;
  user_id: number | null;
  company_id: number;
  project_id: number | null;
  type: string;
  role_id: number;
  status: string;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  state: string | null;
  notification_settings: string;
  /** What the member hears, by category (migration 0019; 1 = on), and whether by e-mail too. */
  notify_reports: Generated<number>;
  notify_delays: Generated<number>;
  notify_others: Generated<number>;
  notify_email: Generated<number>;
  /** Status 'invited': the invitation link's token, stored hashed, and when it lapses. */
  invite_token_hash: string | null;
  invite_expires_at: string | null;
  invited_by: number | null;
  decline_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface CrewsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface CrewMembersTable {
  crew_id: number;
  membership_id: number;
  is_leader: number;
}

export interface CrewCategoriesTable {
  crew_id: number;
  category_id: number;
}

export interface MemberCategoriesTable {
  membership_id: number;
  category_id: number;
}

export interface AuditEventsTable {
  id: Generated<number>;
  company_id: number | null;
  actor_user_id: number | null;
  entity_type: string;
  entity_id: string;
  action: string;
  changes: string;
  created_at: string;
  /** The budget whose activity lists the event; set by the database (migration 0013). */
  budget_id: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  dedupe_key: string | null;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  relayed_at: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface CatalogTypeTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface SafetyAuthoritiesTable extends CatalogTypeTable {
  phone: string | null;
  email: string | null;
}

export interface ItemCategoriesTable extends CatalogTypeTable {
  parent_id: number | null;
  color: string | null;
}

/** A catalog item of a company, optionally made for one partnership (migration 0007). */
export interface ItemsTable {
  id: Generated<number>;
  company_id: number;
  partnership_id: number | null;
  market_id: number | null;
  category_id: number | null;
  name: string;
  code: string | null;
  unit: string | null;
  icon_id: number | null;
  icon_url: string | null;
  production_is_allowed: number;
  production_item_type: string | null;
  line_color: string | null;
  photos_number: number;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  /** The unguessable id in public URLs (/staticfiles/{publicId}). */
  public_id: string;
  company_id: number | null;
  entity_type: string;
  entity_id: string;
  type: string;
  filename: string;
  content_type: string;
  length: number;
  /** Path of the bytes relative to DATA_DIR/files. */
  object_name: string;
  uploaded_by: number | null;
  created_at: string;
  /** The file manager's folder; null for pictures (profile pictures, logos, icons), which live outside it. */
  folder_id: number | null;
  /** The name shown and renamed; the upload's filename at first. */
  name: Generated<string>;
  updated_at: string | null;
  /** Set on an earlier version of an edited file: the current one's id. Hidden from lists. */
  version_of: number | null;
  /** The node whose grants apply ('folder' | 'file'), null when unrestricted (migration 0012). */
  acl_type: string | null;
  acl_id: number | null;
}

export interface FoldersTable {
  id: Generated<number>;
  company_id: number;
  /** Null only for the company's root. */
  parent_id: number | null;
  name: string;
  project_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  acl_type: string | null;
  acl_id: number | null;
}

/** A grant on a folder or file to a role (role id) or a member (membership id). */
export interface FilePermissionsTable {
  id: Generated<number>;
  company_id: number;
  target_type: string;
  target_id: number;
  subject_type: string;
  subject_id: number;
  level: string;
  created_at: string;
}

/** A client–subcontractor link; company_id is the host that made it (see migration 0006). */
export interface PartnershipsTable {
  id: Generated<number>;
  company_id: number;
  partner_company_id: number | null;
  partner_type: string;
  client_id: number | null;
  subcontractor_id: number | null;
  status: string;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  /** Why the invited company declined (an e-mail invitation or a request); see migration 0009. */
  decline_reason: string | null;
  ended_at: string | null;
  ended_by: number | null;
  ended_by_company_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface PartnershipInvitationsTable {
  id: Generated<number>;
  partnership_id: number;
  token_hash: string;
  guest_type: string;
  contact_email: string;
  status: string;
  expires_at: string;
  answered_at: string | null;
  answered_by: number | null;
  created_by: number | null;
  created_at: string;
}

export interface MarketsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  search_name: string;
  created_at: string;
  updated_at: string;
}

export interface PartnershipMarketsTable {
  partnership_id: number;
  market_id: number;
}

/** Row counts the database keeps by trigger (migration 0011): `list` names what is counted within `scope_id`. */
export interface ListTotalsTable {
  list: string;
  scope_id: number;
  n: number;
}

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

/** A one-to-one chat of a company (migration 0020): user_a < user_b; each side's last read message id. */
export interface ChatsTable {
  id: Generated<number>;
  company_id: number;
  user_a: number;
  user_b: number;
  a_read_id: Generated<number>;
  b_read_id: Generated<number>;
  last_message_at: string | null;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  sender_user_id: number;
  body: string;
  created_at: string;
}

export interface QuickNotesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  detail: string | null;
  created_at: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  user_views: UserViewsTable;
  companies: CompaniesTable;
  roles: RolesTable;
  memberships: MembershipsTable;
  crews: CrewsTable;
  crew_members: CrewMembersTable;
  crew_categories: CrewCategoriesTable;
  member_categories: MemberCategoriesTable;
  audit_events: AuditEventsTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  task_types: CatalogTypeTable;
  damage_types: CatalogTypeTable;
  footprint_types: CatalogTypeTable;
  safety_authorities: SafetyAuthoritiesTable;
  item_categories: ItemCategoriesTable;
  items: ItemsTable;
  files: FilesTable;
  folders: FoldersTable;
  file_permissions: FilePermissionsTable;
  partnerships: PartnershipsTable;
  partnership_invitations: PartnershipInvitationsTable;
  markets: MarketsTable;
  partnership_markets: PartnershipMarketsTable;
  list_totals: ListTotalsTable;
  projects: ProjectsTable;
  project_crew_companies: ProjectCrewCompaniesTable;
  project_stations: ProjectStationsTable;
  budgets: BudgetsTable;
  budget_items: BudgetItemsTable;
  budget_reviews: BudgetReviewsTable;
  budget_comments: BudgetCommentsTable;
  change_orders: ChangeOrdersTable;
  notifications: NotificationsTable;
  productions: ProductionsTable;
  production_reviews: ProductionReviewsTable;
  production_items: ProductionItemsTable;
  production_stations: ProductionStationsTable;
  production_traces: ProductionTracesTable;
  production_photos: ProductionPhotosTable;
  production_comments: ProductionCommentsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_transactions: InvoiceTransactionsTable;
  invoice_comments: InvoiceCommentsTable;
  damages: DamagesTable;
  footprints: FootprintsTable;
  logs: LogsTable;
  locates: LocatesTable;
  locate_responses: LocateResponsesTable;
  tasks: TasksTable;
  task_items: TaskItemsTable;
  task_comments: TaskCommentsTable;
  task_files: TaskFilesTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  quick_notes: QuickNotesTable;
}
