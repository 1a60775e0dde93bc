import { CLIENT_DECISION_MESSAGES, type ClientContactInput } from '../../../resources/client-decision.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { ClientContact } from '../../lib/client-contact.js';
import { issueDocumentLink } from '../../lib/document-links.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeGeneratedFile } from '../../storage/file-store.js';
import { changeOrderWithItem, renderChangeOrder, valuesBefore } from './change-order-document.js';
import { changeOrderMail } from './change-order-mail.js';
import { notifyChangeOrder } from './change-order-notify.js';
import type { ChangeOrderParams } from './change-order-params.js';
import { changeOrderContact, decidingParty } from './change-order-party.js';
import { decisionScopeOf, managedChangeOrder, type BudgetScope } from './change-order-scope.js';
import { auditChangeOrder } from './change-order-service.js';
import { moveChangeOrder } from './change-order-state.js';
import { loadChangeOrder, snapshotOf } from './change-order-view.js';

/** As for an invoice: the change order cannot go anywhere yet, whatever the request says (409, not 400). */
const noContact = () => conflict(CLIENT_DECISION_MESSAGES.noContact, 'NO_CONTACT');

/**
 * Mails a sent change order to its client contact, in the sending's transaction: a fresh link (the
 * earlier ones die with it), the PDF as it now stands kept as the change order's file, and one mail
 * with both, queued with the transaction (no mail for a sending that rolled back, none lost for one
 * that committed, one per sending whichever process runs the queue).
 */
async function mailToContact(services: Services, trx: Trx, scope: BudgetScope, actor: Actor, id: number, contact: ClientContact, again: boolean) {
  const { project } = scope.access;
  const link = await issueDocumentLink(trx, { companyId: project.company_id, kind: 'change_order', entityId: id, contactEmail: contact.email, contactName: contact.name, createdBy: actor.user.id });
  const pdf = await renderChangeOrder(services, trx, decisionScopeOf(scope), id);
  const target = { companyId: project.company_id, entityType: 'change_order', entityId: id, type: 'sent-pdf', uploadedBy: actor.user.id };
  const file = await storeGeneratedFile(services, trx, target, { filename: pdf.filename, contentType: 'application/pdf', bytes: pdf.bytes });
  const co = (await changeOrderWithItem(trx, scope.budget.id, id))!;
  const before = valuesBefore(co);
  const issuer = await trx.selectFrom('companies').select('name').where('id', '=', project.company_id).executeTakeFirstOrThrow();
  await services.mailer.send(
    changeOrderMail(services.config.publicUrl, {
      to: contact.email,
      contactName: contact.name,
      senderName: actor.user.name,
      issuerName: issuer.name,
      projectName: project.project_name,
      projectCode: project.code,
      number: co.number,
      itemName: co.item_name,
      amountChangeCents: BigInt(co.quantity) * BigInt(co.price_cents) - BigInt(before.quantity) * before.priceCents,
      token: link.token,
      expiresAt: link.row.expires_at,
      pdf: { fileId: file.id, filename: pdf.filename },
      again,
    }),
    { executor: trx },
  );
}

/**
 * Sends a draft or sent-back change order, with its price, to the party that decides it. When a
 * contact is known (set on it, or the default one) it is mailed the PDF and a link to decide without
 * an account; a party nobody of which can sign in, or a client typed on the project, must have one.
 */
export async function sendChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams, body: { price: bigint }) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
    const ds = decisionScopeOf(scope);
    const party = await decidingParty(trx, ds, changeOrder.request_from_parent);
    const contact = await changeOrderContact(trx, ds, party, changeOrder);
    if (!contact && party.contactRequired) throw noContact();
    const before = await snapshotOf(trx, scope.budget.id, changeOrder.id);
    await moveChangeOrder(trx, changeOrder, 'send', {
      price_cents: Number(body.price),
      message: null,
      sent_at: nowIso(),
      sent_by: scope.access.userId,
      // The contact it went to stays on it, so a later default (a new partnership contact) does not rewrite where it was sent.
      ...(contact ? { contact_email: contact.email, contact_name: contact.name } : {}),
    });
    if (contact) await mailToContact(services, trx, scope, actor, changeOrder.id, contact, false);
    const after = await snapshotOf(trx, scope.budget.id, changeOrder.id);
    await auditChangeOrder(trx, scope, changeOrder.id, 'sent', before, after, contact ? { mailedTo: contact.email } : {});
    await notifyChangeOrder(services, trx, ds, after, 'send');
    return loadChangeOrder(services, trx, scope, changeOrder.id);
  });
}

/** POST …/resend: mails a sent change order again with a fresh link; the earlier link stops working. */
export async function resendChangeOrder(services: Services, actor: Actor, params: ChangeOrderParams) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
    if (changeOrder.status !== 'sent') throw conflict('Only a sent change order can be sent again', 'ILLEGAL_TRANSITION');
    const ds = decisionScopeOf(scope);
    const party = await decidingParty(trx, ds, changeOrder.request_from_parent);
    if (party.self) throw conflict('This project has no client to send the change order to', 'NO_CLIENT');
    const contact = await changeOrderContact(trx, ds, party, changeOrder);
    if (!contact) throw noContact();
    await mailToContact(services, trx, scope, actor, changeOrder.id, contact, true);
    const now = await snapshotOf(trx, scope.budget.id, changeOrder.id);
    await auditChangeOrder(trx, scope, changeOrder.id, 'sent again', now, now, { mailedTo: contact.email });
    return loadChangeOrder(services, trx, scope, changeOrder.id);
  });
}

/** PATCH …/contact: the client contact it is mailed to, until it is accepted (a sent one then goes out again with Resend). */
export async function setChangeOrderContact(services: Services, actor: Actor, params: ChangeOrderParams, body: ClientContactInput) {
  return services.db.transaction().execute(async (trx) => {
    const { scope, changeOrder } = await managedChangeOrder(trx, actor, params);
    if (changeOrder.status === 'accepted') throw conflict('An accepted change order goes to nobody any more', 'ILLEGAL_TRANSITION');
    const party = await decidingParty(trx, decisionScopeOf(scope), changeOrder.request_from_parent);
    if (party.self) throw conflict('This project has no client to send the change order to', 'NO_CLIENT');
    const result = await trx
      .updateTable('change_orders')
      .set({ contact_email: body.contactEmail, contact_name: body.contactName, updated_at: nowIso() })
      .where('id', '=', changeOrder.id)
      .where('status', '=', changeOrder.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('The change order changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
    await recordAudit(trx, { userId: actor.user.id, companyId: scope.access.companyId }, {
      entityType: 'change_order',
      entityId: changeOrder.id,
      action: 'contact changed',
      before: { contactEmail: changeOrder.contact_email, contactName: changeOrder.contact_name },
      after: { contactEmail: body.contactEmail, contactName: body.contactName },
      companyId: scope.budget.company_id,
    });
    return loadChangeOrder(services, trx, scope, changeOrder.id);
  });
}
