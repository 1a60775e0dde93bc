import { canManageLocates } from '../../../permissions/index.js';
import { currentDialect } from '../../db/dialect-context.js';
import type { Executor } from '../../db/index.js';
import type { LocatesTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

export type LocateRow = Omit<LocatesTable, 'id'> & { id: number };

/**
 * A ticket of the acting company, or 404 (another company's tickets are never seen). The route's
 * access has already held the caller to locate view or locate-manage. `lock` holds the row for the
 * rest of the transaction on PostgreSQL.
 */
export async function locateScope(db: Executor, actor: Actor, id: number, lock = false) {
  const active = actor.membership;
  if (!active) throw notFound('Locate');
  let query = db.selectFrom('locates').selectAll().where('id', '=', id).where('company_id', '=', active.companyId);
  if (lock && currentDialect() === 'postgres') query = query.forUpdate();
  const locate = (await query.executeTakeFirst()) as LocateRow | undefined;
  if (!locate) throw notFound('Locate');
  return { locate, companyId: active.companyId, userId: actor.user.id, canManage: canManageLocates(actor.profile) };
}

/** A response of a ticket of the acting company, or 404. */
export async function responseScope(db: Executor, actor: Actor, locateId: number, responseId: number, lock = false) {
  const scope = await locateScope(db, actor, locateId, lock);
  const response = await db.selectFrom('locate_responses').selectAll().where('id', '=', responseId).where('locate_id', '=', locateId).executeTakeFirst();
  if (!response) throw notFound('Response');
  return { ...scope, response };
}
