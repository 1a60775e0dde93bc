import type { Generated } from 'kysely';

/** Table types: Accounts, companies, people, the audit trail, mail and jobs. Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
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
  /** IANA zone (migration 0022, default 'UTC'): new projects start in it; company-level dates show in it. */
  timezone: Generated<string>;
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
  /** The API token's name when the change came through one (migration 0034). */
  via_token: Generated<string | null>;
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
  /** The id BullMQ knows the job by (random per row); null on rows written before 0031. */
  relay_key: string | null;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  relayed_at: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
