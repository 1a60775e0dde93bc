import { holds } from '../../../permissions/index.js';
import type { Executor } from '../../db/index.js';
import type { InvoicesTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { firstEventAt } from '../../lib/entity-activity.js';
import { noteProject } from '../../realtime/live-events.js';

export type InvoiceRow = Omit<InvoicesTable, 'id'> & { id: number };

/** The acting company's view of one invoice: the side it is on and what the acting person may do. */
export interface InvoiceScope {
  invoice: InvoiceRow;
  companyId: number;
  userId: number;
  /** 'issuer': the company that bills; 'billed': the company billed, once the invoice was sent. */
  side: 'issuer' | 'billed';
  canManage: boolean;
}

/**
 * The company that approves or rejects a sent invoice signed in: the billed company, when it is on
 * the platform. Otherwise the client decides through the e-mailed link, or the issuer records the
 * decision it received; the issuer never approves its own invoice as if it were the client.
 */
export const deciderOf = (invoice: Pick<InvoiceRow, 'client_id'>) => invoice.client_id;

export const mayDecide = (scope: InvoiceScope) => scope.canManage && scope.side === 'billed' && scope.companyId === deciderOf(scope.invoice);
export const isIssuer = (scope: InvoiceScope) => scope.canManage && scope.side === 'issuer';
/** Payments: the issuer records what it receives; the billed company may mark it paid from its side. */
export const mayPay = (scope: InvoiceScope) => scope.canManage;

/**
 * An invoice as the acting company may see it: those it issued (any status), and those billed to it
 * once sent (never a draft, nor one cancelled before it was ever sent). Anything else is the same 404
 * as an invoice that does not exist. Every invoice call starts here, in its guard and again in its
 * transaction.
 */
export async function invoiceScope(db: Executor, actor: Actor, id: number): Promise<InvoiceScope> {
  const companyId = actor.membership?.companyId;
  if (!companyId) throw notFound('Invoice');
  const invoice = (await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb.and([eb('client_id', '=', companyId), eb('sent_at', 'is not', null)])]))
    .executeTakeFirst()) as InvoiceRow | undefined;
  if (!invoice) throw notFound('Invoice');
  noteProject(invoice.project_id);
  return { invoice, companyId, userId: actor.user.id, side: invoice.company_id === companyId ? 'issuer' : 'billed', canManage: holds(actor.profile, 'invoices:manage') };
}

/**
 * Where the acting side's view of the invoice's activity starts: the billed company reads it from the
 * first sending on (what happened to the draft before is the issuer's own); the issuer reads it whole.
 */
export async function activitySince(db: Executor, scope: InvoiceScope): Promise<string | undefined> {
  if (scope.side !== 'billed') return undefined;
  return String((await firstEventAt(db, 'invoice', scope.invoice.id, 'sent')) ?? scope.invoice.sent_at);
}

/** The issuer's calls (edit, send, approve as a single part, payments, cancel): 403 for the billed company. */
export async function issuedInvoice(db: Executor, actor: Actor, id: number): Promise<InvoiceScope> {
  const scope = await invoiceScope(db, actor, id);
  if (!isIssuer(scope)) throw forbidden('Only the company that issued this invoice may do this');
  return scope;
}

/** Approve and reject signed in: the billed company; the issuer records the client's decision instead (POST …/decision). */
export async function decidableInvoice(db: Executor, actor: Actor, id: number): Promise<InvoiceScope> {
  const scope = await invoiceScope(db, actor, id);
  if (!mayDecide(scope)) {
    throw forbidden(scope.side === 'issuer' ? "Record the client's decision instead: only the company billed approves or rejects its invoice" : 'Only the company billed may approve or reject this invoice');
  }
  return scope;
}

/** Payments (…/paid, …/transaction): either side with invoices:manage; retainage is released by the issuer only (the service checks). */
export async function payableInvoice(db: Executor, actor: Actor, id: number): Promise<InvoiceScope> {
  const scope = await invoiceScope(db, actor, id);
  if (!mayPay(scope)) throw forbidden();
  return scope;
}

/** The acting company named by the path (create, report): 404 for any other. */
export function actingCompany(actor: Actor, companyId: number): number {
  if (actor.membership?.companyId !== companyId) throw notFound('Company');
  return companyId;
}
