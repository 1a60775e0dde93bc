import type { Actor } from '../../http/actor.js';
import { AppError, badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Services } from '../../services.js';
import { CURRENT_PASSWORD_MESSAGES, RESET_REQUESTED_MESSAGES, type ChangePasswordBody } from '../../../resources/user.js';
import { findUserByEmail } from './account-service.js';
import { issueLink, openLink, spendLinks } from './mail-links.js';
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
    await services.db.transaction().execute(async (trx) => {
      const issued = await issueLink(trx, 'password_resets', user.id, RESET_LIFETIME_MS, {});
      await recordAudit(trx, { userId: null, companyId: null }, { entityType: 'user', entityId: user.id, action: 'password_reset_requested' });
      // Queued with the link it carries; a job sends it, so no SMTP round trip time-reveals which accounts exist.
      await services.mailer.send(resetPasswordMail(services.config.publicUrl, user, issued), { executor: trx });
    });
  }
  return { message: RESET_REQUESTED_MESSAGES[services.mailer.delivery] };
}

/**
 * Sets the new password, spends the link (and any other open link), ends every session and signs the
 * user in. A pending e-mail change is cancelled: it may be the intruder's the reset locks out.
 */
export async function completePasswordReset(services: Services, token: string, password: string) {
  const reset = await openLink(services.db, 'password_resets', token);
  if (!reset) throw invalidResetToken();
  const passwordHash = await hashPassword(password);
  return services.db.transaction().execute(async (trx) => {
    // A concurrent request spent this link first.
    if (!(await spendLinks(trx, 'password_resets', reset.user_id, reset.id))) throw invalidResetToken();
    const user = await updateUser(trx, reset.user_id, 'password_reset', () => ({ password_hash: passwordHash }));
    await spendLinks(trx, 'email_changes', user.id);
    await endOtherSessions(trx, services, user.id, null);
    const sessionToken = await startSession(trx, services, user.id, true);
    return { user: await userView(trx, user), token: sessionToken };
  });
}

/** For changes a stolen session alone must not make: a 400 on the currentPassword field unless it is right. */
export async function assertCurrentPassword(actor: Actor, currentPassword: string) {
  if (!(await verifyPassword(actor.user.password_hash, currentPassword))) {
    throw badRequest(CURRENT_PASSWORD_MESSAGES.wrong, [{ field: 'currentPassword', message: CURRENT_PASSWORD_MESSAGES.wrong }]);
  }
}

/** Keeps the session that made the change and ends every other one; a pending e-mail change is cancelled. */
export async function changeOwnPassword(services: Services, actor: Actor, body: ChangePasswordBody) {
  await assertCurrentPassword(actor, body.currentPassword);
  const passwordHash = await hashPassword(body.password);
  return services.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, actor.user.id, 'password_changed', () => ({ password_hash: passwordHash }));
    await spendLinks(trx, 'email_changes', user.id);
    await endOtherSessions(trx, services, user.id, actor.sessionId);
    return { user: await userView(trx, user) };
  });
}
