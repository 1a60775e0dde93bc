import { z } from 'zod';
import { idParam } from './id.js';
import { text } from './text.js';

/**
 * Webhooks (issue 23): a company registers HTTPS endpoints for events and receives, for each event,
 * a signed JSON body (docs/webhooks.md) with the record as the API's GET answers it.
 */

export const WEBHOOK_EVENTS = [
  'production.submitted',
  'production.approved',
  'production.rejected',
  'budget_review.decided',
  'change_order.accepted',
  'change_order.rejected',
  'invoice.sent',
  'invoice.approved',
  'invoice.paid',
  'invoice.cancelled',
  'task.status_changed',
  'damage.reported',
  'locate.expiring',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The test ping (POST …/ping) is an event of its own, sent to that endpoint only. */
export type WebhookDeliveryEvent = WebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'production.submitted': 'Production submitted',
  'production.approved': 'Production approved',
  'production.rejected': 'Production rejected',
  'budget_review.decided': 'Budget review decided',
  'change_order.accepted': 'Change order accepted',
  'change_order.rejected': 'Change order rejected',
  'invoice.sent': 'Invoice sent',
  'invoice.approved': 'Invoice approved',
  'invoice.paid': 'Invoice paid',
  'invoice.cancelled': 'Invoice cancelled',
  'task.status_changed': 'Task status changed',
  'damage.reported': 'Damage reported',
  'locate.expiring': 'Locate expiring',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Endpoints per company: enough for several integrations, few enough that one event fans out cheaply. */
export const MAX_WEBHOOKS = 20;
export const WEBHOOK_URL_MAX = 2000;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const SIGNATURE_HEADER = 'Fieldwork-Signature';
export const EVENT_HEADER = 'Fieldwork-Event';
export const DELIVERY_HEADER = 'Fieldwork-Delivery';

const webhookUrl = text()
  .trim()
  .min(1, 'Enter the endpoint URL')
  .max(WEBHOOK_URL_MAX)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Must be an http(s) URL');

const events = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, 'Each event once');

/** POST /companies/{id}/webhooks. */
export const webhookCreate = z.strictObject({
  url: webhookUrl,
  description: text().trim().max(200).nullable().optional(),
  events,
  active: z.boolean().optional(),
});
export type WebhookCreateInput = z.infer<typeof webhookCreate>;

/** PATCH /companies/{id}/webhooks/{webhookId}: resuming a paused endpoint is `active: true`. */
export const webhookUpdate = z.strictObject({
  url: webhookUrl.optional(),
  description: text().trim().max(200).nullable().optional(),
  events: events.optional(),
  active: z.boolean().optional(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdate>;

export const webhooksParams = z.strictObject({ id: idParam() });
export const webhookParams = z.strictObject({ id: idParam(), webhookId: idParam() });
export const webhookDeliveryParams = z.strictObject({ id: idParam(), webhookId: idParam(), deliveryId: idParam() });

export const WEBHOOK_DELIVERY_PAGE = 25;
const pageNumber = text().regex(/^\d{1,6}$/, 'Must be a page number').transform(Number).pipe(z.number().int().min(1));
/** GET …/deliveries?page=&pageSize=: newest first. */
export const webhookDeliveriesQuery = z.strictObject({
  page: pageNumber.optional(),
  pageSize: text().regex(/^\d{1,3}$/, 'Must be a number').transform(Number).pipe(z.number().int().min(1).max(100)).optional(),
});

/** An endpoint as the API answers it; the secret is never in it (only once, in WebhookWithSecret). */
export interface Webhook {
  id: number;
  companyId: number;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  active: boolean;
  /** Set when every delivery failed for a day; PATCH active: true resumes it. */
  pausedAt: string | null;
  failingSince: string | null;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  /** The last delivery's outcome, for the list. */
  lastDelivery: { status: WebhookDeliveryStatus; responseStatus: number | null; at: string } | null;
}

/** The answer to create and rotate: the only time the secret is shown. */
export type WebhookWithSecret = Webhook & { secret: string };

export interface WebhookDelivery {
  id: number;
  webhookId: number;
  event: WebhookDeliveryEvent;
  eventId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  /** The first 4 KB of the endpoint's last answer. */
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
  resendOf: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  finishedAt: string | null;
  /** The JSON body sent. */
  body: string;
}

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
}

/** The body every delivery sends. */
export interface WebhookPayload<T = unknown> {
  /** The delivery's event id: the same for every endpoint one change was sent to. */
  id: string;
  event: WebhookDeliveryEvent;
  occurredAt: string;
  companyId: number;
  /** The ids the event concerns (the record's, its project's). */
  ids: Record<string, number>;
  /** The record as the API's GET answers it. */
  data: T;
}

export const WEBHOOK_MESSAGES = {
  tooMany: `A company can have at most ${MAX_WEBHOOKS} webhooks`,
  httpsOnly: 'The endpoint must use https',
  privateAddress: 'The endpoint must be a public address: private, loopback and link-local addresses are refused',
  credentials: 'The endpoint URL must not hold a user name or password',
  paused: (url: string) => `Webhook ${url} was paused: its deliveries failed for a day`,
} as const;
