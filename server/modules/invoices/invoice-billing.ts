import { INVOICE_BILLING_MESSAGES } from '../../../resources/invoice.js';
import { lineAmountCents } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import { projectAccess, type ProjectRow } from '../projects/project-access.js';

/**
 * Who bills whom, and which production items an invoice bills. The issuer is the acting company: the
 * project's owner (billing its client, or the parent project's owner) or a subcontractor on it
 * (billing the owner). Lines snapshot the produced (or a smaller) quantity and the budget item's
 * price; the partial unique index invoice_lines_billed_uq keeps an item on one active line per issuer.
 */

export interface IssuerStanding {
  project: ProjectRow;
  companyId: number;
  userId: number;
  role: 'owner' | 'subcontractor';
}

/** Largest invoice amount, in cents: every amount is read back as an exact JavaScript number. */
export const MAX_INVOICE_CENTS = BigInt(Number.MAX_SAFE_INTEGER);
export const TOO_LARGE = 'The invoice amount is more than 90,071,992,547,409.91';

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** The acting company's standing to bill the project: 404 when unrelated, 403 for its client. */
export async function issuerStanding(db: Executor, actor: Actor, projectId: number): Promise<IssuerStanding> {
  const access = await projectAccess(db, actor, projectId, 'view');
  if (access.relation !== 'owner' && access.relation !== 'subcontractor') throw forbidden("Only the project's owner or a subcontractor on it bills the project");
  return { project: access.project, companyId: access.companyId, userId: access.userId, role: access.relation };
}

/** The companies the issuer may bill (the first is the default), and the client's name when it is not on the platform. */
async function billable(db: Executor, s: IssuerStanding): Promise<{ ids: number[]; name: string | null }> {
  if (s.role === 'subcontractor') return { ids: [s.project.company_id], name: null };
  const ids: number[] = [];
  if (s.project.client_id !== null) ids.push(s.project.client_id);
  if (s.project.parent_id !== null) {
    const parent = await db.selectFrom('projects').select('company_id').where('id', '=', s.project.parent_id).executeTakeFirst();
    if (parent && parent.company_id !== s.companyId) ids.push(parent.company_id);
  }
  return { ids, name: s.project.client_name };
}

/** The billed party: clientId when the issuer may bill it, else the default; its name is kept on the invoice. */
export async function billedParty(db: Executor, s: IssuerStanding, clientId: number | null): Promise<{ clientId: number | null; clientName: string }> {
  const { ids, name } = await billable(db, s);
  const chosen = clientId ?? ids[0] ?? null;
  if (clientId !== null && !ids.includes(clientId)) throw fieldError('clientId', 'Choose the client of this project');
  if (chosen === null) {
    if (!name) throw fieldError('clientId', 'This project has no client to bill');
    return { clientId: null, clientName: name };
  }
  const company = await db.selectFrom('companies').select('name').where('id', '=', chosen).executeTakeFirstOrThrow();
  return { clientId: chosen, clientName: company.name };
}

export interface NewLine {
  productionId: number;
  productionItemId: number;
  budgetItemId: number;
  quantityE3: bigint;
  priceCents: bigint;
  amountCents: bigint;
}

type BodyProductions = Array<{ id: number; items: Array<{ id: number; quantity?: bigint }> }>;

/** Lists cut to what one statement takes on both databases (bound parameters). */
function chunks<T>(list: T[], size = 900): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Approved productions of the project the issuer bills: all of them for the owner, its own for a subcontractor. */
const billableProduction = (s: IssuerStanding, p: { project_id: number; status: string; company_id: number }) =>
  p.project_id === s.project.id && p.status === 'approved' && (s.role === 'owner' || p.company_id === s.companyId);

/**
 * The lines of the productions a body names, checked: each production approved and billable by the
 * issuer, each item of that production and listed once, each quantity at most the produced one;
 * and none already on an active line of another of the issuer's invoices (409). 400 names the field.
 */
export async function resolveLines(db: Executor, s: IssuerStanding, productions: BodyProductions, invoiceId: number | null): Promise<{ lines: NewLine[]; subtotal: bigint }> {
  const productionIds = [...new Set(productions.map((p) => p.id))];
  const found = new Map<number, { project_id: number; status: string; company_id: number }>();
  for (const ids of chunks(productionIds)) {
    const rows = await db.selectFrom('productions').select(['id', 'project_id', 'status', 'company_id']).where('id', 'in', ids).execute();
    for (const r of rows) found.set(r.id, r);
  }
  const itemIds = productions.flatMap((p) => p.items.map((i) => i.id));
  const items = new Map<number, { production_id: number; budget_item_id: number; quantity_e3: number; price_cents: number }>();
  for (const ids of chunks([...new Set(itemIds)])) {
    const rows = await db
      .selectFrom('production_items as pi')
      .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
      .select(['pi.id', 'pi.production_id', 'pi.budget_item_id', 'pi.quantity_e3', 'bi.price_cents'])
      .where('pi.id', 'in', ids)
      .execute();
    for (const r of rows) items.set(r.id, r);
  }
  const seen = new Set<number>();
  const lines: NewLine[] = [];
  let subtotal = 0n;
  productions.forEach((p, i) => {
    const production = found.get(p.id);
    if (!production || !billableProduction(s, production)) throw fieldError(`productions.${i}.id`, INVOICE_BILLING_MESSAGES.production);
    p.items.forEach((asked, j) => {
      const item = items.get(asked.id);
      if (!item || item.production_id !== p.id) throw fieldError(`productions.${i}.items.${j}.id`, INVOICE_BILLING_MESSAGES.item);
      if (seen.has(asked.id)) throw fieldError(`productions.${i}.items.${j}.id`, 'Each item is billed once on an invoice');
      seen.add(asked.id);
      const produced = BigInt(item.quantity_e3);
      const quantityE3 = asked.quantity ?? produced;
      if (quantityE3 > produced) throw fieldError(`productions.${i}.items.${j}.quantity`, INVOICE_BILLING_MESSAGES.quantity);
      const priceCents = BigInt(item.price_cents);
      const amountCents = lineAmountCents(quantityE3, priceCents);
      subtotal += amountCents;
      lines.push({ productionId: p.id, productionItemId: asked.id, budgetItemId: item.budget_item_id, quantityE3, priceCents, amountCents });
    });
  });
  if (subtotal > MAX_INVOICE_CENTS) throw fieldError('productions', TOO_LARGE);
  for (const ids of chunks([...seen])) {
    let billed = db
      .selectFrom('invoice_lines')
      .select('production_item_id')
      .where('company_id', '=', s.companyId)
      .where('active', '=', 1)
      .where('production_item_id', 'in', ids);
    if (invoiceId !== null) billed = billed.where('invoice_id', '!=', invoiceId);
    if (await billed.executeTakeFirst()) throw alreadyBilled();
  }
  return { lines, subtotal };
}

export const alreadyBilled = () => conflict(INVOICE_BILLING_MESSAGES.billed, 'ALREADY_BILLED');

/** Writes an invoice's lines, in chunks both databases take in one statement. */
export async function insertLines(db: Executor, invoiceId: number, companyId: number, lines: NewLine[], now: string) {
  for (const part of chunks(lines, 450)) {
    await db
      .insertInto('invoice_lines')
      .values(
        part.map((l) => ({
          invoice_id: invoiceId,
          company_id: companyId,
          production_id: l.productionId,
          production_item_id: l.productionItemId,
          budget_item_id: l.budgetItemId,
          quantity_e3: Number(l.quantityE3),
          price_cents: Number(l.priceCents),
          amount_cents: Number(l.amountCents),
          active: 1,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Runs a write that adds invoice lines: the check in the transaction catches what is already billed,
 * and the unique index what a concurrent request billed meanwhile (its violation aborts the
 * transaction; it is answered as the same 409).
 */
export async function billingWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err) && /invoice_lines/.test(String((err as { constraint?: string }).constraint ?? (err as Error).message))) throw alreadyBilled();
    throw err;
  }
}
