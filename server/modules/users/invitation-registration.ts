import { AppError } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { hashPassword } from '../../lib/passwords.js';
import { openInvitation } from '../../lib/invitation-lookup.js';
import type { Services } from '../../services.js';
import type { RegisterUserBody } from '../../../resources/user.js';
import { memberInvitations } from '../members/invitation-store.js';
import { createUser, emailTaken, findUserByEmail } from './account-service.js';
import { startSession } from './sessions.js';
import { userView } from './user-view.js';

const invalidInvitation = () => new AppError(400, 'This invitation is invalid or has expired.', 'INVALID_INVITATION');
const MISMATCH = 'This invitation was sent to another e-mail address.';

/** Creates the account and accepts the invitation in one transaction; the invited company becomes the default. */
export async function registerWithInvitation(services: Services, code: string, body: RegisterUserBody) {
  const invitation = await openInvitation(memberInvitations(services.db), code);
  if (!invitation) throw invalidInvitation();
  if (invitation.email.toLowerCase() !== body.email) throw new AppError(400, MISMATCH, 'INVITATION_EMAIL_MISMATCH', [{ field: 'email', message: MISMATCH }]);
  if (await findUserByEmail(services.db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);

  return services.db.transaction().execute(async (trx) => {
    const user = await createUser(trx, body, passwordHash, { defaultCompanyId: invitation.company_id });
    const accepted = await trx
      .updateTable('memberships')
      .set({ user_id: user.id, status: 'accepted', invite_token_hash: null, invite_expires_at: null, updated_at: nowIso() })
      .where('id', '=', invitation.id)
      .where('status', '=', 'invited')
      .where('invite_token_hash', '=', invitation.invite_token_hash)
      .executeTakeFirst();
    // A concurrent request used the invitation first.
    if (Number(accepted.numUpdatedRows) !== 1) throw invalidInvitation();
    await recordAudit(
      trx,
      { userId: user.id, companyId: invitation.company_id },
      { entityType: 'membership', entityId: invitation.id, action: 'accepted', before: { status: 'invited', user_id: null }, after: { status: 'accepted', user_id: user.id } },
    );
    const token = await startSession(trx, services, user.id, true);
    return { user: await userView(trx, user), token };
  });
}
