import type { Generated } from 'kysely';

/** Table types: webhooks and their deliveries (migration 0035). Timestamps are ISO-8601 strings. */
export interface WebhooksTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  description: string | null;
  /** JSON array of resources/webhook.ts WebhookEvent. */
  events: string;
  active: Generated<number>;
  /** The signing secret, sealed with the field key (server/lib/field-cipher.ts), context `webhooks.secret:<id>`. */
  secret: string;
  created_by: number | null;
  failing_since: string | null;
  paused_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  company_id: number;
  event: string;
  event_id: string;
  /** The JSON body sent, fixed when the event happened. */
  body: string;
  /** resources/webhook.ts WebhookDeliveryStatus. */
  status: string;
  attempts: Generated<number>;
  response_status: number | null;
  /** The first 4 KB of the last answer, for display. */
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  /** The delivery this one sends again (POST …/resend). */
  resend_of: number | null;
  created_at: string;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  finished_at: string | null;
}
