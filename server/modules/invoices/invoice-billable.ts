import { BILLABLE_PAGE, type BillableProduction } from '../../../resources/invoice.js';
import { centsToMoney, e3ToQuantity, lineAmountCents } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { issuerStanding, type IssuerStanding } from './invoice-billing.js';
import type { BillableQuery } from './invoice-params.js';

type Heading = Omit<BillableProduction, 'items'>;

/** Productions of the project the issuer bills: approved, and its own for a subcontractor. */
function billableBase(db: Executor, s: IssuerStanding) {
  let query = db
    .selectFrom('productions as p')
    .innerJoin('crews as c', 'c.id', 'p.crew_id')
    .innerJoin('companies as co', 'co.id', 'p.company_id')
    .select(['p.id', 'p.date', 'c.name as crewName', 'co.name as companyName'])
    .where('p.project_id', '=', s.project.id)
    .where('p.status', '=', 'approved');
  if (s.role === 'subcontractor') query = query.where('p.company_id', '=', s.companyId);
  return query;
}

/** The productions with an item on invoiceId, newest first: bounded by the invoice's own lines. */
function onInvoice(db: Executor, s: IssuerStanding, invoiceId: number): Promise<Heading[]> {
  return billableBase(db, s)
    .where('p.id', 'in', (eb) => eb.selectFrom('invoice_lines as l').select('l.production_id').where('l.invoice_id', '=', invoiceId).where('l.active', '=', 1))
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/**
 * Productions with an item on no active line of the issuer's invoices, newest first, in the range:
 * read from productions_project_status_idx in (date, id) order, each probed through
 * production_items_production_idx and the partial unique index of invoice lines, so a page stops
 * after its rows.
 */
function unbilled(db: Executor, s: IssuerStanding, q: BillableQuery, offset: number, limit: number): Promise<Heading[]> {
  let query = billableBase(db, s).where((eb) =>
    eb.exists(
      eb
        .selectFrom('production_items as pi')
        .select('pi.id')
        .whereRef('pi.production_id', '=', 'p.id')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('invoice_lines as l')
                .select('l.id')
                .where('l.company_id', '=', s.companyId)
                .where('l.active', '=', 1)
                .whereRef('l.production_item_id', '=', 'pi.id'),
            ),
          ),
        ),
    ),
  );
  if (q.date_gte) query = query.where('p.date', '>=', q.date_gte);
  if (q.date_lte) query = query.where('p.date', '<=', q.date_lte);
  if (q.invoiceId !== undefined) {
    const invoiceId = q.invoiceId;
    // Listed first already.
    query = query.where('p.id', 'not in', (eb) => eb.selectFrom('invoice_lines as l').select('l.production_id').where('l.invoice_id', '=', invoiceId).where('l.active', '=', 1));
  }
  return query.orderBy('p.date', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
}

/** The items of the page's productions still to bill, plus those on invoiceId, at the budget item's current price. */
async function itemsOf(db: Executor, s: IssuerStanding, productionIds: number[], invoiceId: number | undefined) {
  let query = db
    .selectFrom('production_items as pi')
    .innerJoin('budget_items as bi', 'bi.id', 'pi.budget_item_id')
    .innerJoin('items as it', 'it.id', 'bi.item_id')
    .leftJoin('invoice_lines as l', (join) => join.onRef('l.production_item_id', '=', 'pi.id').on('l.company_id', '=', s.companyId).on('l.active', '=', 1))
    .select(['pi.id', 'pi.production_id', 'pi.budget_item_id', 'it.name', 'it.code', 'it.unit', 'pi.quantity_e3', 'bi.price_cents', 'l.invoice_id'])
    .where('pi.production_id', 'in', productionIds);
  query = invoiceId === undefined ? query.where('l.id', 'is', null) : query.where((eb) => eb.or([eb('l.id', 'is', null), eb('l.invoice_id', '=', invoiceId)]));
  return query.orderBy('pi.production_id').orderBy('pi.id').execute();
}

/**
 * GET /billable-productions/{projectId}: one page of the approved productions the acting company may
 * bill on the project (the owner all of them, a subcontractor its own), newest first, each with its
 * items not on an active line of its invoices. With invoiceId (one of its own, being edited) the
 * productions on that invoice come first, whatever the range, their items on it flagged. The page
 * reads one row past its end to tell whether more follow (`hasMore`): a count of every billable
 * production would read the project's whole history.
 */
export async function billableProductions(services: Services, actor: Actor, projectId: number, q: BillableQuery): Promise<{ rows: BillableProduction[]; hasMore: boolean }> {
  const db = services.db;
  const standing = await issuerStanding(db, actor, projectId);
  const invoiceId = q.invoiceId;
  if (invoiceId !== undefined) {
    const own = await db.selectFrom('invoices').select('id').where('id', '=', invoiceId).where('company_id', '=', standing.companyId).where('project_id', '=', projectId).executeTakeFirst();
    if (!own) throw notFound('Invoice');
  }
  const start = q._start ?? 0;
  const limit = Math.min((q._end ?? start + BILLABLE_PAGE.default) - start, BILLABLE_PAGE.max);
  const first = invoiceId === undefined ? [] : await onInvoice(db, standing, invoiceId);
  const fromFirst = first.slice(start, start + limit);
  const rest = limit - fromFirst.length;
  const others = await unbilled(db, standing, q, Math.max(0, start - first.length), rest + 1);
  const headings = [...fromFirst, ...others.slice(0, rest)];
  const hasMore = start + limit < first.length || others.length > rest;
  if (!headings.length) return { rows: [], hasMore };

  const byId = new Map<number, BillableProduction>(headings.map((h) => [h.id, { ...h, items: [] }]));
  for (const r of await itemsOf(db, standing, [...byId.keys()], invoiceId)) {
    const price = BigInt(r.price_cents);
    byId.get(r.production_id)!.items.push({
      id: r.id,
      budgetItemId: r.budget_item_id,
      itemName: r.name,
      itemCode: r.code,
      unit: r.unit,
      quantity: e3ToQuantity(r.quantity_e3),
      price: centsToMoney(price),
      amount: centsToMoney(lineAmountCents(BigInt(r.quantity_e3), price)),
      onThisInvoice: invoiceId !== undefined && r.invoice_id === invoiceId,
    });
  }
  return { rows: [...byId.values()], hasMore };
}
