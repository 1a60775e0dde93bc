import type { Generated } from 'kysely';

/** Table types: a company's data exports (migration 0033). Timestamps are ISO-8601 strings. */
export interface CompanyExportsTable {
  id: Generated<number>;
  company_id: number;
  requested_by: number | null;
  /** The requester's membership: the notification's recipient. */
  membership_id: number | null;
  /** resources/company-export.ts CompanyExportStatus. */
  status: string;
  steps_total: number | null;
  steps_done: Generated<number>;
  /** The zip, once written; null again once expired. */
  file_id: number | null;
  size_bytes: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  expires_at: string | null;
}
