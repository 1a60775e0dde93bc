import type { Generated } from 'kysely';

/** Table types: the PDF optimiser's conversions and their pages (migration 0029). Timestamps are ISO-8601 strings. */
export interface PdfConversionsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number;
  requested_by: number | null;
  /** The requester's membership in the company: the notification's recipient. */
  membership_id: number | null;
  /** The uploaded PDF, until the conversion ends. */
  source_file_id: number | null;
  source_name: string;
  /** The ratio as asked, decimal text ('1', '1.5'). */
  ratio: string;
  /** resources/pdf-conversion.ts PdfConversionStatus. */
  status: string;
  pages_total: number | null;
  pages_done: Generated<number>;
  error: string | null;
  folder_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One page image written: unique per (conversion, page). */
export interface PdfConversionPagesTable {
  id: Generated<number>;
  conversion_id: number;
  page: number;
  file_id: number | null;
  created_at: string;
}
