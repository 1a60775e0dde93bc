import type { Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { UsersTable } from '../../db/schema.js';
import type { UserRow } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { emailTaken, findUserById } from './account-service.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';

export type UserPatch = Omit<Updateable<UsersTable>, 'id' | 'created_at' | 'updated_at'>;

/**
 * Applies a change to a user's row and records it, inside the caller's transaction. The patch is
 * computed from the row as read there, not from the copy loaded when the request began.
 * Account changes are personal, so the audit event belongs to no company.
 */
export async function updateUser(trx: Executor, userId: number, action: string, patch: (current: UserRow) => UserPatch): Promise<UserRow> {
  const before = await findUserById(trx, userId);
  const after = await trx
    .updateTable('users')
    .set({ ...patch(before), updated_at: nowIso() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      // The only unique column a user can change is the e-mail.
      throw isUniqueViolation(err) ? emailTaken() : err;
    });
  await recordAudit(trx, { userId, companyId: null }, { entityType: 'user', entityId: userId, action, before, after });
  return after;
}
