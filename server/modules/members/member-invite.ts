import type { Trx } from '../../db/index.js';
import { nowIso } from '../../lib/json.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';
import { invitationMail } from './invitation-mail.js';
import { dropGrantsOf } from '../files/file-access.js';

export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

export interface Invitee {
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  state: string | null;
  roleId: number;
}

/**
 * The invited membership, with a fresh single-use token stored only as its hash. An earlier declined
 * invitation of the same person gives way to the new one (its decline stays in the audit trail).
 */
export async function insertInvitation(trx: Trx, companyId: number, invitedBy: number, who: Invitee, now: string) {
  const declined = await trx
    .deleteFrom('memberships')
    .where('company_id', '=', companyId)
    .where('type', '=', 'company')
    .where('status', '=', 'declined')
    .where('email', '=', who.email)
    .returning('id')
    .execute();
  await dropGrantsOf(trx, 'member', declined.map((m) => m.id));
  const token = randomToken();
  const row = await trx
    .insertInto('memberships')
    .values({
      user_id: null,
      company_id: companyId,
      project_id: null,
      type: 'company',
      role_id: who.roleId,
      status: 'invited',
      name: who.name,
      email: who.email,
      phone: who.phone,
      country: who.country,
      state: who.state,
      notification_settings: '{}',
      invite_token_hash: hashToken(token),
      invite_expires_at: new Date(Date.parse(now) + INVITATION_LIFETIME_MS).toISOString(),
      invited_by: invitedBy,
      decline_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** A new token for a pending invitation (its e-mail changed): the old link stops working. */
export async function renewInvitation(trx: Trx, membershipId: number) {
  const token = randomToken();
  await trx
    .updateTable('memberships')
    .set({ invite_token_hash: hashToken(token), invite_expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString(), updated_at: nowIso() })
    .where('id', '=', membershipId)
    .execute();
  return token;
}

/** Queues the invitation mail in the invitation's own transaction: no mail without the invitation, nor the reverse. */
export async function queueInvitationMail(trx: Trx, services: Services, invite: { companyId: number; name: string; email: string }, token: string, inviterName: string | null) {
  const [company, account] = await Promise.all([
    trx.selectFrom('companies').select('name').where('id', '=', invite.companyId).executeTakeFirstOrThrow(),
    trx.selectFrom('users').select('id').where('email', '=', invite.email).executeTakeFirst(),
  ]);
  await services.mailer.send(
    invitationMail({
      publicUrl: services.config.publicUrl,
      token,
      companyId: invite.companyId,
      companyName: company.name,
      inviterName,
      name: invite.name,
      email: invite.email,
      hasAccount: !!account,
    }),
    { executor: trx },
  );
}
