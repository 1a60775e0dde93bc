import type { Generated } from 'kysely';

/** Table types: a company's API tokens (migration 0034). Timestamps are ISO-8601 strings. */
export interface ApiTokensTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** sha256 (hex) of the secret; the secret itself is never kept. */
  token_hash: string;
  /** The secret's first characters, shown in the list. */
  hint: string;
  /** JSON: resources/api-token.ts apiTokenPermission[]. */
  permissions: string;
  project_id: number | null;
  created_by: number;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: number | null;
}
