import { useGetIdentity } from '@refinedev/core';
import { useMemo } from 'react';
import { defineAbilityFor, type AccessProfile, type AppAbility } from '../../permissions';
import { activeMembershipOf } from './active-company';
import { profileFromUser } from './profile';
import type { Membership, SessionUser } from './types';

export interface Session {
  loading: boolean;
  user: SessionUser | null;
  profile: AccessProfile;
  ability: AppAbility;
  activeMembership: Membership | null;
}

export function useSession(): Session {
  const { data, isLoading } = useGetIdentity<SessionUser | null>();
  const user = data ?? null;
  return useMemo(() => {
    const profile = profileFromUser(user);
    const activeMembership = activeMembershipOf(user);
    return { loading: isLoading, user, profile, ability: defineAbilityFor(profile), activeMembership };
  }, [user, isLoading]);
}
