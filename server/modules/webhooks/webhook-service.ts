import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  MAX_WEBHOOKS,
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookUpdateInput,
  type WebhookWithSecret,
} from '../../../resources/webhook.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { allowedAddresses, hostOf, RefusedAddressError } from '../../lib/webhooks/address-guard.js';
import { insertDelivery } from '../../lib/webhooks/deliveries.js';
import { newWebhookSecret, secretContext } from '../../lib/webhooks/signing.js';
import type { Services } from '../../services.js';
import { deliveryView, webhookViews, type WebhookRow } from './webhook-view.js';

const urlError = (message: string) => badRequest(`url: ${message}`, [{ field: 'url', message }]);

/**
 * The registration check of an endpoint URL (delivery checks again, at every attempt): https, or http
 * only where private addresses are allowed; no credentials in it; a literal address or a name that
 * resolves now must not be private. A name that does not resolve now is accepted (its DNS may come
 * later); its deliveries fail until it does.
 */
async function checkUrl(services: Services, raw: string) {
  const url = new URL(raw);
  const allowPrivate = services.config.webhooks.allowPrivate;
  if (url.protocol !== 'https:' && !allowPrivate) throw urlError(WEBHOOK_MESSAGES.httpsOnly);
  if (url.username || url.password) throw urlError(WEBHOOK_MESSAGES.credentials);
  if (allowPrivate) return;
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost')) throw urlError(WEBHOOK_MESSAGES.privateAddress);
  try {
    await allowedAddresses(host, false, isIP(host) ? undefined : (h) => withTimeout(import('node:dns/promises').then((dns) => dns.lookup(h, { all: true, verbatim: true })), 3000));
  } catch (err) {
    if (err instanceof RefusedAddressError) throw urlError(WEBHOOK_MESSAGES.privateAddress);
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS timeout')), ms).unref())]);

async function webhookOf(db: Executor, company: CompanyMembership, webhookId: number): Promise<WebhookRow> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).executeTakeFirst();
  if (!row || row.company_id !== company.companyId) throw notFound('Webhook');
  return row;
}

const one = async (db: Executor, row: WebhookRow) => (await webhookViews(db, [row]))[0]!;
const auditShape = (r: Pick<WebhookRow, 'url' | 'events' | 'active' | 'description'>) => ({ url: r.url, events: r.events, active: !!r.active, description: r.description });

export async function listWebhooks(services: Services, company: CompanyMembership): Promise<Webhook[]> {
  const rows = await services.db.selectFrom('webhooks').selectAll().where('company_id', '=', company.companyId).orderBy('id').execute();
  return webhookViews(services.db, rows);
}

export async function readWebhook(services: Services, company: CompanyMembership, webhookId: number): Promise<Webhook> {
  return one(services.db, await webhookOf(services.db, company, webhookId));
}

/** POST /companies/{id}/webhooks: the endpoint, with its secret shown this once. */
export async function createWebhook(services: Services, actor: Actor, company: CompanyMembership, body: WebhookCreateInput): Promise<WebhookWithSecret> {
  await checkUrl(services, body.url);
  const secret = newWebhookSecret();
  return services.db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company.companyId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_WEBHOOKS) throw conflict(WEBHOOK_MESSAGES.tooMany, 'TOO_MANY_WEBHOOKS');
    const now = nowIso();
    const inserted = await trx
      .insertInto('webhooks')
      .values({
        company_id: company.companyId,
        url: body.url,
        description: body.description ?? null,
        events: JSON.stringify(body.events),
        active: body.active === false ? 0 : 1,
        // Sealed once the id is known: the id is part of the cipher's context.
        secret: '',
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('webhooks')
      .set({ secret: services.fieldCipher.encrypt(secret, secretContext(inserted.id)) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'webhook', entityId: row.id, action: 'created', after: auditShape(row) });
    return { ...(await one(trx, row)), secret };
  });
}

/** PATCH: url, description, events, active; `active: true` on a paused endpoint resumes it. */
export async function updateWebhook(services: Services, actor: Actor, company: CompanyMembership, webhookId: number, body: WebhookUpdateInput): Promise<Webhook> {
  if (body.url !== undefined) await checkUrl(services, body.url);
  return services.db.transaction().execute(async (trx) => {
    const before = await webhookOf(trx, company, webhookId);
    const resume = body.active === true && before.paused_at !== null;
    const row = await trx
      .updateTable('webhooks')
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        ...(resume ? { paused_at: null, failing_since: null } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', webhookId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'webhook', entityId: row.id, action: resume ? 'resumed' : 'updated', before: auditShape(before), after: auditShape(row) });
    return one(trx, row);
  });
}

export async function deleteWebhook(services: Services, actor: Actor, company: CompanyMembership, webhookId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const before = await webhookOf(trx, company, webhookId);
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).execute();
    await trx.deleteFrom('webhooks').where('id', '=', webhookId).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'webhook', entityId: webhookId, action: 'deleted', before: auditShape(before) });
  });
}

/** POST …/rotate-secret: a new secret, shown this once; deliveries from now on are signed with it. */
export async function rotateSecret(services: Services, actor: Actor, company: CompanyMembership, webhookId: number): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  return services.db.transaction().execute(async (trx) => {
    await webhookOf(trx, company, webhookId);
    const row = await trx
      .updateTable('webhooks')
      .set({ secret: services.fieldCipher.encrypt(secret, secretContext(webhookId)), updated_at: nowIso() })
      .where('id', '=', webhookId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'webhook', entityId: webhookId, action: 'secret rotated' });
    return { ...(await one(trx, row)), secret };
  });
}

/** POST …/ping: a `ping` delivery to this endpoint only, queued like any other. */
export async function pingWebhook(services: Services, company: CompanyMembership, webhookId: number): Promise<WebhookDelivery> {
  return services.db.transaction().execute(async (trx) => {
    const hook = await webhookOf(trx, company, webhookId);
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, event: 'ping', occurredAt: nowIso(), companyId: hook.company_id, ids: { webhookId }, data: { webhookId, url: hook.url } });
    return deliveryView(await insertDelivery(services, trx, { webhookId, companyId: hook.company_id, event: 'ping', eventId, body }));
  });
}

export async function listDeliveries(services: Services, company: CompanyMembership, webhookId: number, query: { page?: number; pageSize?: number }): Promise<WebhookDeliveryPage> {
  await webhookOf(services.db, company, webhookId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? WEBHOOK_DELIVERY_PAGE;
  const total = await services.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('webhook_id', '=', webhookId).executeTakeFirstOrThrow();
  const rows = await services.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(deliveryView), total: Number(total.n), page, pageSize };
}

/** POST …/deliveries/{deliveryId}/resend: the same body (and event id) as a new delivery, attempted from the start. */
export async function resendDelivery(services: Services, actor: Actor, company: CompanyMembership, webhookId: number, deliveryId: number): Promise<WebhookDelivery> {
  return services.db.transaction().execute(async (trx) => {
    const hook = await webhookOf(trx, company, webhookId);
    const original = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('webhook_id', '=', hook.id).executeTakeFirst();
    if (!original) throw notFound('Delivery');
    const row = await insertDelivery(services, trx, { webhookId, companyId: hook.company_id, event: original.event as WebhookDelivery['event'], eventId: original.event_id, body: original.body, resendOf: original.id });
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'webhook', entityId: webhookId, action: 'delivery resent', after: { deliveryId: original.id, resent: row.id } });
    return deliveryView(row);
  });
}
