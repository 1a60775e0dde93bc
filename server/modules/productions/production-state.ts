import { PRODUCTION_STATUSES, PRODUCTION_TRANSITIONS, type ProductionEvent, type ProductionStatus } from '../../../resources/production.js';
import type { Executor } from '../../db/index.js';
import type { ProductionsTable } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import { countProduction } from '../budgets/budget-running-sums.js';

const EVENT_WORDS: Record<ProductionEvent, string> = { submit: 'submitted', approve: 'approved', reject: 'rejected', amend: 'amended' };

const label = (status: string) => PRODUCTION_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status;

export type ProductionColumns = Partial<Pick<ProductionsTable, 'reject_reason' | 'submitted_at' | 'submitted_by' | 'approved_at'>>;

/** 409 unless `event` may happen to a production in `status` (resources/production.ts PRODUCTION_TRANSITIONS). */
export function assertMove(status: string, event: ProductionEvent): void {
  if (!PRODUCTION_TRANSITIONS[event].from.includes(status as ProductionStatus)) {
    throw conflict(`A production that is ${label(status)} cannot be ${EVENT_WORDS[event]}`, 'ILLEGAL_TRANSITION');
  }
}

const raced = () => conflict('The production changed meanwhile: reload and try again', 'ILLEGAL_TRANSITION');

/**
 * The production's one state machine: applies `event` to the production read in `status`, inside the
 * caller's transaction, writing `set` with it, or answers 409 and changes nothing. The write is
 * conditional on that status, so of two concurrent moves only one can pass. Entering or leaving
 * approved moves its budget items' produced sums with it.
 */
export async function moveProduction(db: Executor, row: { id: number; status: string }, event: ProductionEvent, set: ProductionColumns = {}): Promise<ProductionStatus> {
  assertMove(row.status, event);
  const to = PRODUCTION_TRANSITIONS[event].to;
  const result = await db
    .updateTable('productions')
    .set({ ...set, status: to, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw raced();
  if (to === 'approved') await countProduction(db, row.id, 1);
  else if (row.status === 'approved') await countProduction(db, row.id, -1);
  return to;
}

/**
 * A company's review decided: pending → approved or rejected, conditional on it still being pending,
 * so of two people approving the same review at once one records the approval and the other gets 409.
 */
export async function decideReview(db: Executor, review: { id: number; status: string }, to: 'approved' | 'rejected', by: number, reason: string | null): Promise<void> {
  if (review.status !== 'pending') throw conflict(`This review is already ${label(review.status)}`, 'ILLEGAL_TRANSITION');
  const now = nowIso();
  const result = await db
    .updateTable('production_reviews')
    .set({ status: to, reason, decided_by: by, decided_at: now, updated_at: now })
    .where('id', '=', review.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw raced();
}
