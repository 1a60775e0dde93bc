import { transitionOf, type PartnershipEvent, type PartnershipSide, type PartnershipStatus } from '../../../resources/partnership-lifecycle.js';
import type { PartnershipsTable } from '../../db/schema.js';
import type { Trx } from '../../db/index.js';
import { conflict, forbidden } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';

const STATE_MESSAGES: Record<PartnershipEvent, string> = {
  accept: 'Only a request waiting for an answer can be accepted',
  decline: 'Only a request waiting for an answer can be declined',
  end: 'This partnership has already ended or was declined',
};

const SIDE_MESSAGES: Record<PartnershipEvent, string> = {
  accept: 'Only the company that was asked can accept this request',
  decline: 'Only the company that was asked can decline this request',
  end: 'Only the company that asked can withdraw this request; decline it instead',
};

/** The status the event leads to: 409 when the current status does not allow it, 403 when this side may not cause it. */
export function nextStatus(status: PartnershipStatus, event: PartnershipEvent, side: PartnershipSide): PartnershipStatus {
  const transition = transitionOf(status, event);
  if (!transition) throw conflict(STATE_MESSAGES[event], 'ILLEGAL_TRANSITION');
  if (!transition.by.includes(side)) throw forbidden(SIDE_MESSAGES[event]);
  return transition.to;
}

type Columns = Partial<Pick<PartnershipsTable, 'partner_company_id' | 'client_id' | 'subcontractor_id' | 'contact_name' | 'contact_email' | 'decline_reason' | 'ended_at' | 'ended_by' | 'ended_by_company_id'>>;

/**
 * Every change of a partnership's status goes through here: checked against the lifecycle, and
 * written only if nobody changed the status meanwhile (a concurrent answer or end is then a 409).
 */
export async function changeStatus(trx: Trx, p: { id: number; status: PartnershipStatus }, event: PartnershipEvent, side: PartnershipSide, columns: Columns = {}) {
  const status = nextStatus(p.status, event, side);
  const result = await trx
    .updateTable('partnerships')
    .set({ ...columns, status, updated_at: nowIso() })
    .where('id', '=', p.id)
    .where('status', '=', p.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw conflict('This partnership changed meanwhile: reload it', 'ILLEGAL_TRANSITION');
  return status;
}
