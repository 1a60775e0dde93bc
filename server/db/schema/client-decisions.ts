import type { Generated } from 'kysely';

/** Table types: documents decided by clients without accounts (migration 0021). Timestamps are ISO-8601 strings. */

/** One mailed link to one document (entity_type 'invoice' or 'change_order'); only the token's hash is kept. */
export interface DocumentLinksTable {
  id: Generated<number>;
  /** The issuing company. */
  company_id: number;
  entity_type: string;
  entity_id: number;
  token_hash: string;
  contact_email: string;
  contact_name: string | null;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A decision on a document: made by a member ('member'), through a link ('link'), or recorded by the issuer ('recorded'). */
export interface DocumentDecisionsTable {
  id: Generated<number>;
  company_id: number;
  entity_type: string;
  entity_id: number;
  decision: string;
  channel: string;
  decided_by_name: string;
  decided_by_email: string | null;
  /** When the client decided (for a recorded decision, when they said it). */
  decided_at: string;
  reason: string | null;
  file_id: number | null;
  link_id: number | null;
  /** Who entered it: the member deciding, or the issuer's member recording; null through a link. */
  recorded_by: number | null;
  created_at: string;
}

export interface MailAttachmentsTable {
  id: Generated<number>;
  outbox_id: number;
  file_id: number;
  filename: string;
}
