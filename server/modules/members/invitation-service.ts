import { MEMBER_MESSAGES, type InvitationView, type MemberStatus } from '../../../resources/member.js';
import type { Actor } from '../../http/actor.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { openInvitation } from '../../lib/invitation-lookup.js';
import type { Services } from '../../services.js';
import { memberInvitations } from './invitation-store.js';
import { loadMember } from './member-view.js';

const invalidInvitation = () => new AppError(400, MEMBER_MESSAGES.invalidInvitation, 'INVALID_INVITATION');

/** What the invitation pages show; a used, expired or unknown token is the same 404. */
export async function getInvitation(services: Services, token: string): Promise<InvitationView> {
  const row = await openInvitation(memberInvitations(services.db), token);
  if (!row) throw notFound('Invitation');
  return {
    companyId: row.company_id,
    companyName: row.company_name,
    name: row.name,
    email: row.email,
    role: row.role_name,
    status: row.status as MemberStatus,
    expiresAt: row.invite_expires_at!,
  };
}

type OpenInvitation = NonNullable<Awaited<ReturnType<ReturnType<typeof memberInvitations>['find']>>>;

async function requireOpen(services: Services, token: string): Promise<OpenInvitation> {
  const invitation = await openInvitation(memberInvitations(services.db), token);
  if (!invitation) throw invalidInvitation();
  return invitation;
}

/** Spends the token and answers the membership; a concurrent answer that came first makes this one the 400 of a used link. */
async function spend(services: Services, invitation: OpenInvitation, actorUserId: number | null, set: { status: MemberStatus; user_id?: number; decline_reason?: string | null }) {
  await services.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('memberships')
      .set({ ...set, invite_token_hash: null, invite_expires_at: null, updated_at: nowIso() })
      .where('id', '=', invitation.id)
      .where('status', '=', 'invited')
      .where('invite_token_hash', '=', invitation.invite_token_hash)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw invalidInvitation();
    await recordAudit(
      trx,
      { userId: actorUserId, companyId: invitation.company_id },
      { entityType: 'membership', entityId: invitation.id, action: set.status, before: { status: 'invited' }, after: { status: set.status, declineReason: set.decline_reason ?? null } },
    );
  });
  return loadMember(services.db, invitation.id);
}

/** The signed-in invitee joins the company; the invitation must have been sent to their own e-mail. */
export async function acceptInvitation(services: Services, actor: Actor, token: string) {
  const invitation = await requireOpen(services, token);
  if (invitation.email.toLowerCase() !== actor.user.email.toLowerCase()) {
    throw new AppError(403, `${MEMBER_MESSAGES.otherEmail} Sign in as ${invitation.email} to accept it.`, 'INVITATION_EMAIL_MISMATCH');
  }
  const already = await services.db
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', actor.user.id)
    .where('company_id', '=', invitation.company_id)
    .where('type', '=', 'company')
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (already) throw conflict('You are already a member of this company.', 'ALREADY_MEMBER');
  return spend(services, invitation, actor.user.id, { status: 'accepted', user_id: actor.user.id });
}

/** Anyone holding the link may decline; the reason is kept with the membership. */
export async function declineInvitation(services: Services, actor: Actor | null, token: string, reason: string | null) {
  const invitation = await requireOpen(services, token);
  const member = await spend(services, invitation, actor?.user.id ?? null, { status: 'declined', decline_reason: reason });
  return { status: member.status, declineReason: member.declineReason };
}
