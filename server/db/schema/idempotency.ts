import type { Generated } from 'kysely';

/** Table types: the answers kept for writes sent with an Idempotency-Key (migration 0030). Timestamps are ISO-8601 strings. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  method: string;
  /** The URL as requested, with token-like parts redacted (the fingerprint covers the URL itself). */
  path: string;
  /** SHA-256 (hex) of the URL and the body's bytes; null while an upload's body is still being read. */
  fingerprint: string | null;
  /**
   * running: claimed; written: its writes stored (in their transaction), the answer not yet kept;
   * done: the answer kept; lost: written, then answered 5xx (server/http/idempotency.ts).
   */
  state: 'running' | 'written' | 'done' | 'lost';
  status: number | null;
  /** The answer's body as sent (JSON text), null when it had none. */
  body: string | null;
  /** JSON object of the answer's headers a client needs (content-type, location, x-total-count). */
  headers: string | null;
  created_at: string;
  expires_at: string;
}
