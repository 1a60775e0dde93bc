import { REVIEW_TRANSITIONS, type ReviewStatus } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { BudgetReviewsTable } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { ReviewRow } from './review-view.js';

/** Columns a move may set besides the status (the reason, the signature and its signer). */
export type ReviewMoveColumns = Partial<Pick<BudgetReviewsTable, 'status_reason' | 'signature_file_id' | 'signature_sha256' | 'signed_at' | 'signer_name' | 'signer_ip' | 'signer_user_agent'>>;

/**
 * The review's one state machine (resources/budget.ts REVIEW_TRANSITIONS: pending → approved,
 * rejected or revoked; decided reviews never move again). The update is conditional on the status
 * read, so of two concurrent decisions only one passes; the other is a 409 and changes nothing.
 *
 * The link's token hash goes with the move: a rejected or revoked review's link stops working at once;
 * a signed approval keeps the hash, which then opens only the signed budget's PDF for the reviewer
 * (external-link.ts), never another decision.
 */
export async function moveReview(
  db: Executor,
  actor: AuditActor,
  review: ReviewRow,
  to: ReviewStatus,
  opts: { companyId: number; set?: ReviewMoveColumns; audit?: Record<string, unknown> },
): Promise<ReviewRow> {
  const from = review.status as ReviewStatus;
  if (!REVIEW_TRANSITIONS[from].includes(to)) throw conflict(`A review that is ${from} cannot be ${to}`, 'ILLEGAL_TRANSITION');
  const now = nowIso();
  const set = opts.set ?? {};
  const keepsLink = to === 'approved' && !!set.signed_at;
  const row = (await db
    .updateTable('budget_reviews')
    .set({ ...set, status: to, decided_at: now, updated_at: now, token_hash: keepsLink ? review.token_hash : null })
    .where('id', '=', review.id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst()) as ReviewRow | undefined;
  if (!row) throw conflict('The review was decided meanwhile: reload and try again', 'ILLEGAL_TRANSITION');
  await recordAudit(db, actor, {
    entityType: 'budget_review',
    entityId: review.id,
    action: to,
    before: { status: from },
    after: { status: to, ...opts.audit },
    companyId: opts.companyId,
  });
  return row;
}
