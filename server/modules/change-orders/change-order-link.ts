import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicChangeOrderPaths, type ExternalChangeOrder, type ExternalChangeOrderOutcome } from '../../../resources/change-order-client.js';
import type { ChangeOrderStatus } from '../../../resources/budget.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Executor, Trx } from '../../db/index.js';
import { consumeDocumentLink, documentLinkRefused, openDocumentLink, type DocumentLinkRow } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import { asksClientSignature, linkApproval } from '../../lib/link-approval.js';
import type { Services } from '../../services.js';
import { sendStoredObject } from '../../storage/download.js';
import type { ProjectRow } from '../projects/project-access.js';
import { applyAccept, applySendBack, type DecisionBy } from './change-order-decide.js';
import { changeOrderWithItem, valuesBefore } from './change-order-document.js';
import { decidingParty } from './change-order-party.js';
import type { ChangeOrderRow, DecisionScope } from './change-order-scope.js';

/**
 * The change order an open link names, while it still waits for a decision, with its project: a
 * change order decided another way, deleted, or of a budget gone is refused like any other link.
 * Nobody is signed in: the trail is the issuer's, without a user.
 */
async function linked(db: Executor, token: string): Promise<{ link: DocumentLinkRow; co: ChangeOrderRow; ds: DecisionScope }> {
  const link = await openDocumentLink(db, 'change_order', token);
  const co = (await db.selectFrom('change_orders').selectAll().where('id', '=', link.entity_id).executeTakeFirst()) as ChangeOrderRow | undefined;
  if (!co || co.status !== 'sent' || co.company_id !== link.company_id) throw documentLinkRefused();
  const budget = await db.selectFrom('budgets').select(['id', 'project_id', 'company_id', 'status']).where('id', '=', co.budget_id).executeTakeFirst();
  if (!budget) throw documentLinkRefused();
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', budget.project_id).executeTakeFirstOrThrow()) as ProjectRow;
  const parent = project.parent_id === null ? undefined : await db.selectFrom('projects').select('company_id').where('id', '=', project.parent_id).executeTakeFirst();
  return { link, co, ds: { project, budget, parentOwnerId: parent?.company_id ?? null, actor: { userId: null, companyId: project.company_id } } };
}

const values = (quantity: number, priceCents: bigint) => ({ quantity, price: centsToMoney(priceCents), amount: centsToMoney(BigInt(quantity) * priceCents) });

/** GET /public/change-orders/{token}: what the decision page shows, and nothing else of the issuer's. */
export async function externalChangeOrder(services: Services, token: string): Promise<ExternalChangeOrder> {
  const db = services.db;
  const { link, co, ds } = await linked(db, token);
  const full = (await changeOrderWithItem(db, ds.budget.id, co.id))!;
  const [issuer, party] = await Promise.all([
    db.selectFrom('companies').select(['name', 'logo_url']).where('id', '=', ds.project.company_id).executeTakeFirstOrThrow(),
    decidingParty(db, ds, co.request_from_parent),
  ]);
  const before = valuesBefore(full);
  const afterPrice = BigInt(co.price_cents);
  return {
    number: co.number,
    status: co.status as ChangeOrderStatus,
    issuer: { name: issuer.name, logoUrl: issuer.logo_url },
    clientName: party.name,
    project: { name: ds.project.project_name, code: ds.project.code, powoNumber: ds.project.powo_number, timezone: ds.project.timezone },
    item: { name: full.item_name, code: full.item_code, unit: full.item_unit },
    before: values(before.quantity, before.priceCents),
    after: values(Number(co.quantity), afterPrice),
    amountChange: centsToMoney(BigInt(co.quantity) * afterPrice - BigInt(before.quantity) * before.priceCents),
    description: co.description,
    sentAt: co.sent_at,
    contactName: link.contact_name,
    contactEmail: link.contact_email,
    expiresAt: link.expires_at,
    // The address under the API's prefix, as a page's link opens it.
    pdfUrl: `/api/v1${publicChangeOrderPaths(token).pdf}`,
    signatureRequired: await asksClientSignature(db, co.company_id),
  };
}

/** GET /public/change-orders/{token}/pdf: the PDF exactly as it was mailed with this link. */
export async function externalChangeOrderPdf(services: Services, req: FastifyRequest, reply: FastifyReply, token: string) {
  const { link, co } = await linked(services.db, token);
  const file = await services.db
    .selectFrom('files')
    .select(['object_name', 'public_id', 'filename', 'content_type', 'length'])
    .where('entity_type', '=', 'change_order')
    .where('entity_id', '=', String(co.id))
    .where('type', '=', 'sent-pdf')
    .where('company_id', '=', link.company_id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!file) throw documentLinkRefused();
  return sendStoredObject(services, req, reply, { ...file, length: Number(file.length) }, { download: true, cache: 'private' });
}

/**
 * A decision through the link, in one transaction with the link opened again there and used up
 * conditionally: of two decisions through one link (two tabs, a double tap) only the first passes,
 * and the price is applied once.
 */
async function decideInTransaction(trx: Trx, token: string, name: string | null, fileId: number | null, decide: (co: ChangeOrderRow, ds: DecisionScope, by: DecisionBy) => Promise<unknown>) {
  const { link, co, ds } = await linked(trx, token);
  await consumeDocumentLink(trx, link);
  const by: DecisionBy = { channel: 'link', name: name ?? link.contact_name ?? link.contact_email, email: link.contact_email, decidedAt: nowIso(), userId: null, linkId: link.id, fileId };
  await decide(co, ds, by);
  const after = await trx.selectFrom('change_orders').select(['number', 'status', 'message']).where('id', '=', co.id).executeTakeFirstOrThrow();
  const issuer = await trx.selectFrom('companies').select('name').where('id', '=', ds.project.company_id).executeTakeFirstOrThrow();
  return { after, by, issuerName: issuer.name };
}

/**
 * POST /public/change-orders/{token}/accept: the item takes the change order's values, once. JSON
 * { name }, or multipart with a drawn signature (required when the issuer asks for one).
 */
export async function acceptByLink(services: Services, req: FastifyRequest, token: string): Promise<ExternalChangeOrderOutcome> {
  const { co } = await linked(services.db, token);
  const { after, by, issuerName } = await linkApproval(services, req, { companyId: co.company_id, kind: 'change_order', entityId: co.id }, (trx, approval) =>
    decideInTransaction(trx, token, approval.name, approval.signatureFileId, (row, ds, by) => applyAccept(services, trx, ds, row, by)),
  );
  return { number: after.number, status: after.status as ChangeOrderStatus, decision: 'accepted', decidedByName: by.name, issuerName, reason: null };
}

/** POST /public/change-orders/{token}/send-back: back to the issuer with the message. */
export async function sendBackByLink(services: Services, token: string, body: { reason: string; name: string | null }): Promise<ExternalChangeOrderOutcome> {
  const { after, by, issuerName } = await services.db
    .transaction()
    .execute((trx) => decideInTransaction(trx, token, body.name, null, (co, ds, by) => applySendBack(services, trx, ds, co, body.reason, by)));
  return { number: after.number, status: after.status as ChangeOrderStatus, decision: 'sent_back', decidedByName: by.name, issuerName, reason: after.message };
}
