import type { Executor } from '../../db/index.js';
import type { Actor, UserRow } from '../../http/actor.js';
import { AppError, badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { Services } from '../../services.js';
import { CURRENT_PASSWORD_MESSAGES, EMAIL_CHANGE } from '../../../resources/user.js';
import { emailTaken, findUserByEmail } from './account-service.js';
import { confirmEmailMail, emailChangeNoticeMail } from './email-change-mail.js';
import { issueLink, openLink, spendLinks } from './mail-links.js';
import { assertCurrentPassword } from './password-service.js';
import { updateUser } from './user-update.js';

const LIFETIME_MS = EMAIL_CHANGE.lifetimeHours * 60 * 60 * 1000;
const invalidLink = () => new AppError(400, EMAIL_CHANGE.invalid, 'INVALID_EMAIL_TOKEN');

/** Before anything is written: the current password (a session alone cannot move the account), then a free address. */
export async function checkEmailChange(services: Services, actor: Actor, newEmail: string, currentPassword: string | undefined) {
  if (!currentPassword) {
    throw badRequest(CURRENT_PASSWORD_MESSAGES.forEmail, [{ field: 'currentPassword', message: CURRENT_PASSWORD_MESSAGES.forEmail }]);
  }
  await assertCurrentPassword(actor, currentPassword);
  if (await findUserByEmail(services.db, newEmail)) throw emailTaken();
}

/** Inside the caller's transaction: a link for the new address; links asked for earlier stop working. */
export async function issueEmailChange(trx: Executor, userId: number, newEmail: string): Promise<string> {
  await spendLinks(trx, 'email_changes', userId);
  const token = await issueLink(trx, 'email_changes', userId, LIFETIME_MS, { new_email: newEmail });
  await recordAudit(trx, { userId, companyId: null }, { entityType: 'user', entityId: userId, action: 'email_change_requested', after: { pendingEmail: newEmail } });
  return token;
}

/**
 * Queued in the change's own transaction: the link to the new address, and a notice to the old one,
 * which the change would otherwise leave behind unheard.
 */
export async function sendEmailChangeMails(trx: Executor, services: Services, user: UserRow, newEmail: string, token: string) {
  await services.mailer.send(confirmEmailMail(services.config.publicUrl, user, newEmail, token), { executor: trx });
  await services.mailer.send(emailChangeNoticeMail(user, newEmail), { executor: trx });
}

/** Opening the link makes the new address the account's e-mail, unless someone took it meanwhile (409). */
export async function confirmEmailChange(services: Services, token: string) {
  const link = await openLink(services.db, 'email_changes', token);
  if (!link) throw invalidLink();
  return services.db.transaction().execute(async (trx) => {
    // A concurrent request spent this link first.
    if (!(await spendLinks(trx, 'email_changes', link.user_id, link.id))) throw invalidLink();
    if (await findUserByEmail(trx, link.new_email)) throw emailTaken();
    const user = await updateUser(trx, link.user_id, 'email_changed', () => ({ email: link.new_email }));
    return { email: user.email };
  });
}
