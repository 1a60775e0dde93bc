import { INVOICE_STATUSES, INVOICE_TRANSITIONS, type InvoiceEvent, type InvoiceStatus } from '../../../resources/invoice.js';
import type { Executor } from '../../db/index.js';
import type { InvoicesTable } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import { countBilling } from '../budgets/budget-running-sums.js';

const EVENT_WORDS: Record<InvoiceEvent, string> = {
  edit: 'edited',
  send: 'sent',
  approve: 'approved',
  approveSinglePart: 'approved as a single part',
  reject: 'rejected',
  pay: 'paid',
  release: 'given a retainage release',
  cancel: 'cancelled',
};

const label = (status: string) => INVOICE_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status;

export type InvoiceColumns = Partial<Omit<InvoicesTable, 'id' | 'company_id' | 'project_id' | 'number' | 'status' | 'created_at' | 'created_by'>>;

/** What a move reads and compares: the status, and the amounts a payment or release changes. */
export interface InvoiceState {
  id: number;
  status: string;
  paid_cents: number;
  released_cents: number;
}

/** 409 unless `event` may happen to an invoice in `status` (resources/invoice.ts INVOICE_TRANSITIONS). */
export function assertMove(status: string, event: InvoiceEvent): void {
  if (!INVOICE_TRANSITIONS[event].from.includes(status as InvoiceStatus)) {
    throw conflict(`An invoice that is ${label(status)} cannot be ${EVENT_WORDS[event]}`, 'ILLEGAL_TRANSITION');
  }
}

export const mayMove = (status: string, event: InvoiceEvent) => INVOICE_TRANSITIONS[event].from.includes(status as InvoiceStatus);

const raced = () => conflict('The invoice changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');

/**
 * The invoice's one state machine: applies `event` to the invoice as read (status and amounts),
 * inside the caller's transaction, writing `set` with it, or answers 409 and changes nothing. The
 * write is conditional on the status and the paid and released amounts read, so of two concurrent
 * moves (two payments, an approval and a cancel) only one passes; the other finds no such row and
 * fails. `to` is the status the amounts decide for pay and release; the others take the table's.
 * Entering or leaving the billed statuses moves its budget items' billed sums with it.
 */
export async function moveInvoice(db: Executor, row: InvoiceState, event: InvoiceEvent, set: InvoiceColumns = {}, to?: InvoiceStatus): Promise<InvoiceStatus> {
  assertMove(row.status, event);
  const status = INVOICE_TRANSITIONS[event].to ?? to ?? (row.status as InvoiceStatus);
  const result = await db
    .updateTable('invoices')
    .set({ ...set, status, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('paid_cents', '=', row.paid_cents)
    .where('released_cents', '=', row.released_cents)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw raced();
  await countBilling(db, row.id, row.status, status);
  return status;
}
