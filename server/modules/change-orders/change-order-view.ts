import type { ChangeOrder, ChangeOrderStatus } from '../../../resources/budget.js';
import { centsToMoney } from '../../../resources/money.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { documentDecisions } from '../../lib/document-decisions.js';
import { lastDocumentLink } from '../../lib/document-links.js';
import type { Services } from '../../services.js';
import { changeOrderContact, changeOrderMoves, changeOrderTurn, decidingParty, type DecidingParty } from './change-order-party.js';
import type { ProjectRow } from '../projects/project-access.js';
import { mayDecide, type BudgetScope } from './change-order-scope.js';

/** Change orders with their item's name, as the list and every answer read them (alias co). */
export const changeOrderRows = (db: Executor) =>
  db
    .selectFrom('change_orders as co')
    .innerJoin('budget_items as bi', 'bi.id', 'co.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .select([
      'co.id',
      'co.number',
      'co.budget_id',
      'co.budget_item_id',
      'co.status',
      'co.quantity',
      'co.price_cents',
      'co.report_weight',
      'co.description',
      'co.request_from_parent',
      'co.message',
      'co.previous_quantity',
      'co.previous_price_cents',
      'co.sent_at',
      'co.decided_at',
      'co.contact_email',
      'co.contact_name',
      'co.created_at',
      'co.updated_at',
      'i.name as item_name',
    ]);

export type ViewRow = Awaited<ReturnType<ReturnType<typeof changeOrderRows>['executeTakeFirstOrThrow']>>;

/** quantity × unit price in cents, exactly (the product can pass 2^53, so never as a float). */
export const amountCents = (quantity: number | bigint, priceCents: number | bigint) => BigInt(quantity) * BigInt(priceCents);

/** The change order's own fields, the same for every caller. */
export function changeOrderBase(row: ViewRow): ChangeOrderBase {
  return {
    id: row.id,
    number: row.number,
    budgetId: row.budget_id,
    budgetItemId: row.budget_item_id,
    itemName: row.item_name,
    status: row.status as ChangeOrderStatus,
    quantity: Number(row.quantity),
    price: centsToMoney(row.price_cents),
    amount: centsToMoney(amountCents(row.quantity, row.price_cents)),
    reportWeight: !!row.report_weight,
    description: row.description,
    requestFromParent: !!row.request_from_parent,
    message: row.message,
    previousQuantity: row.previous_quantity === null ? null : Number(row.previous_quantity),
    previousPrice: row.previous_price_cents === null ? null : centsToMoney(row.previous_price_cents),
    sentAt: row.sent_at,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type ChangeOrderBase = Omit<ChangeOrder, 'canDecide' | 'contact' | 'contactRequired' | 'turn' | 'decisions' | 'moves'>;

/** Who looks: a signed-in caller's budget scope, or the project alone, for nobody who may act (a webhook's payload). */
type Viewer = Pick<BudgetScope, 'access' | 'parentOwnerId'> | { project: ProjectRow; parentOwnerId: number | null };
const signedIn = (v: Viewer): v is Pick<BudgetScope, 'access' | 'parentOwnerId'> => 'access' in v;

/**
 * The answers for rows of one budget, as the viewer sees them: canDecide only while it waits for a
 * decision the viewer's company may give; the contact, whose move it is, the decisions and the
 * viewer's moves (none, and no decision, for the project alone). The deciding party is read once per
 * way of asking (the client, or the parent).
 */
export async function changeOrderViews(services: Services, db: Executor, scope: Viewer, rows: ViewRow[]): Promise<ChangeOrder[]> {
  const project = signedIn(scope) ? scope.access.project : scope.project;
  const ps = { project, parentOwnerId: scope.parentOwnerId };
  const parties = new Map<boolean, Promise<DecidingParty>>();
  const partyOf = (fromParent: boolean) => {
    if (!parties.has(fromParent)) parties.set(fromParent, decidingParty(db, ps, fromParent));
    return parties.get(fromParent)!;
  };
  // The default contact is the same for every change order asked the same way: read once per way.
  const defaults = new Map<boolean, ReturnType<typeof changeOrderContact>>();
  const contactOf = (fromParent: boolean, party: DecidingParty, row: ViewRow) => {
    if (row.contact_email) return changeOrderContact(db, ps, party, row);
    if (!defaults.has(fromParent)) defaults.set(fromParent, changeOrderContact(db, ps, party, row));
    return defaults.get(fromParent)!;
  };
  const issuer = await db.selectFrom('companies').select('name').where('id', '=', project.company_id).executeTakeFirstOrThrow();
  return Promise.all(
    rows.map(async (row) => {
      const base = changeOrderBase(row);
      const party = await partyOf(base.requestFromParent);
      const [contact, decisions, link] = await Promise.all([
        contactOf(base.requestFromParent, party, row),
        documentDecisions(services, db, 'change_order', row.id),
        base.status === 'sent' ? lastDocumentLink(db, 'change_order', row.id) : undefined,
      ]);
      const sentLink = link && row.sent_at && link.created_at >= row.sent_at ? link : undefined;
      return {
        ...base,
        canDecide: signedIn(scope) && base.status === 'sent' && mayDecide(scope, row.request_from_parent),
        contact,
        contactRequired: party.contactRequired,
        turn: changeOrderTurn(base.status, party, issuer.name, { sentAt: row.sent_at, link: sentLink }),
        decisions,
        moves: signedIn(scope) ? changeOrderMoves(base.status, scope, row.request_from_parent, party, !!contact) : [],
      };
    }),
  );
}

export async function loadChangeOrder(services: Services, db: Executor, scope: BudgetScope, id: number): Promise<ChangeOrder> {
  const row = await changeOrderRows(db).where('co.id', '=', id).where('co.budget_id', '=', scope.budget.id).executeTakeFirst();
  if (!row) throw notFound('Change order');
  return (await changeOrderViews(services, db, scope, [row]))[0]!;
}

/** What the audit trail keeps of a change order: readable values, money as decimal text. */
export const changeOrderSnapshot = (co: ChangeOrderBase) => ({
  number: co.number,
  item: co.itemName,
  status: co.status,
  quantity: co.quantity,
  price: co.price,
  reportWeight: co.reportWeight,
  description: co.description,
  requestFromParent: co.requestFromParent,
  message: co.message,
});

/** A change order of the budget as its trail keeps it, read in the caller's transaction. */
export async function snapshotOf(db: Executor, budgetId: number, id: number): Promise<ChangeOrderBase> {
  const row = await changeOrderRows(db).where('co.id', '=', id).where('co.budget_id', '=', budgetId).executeTakeFirst();
  if (!row) throw notFound('Change order');
  return changeOrderBase(row);
}
