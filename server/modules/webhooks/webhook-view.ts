import type { Selectable } from 'kysely';
import type { Webhook, WebhookDelivery, WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent } from '../../../resources/webhook.js';
import type { Executor } from '../../db/index.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema/webhooks.js';
import { parseJson } from '../../lib/json.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Endpoints as the API answers them, with their creators and last deliveries read in two queries. */
export async function webhookViews(db: Executor, rows: WebhookRow[]): Promise<Webhook[]> {
  if (!rows.length) return [];
  const userIds = [...new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))];
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const lastIds = db.selectFrom('webhook_deliveries').select((eb) => eb.fn.max('id').as('id')).where('webhook_id', 'in', rows.map((r) => r.id)).groupBy('webhook_id');
  const last = await db
    .selectFrom('webhook_deliveries')
    .select(['webhook_id', 'status', 'response_status', 'created_at', 'last_attempt_at'])
    .where('id', 'in', lastIds)
    .execute();
  const lastBy = new Map(last.map((d) => [d.webhook_id, d]));
  return rows.map((r) => {
    const d = lastBy.get(r.id);
    return {
      id: r.id,
      companyId: r.company_id,
      url: r.url,
      description: r.description,
      events: parseJson<WebhookEvent[]>(r.events, []),
      active: !!r.active,
      pausedAt: r.paused_at,
      failingSince: r.failing_since,
      createdBy: r.created_by === null ? null : { id: r.created_by, name: names.get(r.created_by) ?? '' },
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      lastDelivery: d ? { status: d.status as WebhookDeliveryStatus, responseStatus: d.response_status, at: d.last_attempt_at ?? d.created_at } : null,
    };
  });
}

export const deliveryView = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  webhookId: d.webhook_id,
  event: d.event as WebhookDeliveryEvent,
  eventId: d.event_id,
  status: d.status as WebhookDeliveryStatus,
  attempts: d.attempts,
  responseStatus: d.response_status,
  responseBody: d.response_body,
  error: d.error,
  durationMs: d.duration_ms,
  resendOf: d.resend_of,
  createdAt: d.created_at,
  lastAttemptAt: d.last_attempt_at,
  nextAttemptAt: d.next_attempt_at,
  finishedAt: d.finished_at,
  body: d.body,
});
