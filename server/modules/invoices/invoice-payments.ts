import { queueInvoiceWebhook } from './invoice-webhooks.js';
import { INVOICE_BILLING_MESSAGES, type InvoiceStatus, type PaymentMethod } from '../../../resources/invoice.js';
import { centsToMoney, formatMoney } from '../../../resources/money.js';
import type { Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { auditInvoice } from './invoice-audit.js';
import { notifyInvoice } from './invoice-notify.js';
import { isIssuer, payableInvoice, type InvoiceScope } from './invoice-scope.js';
import { assertMove, moveInvoice } from './invoice-state.js';
import { amounts, loadInvoice } from './invoice-view.js';
import { todayIn } from './invoice-numbering.js';

const amountError = (message: string) => badRequest(`amount: ${message}`, [{ field: 'amount', message }]);

/** The status the amounts give an approved invoice: all of the due paid is paid, nothing paid is unpaid. */
export const statusFor = (paid: bigint, due: bigint): InvoiceStatus => (paid >= due ? 'paid' : paid === 0n ? 'unpaid' : 'partially_paid');

interface Entry {
  amount?: bigint;
  paidOn: string | null;
  method: PaymentMethod | null;
  reference: string | null;
  note: string | null;
}

/**
 * Records a payment (or a retainage release) on the invoice read in the scope and moves it to the
 * status its amounts give, in the caller's transaction. The move is conditional on the paid and
 * released amounts read, so two concurrent payments never both pass against the same balance.
 */
async function record(services: Services, trx: Trx, scope: InvoiceScope, kind: 'payment' | 'retainage_release', amount: bigint, entry: Entry) {
  const row = scope.invoice;
  const a = amounts(row);
  const paid = kind === 'payment' ? a.paid + amount : a.paid;
  const released = kind === 'retainage_release' ? a.released + amount : a.released;
  const to = statusFor(paid, a.subtotal - a.retainage + released);
  const now = nowIso();
  if (amount > 0n) {
    await trx
      .insertInto('invoice_transactions')
      .values({
        invoice_id: row.id,
        kind,
        amount_cents: Number(amount),
        paid_on: entry.paidOn ?? todayIn('UTC'),
        method: entry.method,
        company_id: scope.companyId,
        reference: entry.reference,
        note: entry.note,
        created_by: scope.userId,
        created_at: now,
      })
      .execute();
  }
  await moveInvoice(trx, row, kind === 'payment' ? 'pay' : 'release', { paid_cents: Number(paid), released_cents: Number(released), paid_at: to === 'paid' ? now : null }, to);
  const company = await trx.selectFrom('companies').select('name').where('id', '=', scope.companyId).executeTakeFirstOrThrow();
  const action =
    kind === 'retainage_release' ? 'retainage released' : `payment of ${formatMoney(centsToMoney(amount))} recorded by ${company.name}${to === 'paid' ? ': paid in full' : ''}`;
  const after = await auditInvoice(trx, { userId: scope.userId, companyId: scope.companyId }, action, row, row.id);
  if (scope.side === 'billed') await notifyInvoice(services, trx, after, scope.userId, after.company_id, 'pay', action);
  if (to === 'paid' && row.status !== 'paid') await queueInvoiceWebhook(services, trx, 'invoice.paid', row.id);
}

/**
 * POST /invoices/{id}/paid/{paid|partially_paid}: the paid dialog, of the issuer recording what it
 * received or of the billed company marking it paid from its side. 'paid' pays the balance (the
 * amount, when sent, must be the balance); 'partially_paid' needs an amount below it.
 */
export async function markPaid(services: Services, actor: Actor, id: number, status: 'paid' | 'partially_paid', body: Entry) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await payableInvoice(trx, actor, id);
    assertMove(scope.invoice.status, 'pay');
    const { balance } = amounts(scope.invoice);
    const amount = body.amount ?? (status === 'paid' ? balance : undefined);
    if (amount === undefined) throw amountError(INVOICE_BILLING_MESSAGES.amount);
    if (amount > balance) throw amountError(INVOICE_BILLING_MESSAGES.overpaid);
    if (status === 'paid' && amount < balance) throw amountError(INVOICE_BILLING_MESSAGES.notFull);
    if (status === 'partially_paid' && amount === balance) throw amountError(INVOICE_BILLING_MESSAGES.full);
    await record(services, trx, scope, 'payment', amount, body);
    return loadInvoice(services, trx, scope, id);
  });
}

/**
 * POST /invoices/{id}/transaction: a payment (at most the balance; either side) or a retainage
 * release (at most the retainage still held, which becomes due; the issuer only); the status
 * follows the amounts.
 */
export async function addTransaction(services: Services, actor: Actor, id: number, body: Entry & { kind: 'payment' | 'retainage_release'; amount: bigint }) {
  return services.db.transaction().execute(async (trx) => {
    const scope = await payableInvoice(trx, actor, id);
    const a = amounts(scope.invoice);
    if (body.kind === 'payment') {
      assertMove(scope.invoice.status, 'pay');
      if (body.amount > a.balance) throw amountError(INVOICE_BILLING_MESSAGES.overpaid);
    } else {
      if (!isIssuer(scope)) throw forbidden('Only the company that issued this invoice releases its retainage');
      assertMove(scope.invoice.status, 'release');
      if (body.amount > a.retainage - a.released) throw amountError(INVOICE_BILLING_MESSAGES.release);
    }
    await record(services, trx, scope, body.kind, body.amount, body);
    return loadInvoice(services, trx, scope, id);
  });
}
