import type { FastifyReply } from 'fastify';
import { DECISION_CHANNELS, DOCUMENT_DECISIONS } from '../../../resources/client-decision.js';
import type { ChangeOrderStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { documentHeaderOf } from '../../lib/document-header.js';
import { documentDecisions } from '../../lib/document-decisions.js';
import type { Services } from '../../services.js';
import { bothTimes } from '../budget-reviews/signed-pdf.js';
import { changeOrderContact, decidingParty } from './change-order-party.js';
import { changeOrderPdf } from './change-order-pdf.js';
import type { DecisionScope } from './change-order-scope.js';

/** The project's own code, as a file name may hold it. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'change-order';

/** The change order with its item's catalog names and its values as they stand. */
export const changeOrderWithItem = (db: Executor, budgetId: number, changeOrderId: number) =>
  db
    .selectFrom('change_orders as co')
    .innerJoin('budget_items as bi', 'bi.id', 'co.budget_item_id')
    .innerJoin('items as i', 'i.id', 'bi.item_id')
    .selectAll('co')
    .select(['i.name as item_name', 'i.code as item_code', 'i.unit as item_unit', 'bi.quantity as item_quantity', 'bi.price_cents as item_price_cents'])
    .where('co.id', '=', changeOrderId)
    .where('co.budget_id', '=', budgetId)
    .executeTakeFirst();

export type ChangeOrderWithItem = NonNullable<Awaited<ReturnType<typeof changeOrderWithItem>>>;

/** The item before the change order: as it stood when it was accepted, else as it stands. */
export const valuesBefore = (co: ChangeOrderWithItem) =>
  co.status === 'accepted' && co.previous_quantity !== null && co.previous_price_cents !== null
    ? { quantity: Number(co.previous_quantity), priceCents: BigInt(co.previous_price_cents) }
    : { quantity: Number(co.item_quantity), priceCents: BigInt(co.item_price_cents) };

/** The change order as a PDF, as either side prints it and as it is mailed: ChangeOrder_{projectCode}_{number}.pdf. */
export async function renderChangeOrder(services: Services, db: Executor, ds: Pick<DecisionScope, 'project' | 'budget' | 'parentOwnerId'>, changeOrderId: number) {
  const co = await changeOrderWithItem(db, ds.budget.id, changeOrderId);
  if (!co) throw notFound('Change order');
  const { project } = ds;
  const party = await decidingParty(db, ds, co.request_from_parent);
  const [header, contact, decisions] = await Promise.all([
    documentHeaderOf(services, db, project, `Change order #${co.number}`),
    changeOrderContact(db, ds, party, co),
    documentDecisions(services, db, 'change_order', co.id),
  ]);
  const last = co.status === 'accepted' || co.status === 'rejected' ? decisions[0] : undefined;
  const decision = last
    ? `${DOCUMENT_DECISIONS.change_order.find((d) => d.value === last.decision)?.label ?? last.decision} by ${last.decidedByName}${last.decidedByEmail ? ` <${last.decidedByEmail}>` : ''}, ${DECISION_CHANNELS.find((c) => c.value === last.channel)?.label.toLowerCase()}${last.recordedByName ? ` by ${last.recordedByName}` : ''}: ${bothTimes(last.decidedAt, project.timezone)}`
    : null;
  const bytes = await changeOrderPdf({
    header,
    timezone: project.timezone,
    number: co.number,
    status: co.status as ChangeOrderStatus,
    item: { name: co.item_name, code: co.item_code, unit: co.item_unit },
    before: valuesBefore(co),
    after: { quantity: Number(co.quantity), priceCents: BigInt(co.price_cents) },
    description: co.description,
    message: co.status === 'rejected' ? co.message : null,
    requestedOf: party.name,
    contact,
    createdAt: co.created_at,
    sentAt: co.sent_at,
    decidedAt: co.decided_at,
    decision,
    generatedAt: new Date().toISOString(),
  });
  return { bytes, filename: `ChangeOrder_${fileSafe(project.code)}_${co.number}.pdf` };
}

/** Answers a PDF as a download. */
export function sendPdf(reply: FastifyReply, pdf: { bytes: Uint8Array; filename: string }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('content-length', String(pdf.bytes.length))
    .send(Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.length));
}
