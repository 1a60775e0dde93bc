import { CHANGE_ORDER_STATUSES, CHANGE_ORDER_TRANSITIONS, type ChangeOrderEvent, type ChangeOrderStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { ChangeOrdersTable } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';

const EVENT_WORDS: Record<ChangeOrderEvent, string> = {
  edit: 'edited',
  send: 'sent',
  accept: 'accepted',
  reject: 'sent back',
  delete: 'deleted',
};

const label = (status: string) => CHANGE_ORDER_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status;

export type ChangeOrderColumns = Partial<Omit<ChangeOrdersTable, 'id' | 'budget_id' | 'budget_item_id' | 'company_id' | 'number' | 'status' | 'created_at' | 'created_by'>>;

/** 409 unless `event` may happen to a change order in `status` (resources/budget.ts CHANGE_ORDER_TRANSITIONS). */
export function assertMove(status: string, event: ChangeOrderEvent): void {
  if (!CHANGE_ORDER_TRANSITIONS[event].from.includes(status as ChangeOrderStatus)) {
    throw conflict(`A change order that is ${label(status)} cannot be ${EVENT_WORDS[event]}`, 'ILLEGAL_TRANSITION');
  }
}

const raced = () => conflict('The change order changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');

/**
 * The change order's one state machine: applies `event` to the change order read in `status`,
 * inside the caller's transaction, writing `set` with it, or answers 409 and changes nothing. The
 * write is conditional on that status, so of two concurrent moves (an accept and a send-back) only
 * one can pass; the other finds no row in the status it read and fails.
 */
export async function moveChangeOrder(db: Executor, row: { id: number; status: string }, event: ChangeOrderEvent, set: ChangeOrderColumns = {}): Promise<void> {
  assertMove(row.status, event);
  if (event === 'delete') {
    const result = await db.deleteFrom('change_orders').where('id', '=', row.id).where('status', '=', row.status).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw raced();
    return;
  }
  const to = CHANGE_ORDER_TRANSITIONS[event].to ?? row.status;
  const result = await db
    .updateTable('change_orders')
    .set({ ...set, status: to, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw raced();
}
