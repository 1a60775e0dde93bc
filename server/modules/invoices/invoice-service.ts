import { queueInvoiceWebhook } from './invoice-webhooks.js';
import type { CreateInvoiceInput, UpdateInvoiceInput } from '../../../resources/invoice.js';
import { percentOf } from '../../../resources/money.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { auditInvoice } from './invoice-audit.js';
import { billedParty, billingWrite, insertLines, issuerStanding, resolveLines } from './invoice-billing.js';
import { sendingContact } from './invoice-contact.js';
import { notifyInvoice } from './invoice-notify.js';
import { addDays, takeInvoiceNumber, todayIn } from './invoice-numbering.js';
import { issuedInvoice, type InvoiceRow, type InvoiceScope } from './invoice-scope.js';
import { assertMove, moveInvoice, type InvoiceColumns } from './invoice-state.js';
import { mailInvoice } from './invoice-sending.js';
import { loadInvoice } from './invoice-view.js';

/** Retainage percent (thousandths) when the body leaves it out: the budget's when set, else the company's default (basis points). */
async function defaultRetainage(trx: Trx, projectId: number, settingsPercent: string) {
  const budget = await trx.selectFrom('budgets').select('retainage_e3').where('project_id', '=', projectId).orderBy('id').executeTakeFirst();
  if (budget && budget.retainage_e3 > 0) return budget.retainage_e3;
  const [whole, fraction = ''] = settingsPercent.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
}

/**
 * Sends the invoice read as `row` (draft or rejected) to the billed company, in the caller's
 * transaction: its contact, when known, is mailed the PDF and a link to decide it (required when
 * nobody there can sign in); its members, if any, are told and decide signed in.
 */
async function send(services: Services, trx: Trx, actor: { userId: number; companyId: number }, row: InvoiceRow) {
  const contact = await sendingContact(trx, row);
  await moveInvoice(trx, row, 'send', { sent_at: nowIso(), sent_by: actor.userId, reject_reason: null, contact_email: contact?.email ?? null, contact_name: contact?.name ?? null });
  const after = await auditInvoice(trx, actor, 'sent', row, row.id);
  if (contact) await mailInvoice(services, trx, actor, after, contact);
  await notifyInvoice(services, trx, after, actor.userId, after.client_id, 'send');
  // After the mailed link exists: the payload is the invoice as it is once sent.
  await queueInvoiceWebhook(services, trx, 'invoice.sent', row.id);
}

/**
 * POST /invoices/{companyId}: an invoice of the acting company for a project it bills, from approved
 * production; numbered from its invoice settings, due after their payment terms, holding the
 * budget's (or the settings') retainage unless the body says otherwise; sent at once with status
 * 'submit'. All in one transaction.
 */
export async function createInvoice(services: Services, actor: Actor, body: CreateInvoiceInput) {
  return billingWrite(() =>
    services.db.transaction().execute(async (trx) => {
      const standing = await issuerStanding(trx, actor, body.projectId);
      const billed = await billedParty(trx, standing, body.clientId);
      const { lines, subtotal } = await resolveLines(trx, standing, body.productions, null);
      const { number, settings } = await takeInvoiceNumber(services, trx, standing.companyId);
      const retainageE3 = body.retainage ?? (await defaultRetainage(trx, standing.project.id, settings.defaultRetainagePercent));
      const now = nowIso();
      const { id } = await trx
        .insertInto('invoices')
        .values({
          company_id: standing.companyId,
          project_id: standing.project.id,
          client_id: billed.clientId,
          client_name: billed.clientName,
          number,
          status: 'draft',
          due_date: body.dueDate ?? addDays(todayIn(standing.project.timezone), settings.paymentTermsDays),
          week_ending_date: body.weekEndingDate,
          retainage_e3: retainageE3,
          notes: body.notes,
          contact_email: body.contactEmail,
          contact_name: body.contactEmail ? body.contactName : null,
          subtotal_cents: Number(subtotal),
          retainage_cents: Number(percentOf(subtotal, retainageE3)),
          released_cents: 0,
          paid_cents: 0,
          single_part: 0,
          created_by: standing.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertLines(trx, id, standing.companyId, lines, now);
      const who = { userId: standing.userId, companyId: standing.companyId };
      const created = await auditInvoice(trx, who, 'created', null, id);
      if (body.status === 'submit') await send(services, trx, who, created);
      return loadInvoice(services, trx, { companyId: standing.companyId, side: 'issuer', canManage: true }, id);
    }),
  );
}

const scopeActor = (scope: InvoiceScope) => ({ userId: scope.userId, companyId: scope.companyId });

/** PATCH /invoices/{id}: a draft or rejected invoice; productions, when sent, replace its lines. */
export async function updateInvoice(services: Services, actor: Actor, id: number, body: UpdateInvoiceInput) {
  return billingWrite(() =>
    services.db.transaction().execute(async (trx) => {
      const scope = await issuedInvoice(trx, actor, id);
      const row = scope.invoice;
      assertMove(row.status, 'edit');
      const set: InvoiceColumns = {};
      if (body.dueDate !== undefined) set.due_date = body.dueDate;
      if (body.weekEndingDate !== undefined) set.week_ending_date = body.weekEndingDate;
      if (body.notes !== undefined) set.notes = body.notes;
      if (body.retainage !== undefined) set.retainage_e3 = body.retainage;
      let subtotal = BigInt(row.subtotal_cents);
      const linesBefore = Number((await trx.selectFrom('invoice_lines').select((eb) => eb.fn.countAll().as('n')).where('invoice_id', '=', id).executeTakeFirst())?.n ?? 0);
      if (body.productions) {
        const standing = await issuerStanding(trx, actor, row.project_id);
        const resolved = await resolveLines(trx, standing, body.productions, id);
        await trx.deleteFrom('invoice_lines').where('invoice_id', '=', id).execute();
        await insertLines(trx, id, row.company_id, resolved.lines, nowIso());
        subtotal = resolved.subtotal;
        set.subtotal_cents = Number(subtotal);
      }
      if (!Object.keys(set).length) return loadInvoice(services, trx, scope, id);
      set.retainage_cents = Number(percentOf(subtotal, set.retainage_e3 ?? row.retainage_e3));
      await moveInvoice(trx, row, 'edit', set);
      await auditInvoice(trx, scopeActor(scope), 'updated', row, id, linesBefore);
      return loadInvoice(services, trx, scope, id);
    }),
  );
}

/** PATCH /invoices/{id}/send: a draft or rejected invoice goes to the billed company. */
export async function sendInvoice(services: Services, actor: Actor, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await issuedInvoice(trx, actor, id);
    await send(services, trx, scopeActor(scope), scope.invoice);
    return loadInvoice(services, trx, scope, id);
  });
}

