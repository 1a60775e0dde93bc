import type { Executor } from '../../db/index.js';
import type { InvitationStore } from '../../lib/invitation-lookup.js';

/**
 * Member invitations live on the membership (status 'invited', token hash, expiry) of a company
 * that still exists. The invitation pages and registration with an invitation both read them here.
 */
export function memberInvitations(db: Executor) {
  const find = (tokenHash: string) =>
    db
      .selectFrom('memberships as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .innerJoin('roles as r', 'r.id', 'm.role_id')
      .select(['m.id', 'm.company_id', 'c.name as company_name', 'm.name', 'm.email', 'r.name as role_name', 'm.status', 'm.invite_token_hash', 'm.invite_expires_at'])
      .where('m.invite_token_hash', '=', tokenHash)
      .where('m.type', '=', 'company')
      .where('c.deleted_at', 'is', null)
      .executeTakeFirst();
  type Row = NonNullable<Awaited<ReturnType<typeof find>>>;
  const store: InvitationStore<Row> = { find, unanswered: (row) => row.status === 'invited', expiresAt: (row) => row.invite_expires_at };
  return store;
}
