import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryEvent, WebhookEvent, WebhookPayload } from '../../../resources/webhook.js';
import { WEBHOOK_MESSAGES } from '../../../resources/webhook.js';
import type { Executor } from '../../db/index.js';
import type { JobContext } from '../../jobs/index.js';
import type { Services } from '../../services.js';
import { nowIso, parseJson } from '../json.js';
import { membersWithPermission, notifyMembers, userInCompany } from '../notify.js';
import { sendDelivery, type SendOutcome } from './send.js';
import { secretContext } from './signing.js';

export const WEBHOOK_JOB = 'webhook.deliver';

/** What queueing and delivering need of the services. */
export type WebhookServices = Pick<Services, 'db' | 'jobs' | 'fieldCipher' | 'config' | 'log' | 'realtime' | 'mailer' | 'readCache'>;

interface DeliverPayload {
  deliveryId: number;
  /** The attempt this job makes (1-based): a job for an attempt already made is a duplicate and does nothing. */
  attempt: number;
}

export interface WebhookEventInput {
  event: WebhookEvent;
  /** The companies whose endpoints hear of it: those the record belongs to, never anyone else. */
  companyIds: number[];
  ids: Record<string, number>;
  /** The record as the API's GET answers it to a member of that company; read only for a company with an endpoint for the event. */
  data: (companyId: number) => Promise<unknown>;
}

/**
 * Queues an event for every active endpoint of the given companies that asked for it: one delivery
 * row and one job each, written with the caller's executor, so inside the change's transaction: the
 * deliveries exist if and only if the change commits, and the job runner sends them after the commit.
 * Nothing is sent here and nothing here can fail the request but the database itself.
 */
export async function queueWebhookEvent(services: WebhookServices, db: Executor, input: WebhookEventInput): Promise<number> {
  const companyIds = [...new Set(input.companyIds)];
  if (!companyIds.length) return 0;
  const endpoints = (
    await db
      .selectFrom('webhooks')
      .select(['id', 'company_id', 'events'])
      .where('company_id', 'in', companyIds)
      .where('active', '=', 1)
      .where('paused_at', 'is', null)
      .orderBy('id')
      .execute()
  ).filter((w) => parseJson<string[]>(w.events, []).includes(input.event));
  if (!endpoints.length) return 0;
  const eventId = randomUUID();
  const occurredAt = nowIso();
  const bodies = new Map<number, string>();
  for (const companyId of new Set(endpoints.map((w) => w.company_id))) {
    const payload: WebhookPayload = { id: eventId, event: input.event, occurredAt, companyId, ids: input.ids, data: await input.data(companyId) };
    bodies.set(companyId, JSON.stringify(payload));
  }
  for (const w of endpoints) await insertDelivery(services, db, { webhookId: w.id, companyId: w.company_id, event: input.event, eventId, body: bodies.get(w.company_id)! });
  return endpoints.length;
}

/** One delivery row and the job of its first attempt. */
export async function insertDelivery(
  services: WebhookServices,
  db: Executor,
  d: { webhookId: number; companyId: number; event: WebhookDeliveryEvent; eventId: string; body: string; resendOf?: number },
) {
  const now = nowIso();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: d.webhookId,
      company_id: d.companyId,
      event: d.event,
      event_id: d.eventId,
      body: d.body,
      status: 'pending',
      attempts: 0,
      resend_of: d.resendOf ?? null,
      created_at: now,
      next_attempt_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await services.jobs.enqueue<DeliverPayload>(WEBHOOK_JOB, { deliveryId: row.id, attempt: 1 }, { executor: db, dedupeKey: `${row.id}:1` });
  return row;
}

/** The wait before attempt n+1 after n failed: base, 2×base, … at most the cap. */
export const retryDelay = (failedAttempts: number, s: { retryBaseMs: number; retryMaxMs: number }) => Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1));

export function registerWebhookDeliveries(services: WebhookServices) {
  // HTTP failures are retried by the handler on the webhook schedule; job attempts cover a database hiccup.
  services.jobs.register<DeliverPayload>(WEBHOOK_JOB, async (payload, ctx) => void (await deliver(services, payload, ctx)), { attempts: 3 });
}

/**
 * One attempt of a delivery. The attempt is claimed by a conditional update of the row (pending, and
 * exactly attempt-1 attempts made) that answers it, so a duplicate job (a relay sent twice, a lapsed
 * lock) sends nothing. A failure's outcome, the next attempt's job and the endpoint's failing state are
 * written in one transaction; a success is one statement, and clears the endpoint's failing state.
 */
export async function deliver(services: WebhookServices, payload: DeliverPayload, _ctx?: JobContext): Promise<SendOutcome | null> {
  const { db, config } = services;
  const now = nowIso();
  const row = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ attempts: payload.attempt, last_attempt_at: now, first_attempt_at: eb.fn.coalesce('first_attempt_at', eb.val(now)) }))
    .where('id', '=', payload.deliveryId)
    .where('status', '=', 'pending')
    .where('attempts', '=', payload.attempt - 1)
    .returning(['id', 'webhook_id', 'company_id', 'event', 'body', 'first_attempt_at'])
    .executeTakeFirst();
  if (!row) return null;
  // From the read cache: a burst of deliveries to one endpoint reads its row once, and any write to
  // webhooks (turned off, paused, a new secret) drops it in every process.
  const hook = await services.readCache.get(`webhook:${row.webhook_id}`, () => db.selectFrom('webhooks').selectAll().where('id', '=', row.webhook_id).executeTakeFirst());
  if (!hook || !hook.active || hook.paused_at) {
    // Turned off or paused after the event was queued: nothing is sent; a resend after resuming sends it.
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', error: hook?.paused_at ? 'The endpoint is paused' : 'The endpoint is turned off', finished_at: now, next_attempt_at: null })
      .where('id', '=', row.id)
      .execute();
    return null;
  }
  const secret = services.fieldCipher.decrypt(hook.secret, secretContext(hook.id));
  const outcome = await sendDelivery({ url: hook.url, secret, event: row.event, deliveryId: row.id, body: row.body }, config.webhooks);
  await record(services, row, hook, payload.attempt, outcome);
  return outcome;
}

async function record(
  services: WebhookServices,
  row: { id: number; first_attempt_at: string | null; company_id: number },
  hook: { id: number; company_id: number; url: string; created_by: number | null; failing_since: string | null },
  attempt: number,
  outcome: SendOutcome,
) {
  const s = services.config.webhooks;
  const now = Date.now();
  const firstAt = row.first_attempt_at ? Date.parse(row.first_attempt_at) : now;
  const wait = retryDelay(attempt, s);
  const retry = !outcome.ok && now + wait - firstAt < s.retryForMs;
  const result = {
    response_status: outcome.status,
    response_body: outcome.responseBody,
    error: outcome.error,
    duration_ms: outcome.durationMs,
  };
  if (outcome.ok) {
    await services.db.updateTable('webhook_deliveries').set({ ...result, status: 'succeeded', finished_at: nowIso(), next_attempt_at: null }).where('id', '=', row.id).execute();
    // Apart from the delivery's row, and only when the endpoint was failing as this attempt began: a
    // failure recorded meanwhile stays marked until the next success, a few seconds of a day's grace.
    if (hook.failing_since !== null) await services.db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', hook.id).execute();
    return;
  }
  await services.db.transaction().execute(async (trx) => {
    if (retry) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...result, status: 'pending', next_attempt_at: new Date(now + wait).toISOString() })
        .where('id', '=', row.id)
        .execute();
      await services.jobs.enqueue<DeliverPayload>(WEBHOOK_JOB, { deliveryId: row.id, attempt: attempt + 1 }, { executor: trx, delayMs: wait, dedupeKey: `${row.id}:${attempt + 1}` });
    } else {
      await trx.updateTable('webhook_deliveries').set({ ...result, status: 'failed', finished_at: nowIso(), next_attempt_at: null }).where('id', '=', row.id).execute();
    }
    await pauseIfFailingForADay(services, trx, hook, row.first_attempt_at ?? new Date(now).toISOString());
  });
}

/**
 * Marks the endpoint failing since the first attempt of its first failed delivery, and pauses it once
 * that is a day ago (no attempt succeeded meanwhile: a success clears failing_since), telling its
 * creator and the company's integration managers.
 */
async function pauseIfFailingForADay(services: WebhookServices, trx: Executor, hook: { id: number; company_id: number; url: string; created_by: number | null }, since: string) {
  await trx.updateTable('webhooks').set({ failing_since: since }).where('id', '=', hook.id).where('failing_since', 'is', null).execute();
  const cutoff = new Date(Date.now() - services.config.webhooks.retryForMs).toISOString();
  const paused = await trx
    .updateTable('webhooks')
    .set({ paused_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', hook.id)
    .where('paused_at', 'is', null)
    .where('failing_since', '<=', cutoff)
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) !== 1) return;
  services.log.warn({ webhookId: hook.id, companyId: hook.company_id }, 'webhook paused: its deliveries failed for a day');
  const recipients = [...(await membersWithPermission(trx, [hook.company_id], 'integrations', 'manage')), ...(await userInCompany(trx, hook.created_by, hook.company_id))];
  await notifyMembers(services, trx, recipients, null, { type: 'webhook', description: WEBHOOK_MESSAGES.paused(hook.url), entityId: hook.company_id, options: { eventId: hook.id } });
}
