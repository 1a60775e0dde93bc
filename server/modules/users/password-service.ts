import type { Actor } from '../../http/actor.js';
import { AppError, badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { RESET_REQUESTED_MESSAGES, type ChangePasswordBody } from '../../../resources/user.js';
import { findUserByEmail } from './account-service.js';
import { resetPasswordMail } from './reset-mail.js';
import { endOtherSessions, startSession } from './sessions.js';
import { updateUser } from './user-update.js';
import { userView } from './user-view.js';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

const invalidResetToken = () => new AppError(400, 'This reset link is invalid or has expired.', 'INVALID_RESET_TOKEN');

/** Answers the same for known and unknown e-mails; only a known one gets a link. */
export async function requestPasswordReset(services: Services, email: string) {
  const user = await findUserByEmail(services.db, email);
  if (user) {
    const token = randomToken();
    const now = new Date();
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + RESET_LIFETIME_MS).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      await recordAudit(trx, { userId: null, companyId: null }, { entityType: 'user', entityId: user.id, action: 'password_reset_requested' });
      // Queued with the link it carries; a job sends it, so no SMTP round trip time-reveals which accounts exist.
      await services.mailer.send(resetPasswordMail(services.config.publicUrl, user, token), { executor: trx });
    });
  }
  return { message: RESET_REQUESTED_MESSAGES[services.mailer.delivery] };
}

/** Sets the new password, spends the link (and any other open link), ends every session and signs the user in. */
export async function completePasswordReset(services: Services, token: string, password: string) {
  const reset = await services.db.selectFrom('password_resets').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!reset || reset.used_at || reset.expires_at <= nowIso()) throw invalidResetToken();
  const passwordHash = await hashPassword(password);
  return services.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso() })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .returning('id')
      .execute();
    // A concurrent request spent this link first.
    if (!spent.some((r) => r.id === reset.id)) throw invalidResetToken();
    const user = await updateUser(trx, reset.user_id, 'password_reset', () => ({ password_hash: passwordHash }));
    await endOtherSessions(trx, user.id, null);
    const sessionToken = await startSession(trx, services, user.id, true);
    return { user: await userView(trx, user), token: sessionToken };
  });
}

/** Keeps the session that made the change and ends every other one. */
export async function changeOwnPassword(services: Services, actor: Actor, body: ChangePasswordBody) {
  if (!(await verifyPassword(actor.user.password_hash, body.currentPassword))) {
    throw badRequest('Current password is incorrect', [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const passwordHash = await hashPassword(body.password);
  return services.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, actor.user.id, 'password_changed', () => ({ password_hash: passwordHash }));
    await endOtherSessions(trx, user.id, actor.sessionId);
    return { user: await userView(trx, user) };
  });
}
