import { canReviewLogs } from '../../../permissions/index.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { LogsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

export type LogRow = Omit<LogsTable, 'id'> & { id: number };

export interface LogScope {
  log: LogRow;
  companyId: number;
  userId: number;
  /** The author, or a reviewer: may change its description and submit it. */
  canEdit: boolean;
  /** logs:manage or crews:manage (permissions/ability.ts canReviewLogs): reviews and reopens. */
  canReview: boolean;
}

/**
 * A log of the acting company, or 404 (another company's logs are never seen). `lock` holds the row
 * for the rest of the transaction on PostgreSQL, so two moves of one log never pass each other.
 */
export async function logScope(db: Executor, actor: Actor, id: number, lock = false): Promise<LogScope> {
  const active = actor.membership;
  if (!active) throw notFound('Log');
  let query = db.selectFrom('logs').selectAll().where('id', '=', id).where('company_id', '=', active.companyId);
  if (lock && currentDialect() === 'postgres') query = query.forUpdate();
  const log = (await query.executeTakeFirst()) as LogRow | undefined;
  if (!log) throw notFound('Log');
  const canReview = canReviewLogs(actor.profile);
  return { log, companyId: active.companyId, userId: actor.user.id, canReview, canEdit: canReview || log.user_id === actor.user.id };
}
