import { queueChangeOrderWebhook } from './change-order-webhooks.js';
import { DECISION_CHANNELS, type DecisionChannel } from '../../../resources/client-decision.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { recordDocumentDecision } from '../../lib/document-decisions.js';
import { revokeDocumentLinks } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { ChangeOrderParams } from './change-order-params.js';
import { decidableChangeOrder, decisionScopeOf, type ChangeOrderRow, type DecisionScope } from './change-order-scope.js';
import { moveChangeOrder } from './change-order-state.js';
import { notifyChangeOrder } from './change-order-notify.js';
import { changeOrderSnapshot, loadChangeOrder, snapshotOf, type ChangeOrderBase } from './change-order-view.js';

/** Who decided and how: a member signed in, the contact through the link, or the issuer recording what the client said. */
export interface DecisionBy {
  channel: DecisionChannel;
  name: string;
  email: string | null;
  /** When the client decided (for a recorded decision, when they said it). */
  decidedAt: string;
  /** The member deciding signed in, or the issuer's member recording; null through a link. */
  userId: number | null;
  fileId?: number | null;
  linkId?: number | null;
}

/** The budget item's values as its audit trail keeps them. */
const itemSnapshot = (item: { quantity: number; price_cents: number; report_weight: number; description: string | null }) => ({
  quantity: Number(item.quantity),
  price: centsToMoney(item.price_cents),
  reportWeight: !!item.report_weight,
  description: item.description,
});

/** The item, taken for this transaction on PostgreSQL, so two change orders accepted at once each record the values they replaced. */
async function lockedItem(services: Services, trx: Trx, budgetItemId: number) {
  let query = trx.selectFrom('budget_items').select(['id', 'quantity', 'price_cents', 'report_weight', 'description']).where('id', '=', budgetItemId);
  if (services.dialect === 'postgres') query = query.forUpdate();
  const item = await query.executeTakeFirst();
  if (!item) throw notFound('Budget item');
  return item;
}

const channelLabel = (channel: DecisionChannel) => DECISION_CHANNELS.find((c) => c.value === channel)!.label;

/** The trail of a decision: the change order's move, who said it and how; for a recorded one, the recorder is the trail's actor. */
async function auditDecision(trx: Trx, ds: DecisionScope, action: string, before: ChangeOrderBase, after: ChangeOrderBase, by: DecisionBy) {
  await recordAudit(trx, ds.actor, {
    entityType: 'change_order',
    entityId: after.id,
    action,
    before: changeOrderSnapshot(before),
    after: { ...changeOrderSnapshot(after), decidedBy: by.email ? `${by.name} <${by.email}>` : by.name, via: channelLabel(by.channel) },
    companyId: ds.budget.company_id,
  });
}

/** The decision's row, and the end of every link still open on the change order. */
async function keepDecision(trx: Trx, ds: DecisionScope, co: ChangeOrderRow, decision: 'accepted' | 'sent_back', reason: string | null, by: DecisionBy) {
  await recordDocumentDecision(trx, {
    companyId: ds.budget.company_id,
    kind: 'change_order',
    entityId: co.id,
    decision,
    channel: by.channel,
    decidedByName: by.name,
    decidedByEmail: by.email,
    decidedAt: by.decidedAt,
    reason,
    fileId: by.fileId ?? null,
    linkId: by.linkId ?? null,
    recordedBy: by.userId,
  });
  await revokeDocumentLinks(trx, 'change_order', co.id);
}

/**
 * Accepts a sent change order in the caller's transaction, however the decision came: the item's
 * values just before are kept on the change order (previous quantity and price), the item takes the
 * change order's quantity, price and report weight (and its description when it has one), both are
 * audited, the decision is kept and the issuer's people are told. The move is conditional on the
 * status read, so the price is applied once whatever races it.
 */
export async function applyAccept(services: Services, trx: Trx, ds: DecisionScope, changeOrder: ChangeOrderRow, by: DecisionBy): Promise<ChangeOrderBase> {
  const item = await lockedItem(services, trx, changeOrder.budget_item_id);
  const before = await snapshotOf(trx, ds.budget.id, changeOrder.id);
  const now = nowIso();
  await moveChangeOrder(trx, changeOrder, 'accept', {
    previous_quantity: item.quantity,
    previous_price_cents: item.price_cents,
    decided_at: now,
    decided_by: by.channel === 'member' ? by.userId : null,
  });
  const changed = {
    quantity: changeOrder.quantity,
    price_cents: changeOrder.price_cents,
    report_weight: changeOrder.report_weight,
    description: changeOrder.description ?? item.description,
  };
  await trx
    .updateTable('budget_items')
    .set({ ...changed, updated_at: now })
    .where('id', '=', item.id)
    .execute();
  const after = await snapshotOf(trx, ds.budget.id, changeOrder.id);
  await auditDecision(trx, ds, 'accepted', before, after, by);
  await recordAudit(trx, ds.actor, {
    entityType: 'budget_item',
    entityId: item.id,
    action: `changed by change order #${changeOrder.number}`,
    before: itemSnapshot(item),
    after: itemSnapshot(changed),
    companyId: ds.budget.company_id,
  });
  await keepDecision(trx, ds, changeOrder, 'accepted', null, by);
  await notifyChangeOrder(services, trx, ds, after, 'accept', by.channel === 'member' ? undefined : by.name);
  await queueChangeOrderWebhook(services, trx, ds, after, 'change_order.accepted');
  return after;
}

/** Sends a sent change order back with the message, however the decision came; the issuer can edit and send it again. */
export async function applySendBack(services: Services, trx: Trx, ds: DecisionScope, changeOrder: ChangeOrderRow, message: string, by: DecisionBy): Promise<ChangeOrderBase> {
  const before = await snapshotOf(trx, ds.budget.id, changeOrder.id);
  await moveChangeOrder(trx, changeOrder, 'reject', { message, decided_at: nowIso(), decided_by: by.channel === 'member' ? by.userId : null });
  const after = await snapshotOf(trx, ds.budget.id, changeOrder.id);
  await auditDecision(trx, ds, 'sent back', before, after, by);
  await keepDecision(trx, ds, changeOrder, 'sent_back', message, by);
  await notifyChangeOrder(services, trx, ds, after, 'reject', by.channel === 'member' ? undefined : by.name);
  await queueChangeOrderWebhook(services, trx, ds, after, 'change_order.rejected');
  return after;
}

const signedIn = (actor: Actor): DecisionBy => ({ channel: 'member', name: actor.user.name, email: actor.user.email, decidedAt: nowIso(), userId: actor.user.id });

/** POST …/accept: a person of the deciding company, signed in. */
export async function acceptChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await decidableChangeOrder(trx, actor, params);
    await applyAccept(services, trx, decisionScopeOf(scope), changeOrder, signedIn(actor));
    return loadChangeOrder(services, trx, scope, changeOrder.id);
  });
}

/** POST …/reject: the deciding company sends it back signed in, saying why. */
export async function rejectChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams, body: { message: string }) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await decidableChangeOrder(trx, actor, params);
    await applySendBack(services, trx, decisionScopeOf(scope), changeOrder, body.message, signedIn(actor));
    return loadChangeOrder(services, trx, scope, changeOrder.id);
  });
}
