import { GUEST, type AccessProfile } from '../../permissions';
import { activeMembershipOf } from './active-company';
import type { AccountUser } from './types';

/** The access rules' view of the signed-in user in their active company. */
export function profileFromUser(user: AccountUser | null | undefined): AccessProfile {
  if (!user) return GUEST;
  const active = activeMembershipOf(user);
  return {
    signedIn: true,
    hasMembership: !!active,
    roleName: active?.role.name ?? null,
    inCrew: active?.inCrew ?? false,
    rolePermissions: active?.role.permissions ?? [],
    selfPermissions: user.selfPermissions,
  };
}
