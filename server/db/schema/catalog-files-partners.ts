import type { Generated } from 'kysely';

/** Table types: Catalog types and items, files and folders, partnerships and markets, kept row counts. Timestamps are ISO-8601 strings on both databases; JSON columns are text holding JSON; booleans are 0/1. */
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
